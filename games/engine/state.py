"""The game state: plain data, changed in place by `apply`.

Everything here serialises to JSON primitives, so a snapshot, a clone and the
canonical hash all come from one encoding (`to_dict`).
"""
import hashlib
import json
from dataclasses import dataclass, field, fields

try:  # orjson only makes clones faster; the encoding is identical for our ASCII data
    import orjson as _fast
except ImportError:  # pragma: no cover - the engine runs on the standard library alone
    _fast = None

HAND_SIZE = 7
MAX_STAT = 20


@dataclass(slots=True)
class Seat:
    character: str
    fortitude: int = 20
    alcohol: int = 0
    gold: int = 10
    hand: list = field(default_factory=list)       # card instance ids
    deck: list = field(default_factory=list)       # top of the deck is the last element
    discard: list = field(default_factory=list)
    drink_me: list = field(default_factory=list)   # top of the pile is the last element
    out: str = ""                                  # "" while in the game; else why they left it

    @property
    def living(self) -> bool:
        return not self.out


@dataclass
class State:
    seed: str
    variant: str
    options: dict
    cards: list            # instance id -> card key ("zot/down-pooky")
    owner: list            # instance id -> seat index, -1 for Drink cards
    seats: list            # list[Seat]
    drink_deck: list       # top is the last element
    drink_discard: list
    shuffles: dict         # deck name -> how many times it has been shuffled
    box: list = field(default_factory=list)      # cards a scenario left out of play
    inn: int = 0
    pot: int = 0
    active: int = 0
    phase: str = "discard"
    turn: int = 1
    stack: list = field(default_factory=list)   # pending frames, top is last (see flow.py)
    next_id: int = 0                             # frame ids
    over: bool = False
    winners: list = field(default_factory=list)
    decisions: int = 0
    content: str = ""                            # content id (content.py); "" is the built-in base pack

    # Transient, never serialised: the Effects of the running `apply` and the
    # prompt the state is waiting on (both rebuilt on demand).
    _fx: list = field(default_factory=list, repr=False, compare=False)
    _prompt: object = field(default=None, repr=False, compare=False)

    def to_dict(self) -> dict:
        d = {k: getattr(self, k) for k in _STATE_FIELDS}
        if not self.content:
            del d["content"]
        d["seats"] = [{k: getattr(s, k) for k in _SEAT_FIELDS} for s in self.seats]
        return d

    @classmethod
    def from_dict(cls, d: dict) -> "State":
        d = dict(d)
        seats = [Seat(**s) for s in d.pop("seats")]
        return cls(seats=seats, **d)

    def living(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.out]

    def frame_id(self) -> int:
        self.next_id += 1
        return self.next_id


_SEAT_FIELDS = tuple(f.name for f in fields(Seat))
_STATE_FIELDS = tuple(f.name for f in fields(State) if not f.name.startswith("_") and f.name != "seats")


def _encode(d) -> bytes:
    if _fast is not None:
        return _fast.dumps(d)
    return json.dumps(d, separators=(",", ":")).encode()


def _decode(b: bytes):
    return _fast.loads(b) if _fast is not None else json.loads(b)


def dump_state(state: State) -> bytes:
    return _encode(state.to_dict())


def load_state(blob: bytes) -> State:
    return State.from_dict(_decode(blob))


def clone(state: State) -> State:
    return load_state(dump_state(state))


def canonical(state: State) -> bytes:
    """The canonical encoding: sorted keys, no spaces, UTF-8. orjson and the
    standard library give the same bytes for it (a test checks), orjson ~10x faster."""
    d = state.to_dict()
    if _fast is not None:
        return _fast.dumps(d, option=_fast.OPT_SORT_KEYS)
    return json.dumps(d, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def state_hash(state: State) -> str:
    """sha256 of the canonical encoding."""
    return hashlib.sha256(canonical(state)).hexdigest()
