"""The game state: plain data, changed in place by `apply`.

Everything here serialises to JSON primitives, so a snapshot, a clone and the state hash
all come from one encoding: `to_dict` written by `canonical.dumps`.
"""
from dataclasses import dataclass, field, fields

from .canonical import copy, digest, dumps, loads

MAX_STAT = 20


@dataclass(slots=True)
class Mat:
    """Fortitude, Alcohol Content and Gold: what a seat plays with. Seats point at a mat by
    index, so a team variant can give two seats one mat."""
    fortitude: int = 20
    alcohol: int = 0
    gold: int = 10


@dataclass(slots=True)
class Seat:
    character: str
    mat: int = 0                                   # index into State.mats
    hand: list = field(default_factory=list)       # card instance ids
    deck: list = field(default_factory=list)       # top of the deck is the last element
    discard: list = field(default_factory=list)
    drink_me: list = field(default_factory=list)   # top of the pile is the last element
    out: str = ""                                  # "" while in the game; else why they left it
    tokens: dict = field(default_factory=dict)     # name -> count (Blood, Scarabs, Brawl count...)
    zones: dict = field(default_factory=dict)      # name -> card ids (side decks, Minions in play...)
    m: Mat = field(default=None, repr=False, compare=False)   # the mat itself, linked by State

    @property
    def living(self) -> bool:
        return not self.out

    # The mat's numbers, read and written through the seat (most rules speak of "your Gold").
    @property
    def fortitude(self) -> int:
        return self.m.fortitude

    @fortitude.setter
    def fortitude(self, v: int) -> None:
        self.m.fortitude = v

    @property
    def alcohol(self) -> int:
        return self.m.alcohol

    @alcohol.setter
    def alcohol(self, v: int) -> None:
        self.m.alcohol = v

    @property
    def gold(self) -> int:
        return self.m.gold

    @gold.setter
    def gold(self, v: int) -> None:
        self.m.gold = v


@dataclass
class State:
    seed: str
    variant: str
    options: dict
    cards: list            # instance id -> card key ("zot/down-pooky")
    owner: list            # instance id -> seat index, or the name of the shared deck it belongs to ("drink")
    seats: list            # list[Seat]
    drink_deck: list       # top is the last element
    drink_discard: list
    shuffles: dict         # deck name -> how many times it has been shuffled
    mats: list = field(default_factory=list)     # list[Mat]
    zones: dict = field(default_factory=dict)    # shared zones: name -> card ids (a Brawler deck...)
    box: list = field(default_factory=list)      # cards a scenario left out of play
    inn: int = 0
    pot: int = 0
    active: int = 0
    phase: str = "discard"
    turn: int = 1
    counts: dict = field(default_factory=dict)   # this turn's Actions played and Drinks ordered
    stack: list = field(default_factory=list)   # pending frames, top is last (see flow.py)
    next_id: int = 0                             # frame ids
    over: bool = False
    winners: list = field(default_factory=list)
    decisions: int = 0
    content: str = ""                            # content id (content.py); "" is the built-in base pack
    tokens: dict = field(default_factory=dict)   # table counters a table option adds (Dungeon Event progress)

    # Transient, never serialised: the Effects of the running `apply` and the
    # prompt the state is waiting on (both rebuilt on demand).
    _fx: list = field(default_factory=list, repr=False, compare=False)
    _prompt: object = field(default=None, repr=False, compare=False)
    _rules: object = field(default=None, repr=False, compare=False)   # variants.of's answer, kept

    def __post_init__(self):
        self.link()

    def link(self) -> None:
        """Point every seat at its mat (after building or loading a state)."""
        for s in self.seats:
            if s.mat >= len(self.mats):
                self.mats.extend(Mat() for _ in range(s.mat + 1 - len(self.mats)))
            s.m = self.mats[s.mat]

    def to_dict(self) -> dict:
        d = {k: getattr(self, k) for k in _STATE_FIELDS}
        if not self.tokens:
            del d["tokens"]      # absent unless a table option uses it: the base game's encoding is unchanged
        d["seats"] = [{k: getattr(s, k) for k in _SEAT_FIELDS} for s in self.seats]
        d["mats"] = [[m.fortitude, m.alcohol, m.gold] for m in self.mats]
        return d

    @classmethod
    def from_dict(cls, d: dict) -> "State":
        d = dict(d)
        mats = [Mat(*m) for m in d.pop("mats", [])]
        seats = []
        for raw in d.pop("seats"):
            raw = dict(raw)
            if "fortitude" in raw:          # a seat written with its own numbers (bots' sampled states)
                mats.append(Mat(raw.pop("fortitude", 20), raw.pop("alcohol", 0), raw.pop("gold", 10)))
                raw["mat"] = len(mats) - 1
            seats.append(Seat(**raw))
        if -1 in d["owner"]:                 # the old way of saying "the Drink Deck's"
            d["owner"] = [o if o != -1 else "drink" for o in d["owner"]]
        return cls(seats=seats, mats=mats, **d)

    def living(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.out]

    def frame_id(self) -> int:
        self.next_id += 1
        return self.next_id


_SEAT_FIELDS = tuple(f.name for f in fields(Seat) if f.name != "m")
_STATE_FIELDS = tuple(f.name for f in fields(State) if not f.name.startswith("_") and f.name not in ("seats", "mats"))


def dump_state(state: State) -> bytes:
    """The canonical bytes of a state: a snapshot stores them, its hash covers them."""
    return dumps(state.to_dict())


def load_state(blob: bytes) -> State:
    return State.from_dict(loads(blob))


def clone(state: State) -> State:
    """A state `apply` may change without touching `state`. What a card instance is and who
    owns it (`cards`, `owner`) never change after `new_game` deals, so a clone shares those
    two lists instead of copying them: they are most of a state's bytes."""
    d = state.to_dict()
    cards, owner = d.pop("cards"), d.pop("owner")
    d = copy(d)
    d["cards"], d["owner"] = cards, owner
    return State.from_dict(d)


#: The name the hash's encoding had before snapshots shared it.
canonical = dump_state


def state_hash(state: State) -> str:
    """sha256 of the canonical encoding (`digest(dump_state(state))` when the bytes are at hand)."""
    return digest(dump_state(state))
