"""How the game is told: the registry of words every part of the engine fills for what it
adds (docs/engine.md, "Words").

The engine emits Effects (`ops.emit`), asks with prompts, keeps frames on its stack and
counts tokens on mats; the log, the board, the replay's charts and the lobby show them to
people. What each one says is registered here by the module that makes it, beside its rules:
the base game's in `base_words.py`, a mechanic's, option's or variant's in its own module.
`games/presentation/` and `replay/` read these tables and name no mechanic, character or
option themselves; `tests/engine/test_words.py` fails when the engine emits an Effect type,
pushes a frame or asks with a prompt kind that has no words.

Pure Python: a sentence is built from an Effect and a `Teller`, which knows the seats'
names, the cards' titles and who is reading; the board's words from the caller's view.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .content import content_of

# --- the log -------------------------------------------------------------

#: effect type -> [(when, sentence)], the most particular `when` first. A sentence is
#: `fn(fx, s, t)`: the Effect, its seat's name and the Teller; None says nothing. `when` picks
#: the Effects it tells by their fields (a Chi card discarded to calm it reads differently
#: from a discard phase's discards).
SENTENCES: dict[str, list] = {}
#: a `when` value: the field is there and not None.
PRESENT = object()
#: Effect types nobody is told of (bookkeeping the other sentences already cover).
QUIET: set[str] = set()
#: Effect types told only to their own seat until the game is over.
PRIVATE: set[str] = set()
#: Why a change came from no card ("a Heat penalty"): the Effect's `reason` -> words.
REASONS: dict[str, str] = {}
#: What a Gold payment was for, said after the amount: the Effect's `reason` -> words.
GOLD_REASONS: dict[str, str] = {}
#: How a token is named in the log; None: its own sentence tells it.
TOKENS: dict[str, str | None] = {}
#: Who an Effect names that is not a seat ("inn" -> "the Inn").
PLACES: dict[str, str] = {}
#: A played card's argument a mechanic adds -> (as the log tells it, as a button says it):
#: "glare" -> (", with its Glare", "with its Glare").
PLAY_ARGS: dict[str, tuple[str, str]] = {}
#: Lines told before the first decision, from the state at seq 0: `fn(state, names, from_position)`.
OPENINGS: list[Callable] = []

Sentence = Callable[[dict, str, "Teller"], "str | None"]


def says(effect: str, **when) -> Callable[[Sentence], Sentence]:
    """Registers the sentence for the Effects of a type whose fields match `when`."""
    def register(fn: Sentence) -> Sentence:
        told = SENTENCES.setdefault(effect, [])
        if any(w == when for w, _ in told):
            raise ValueError(f"the effect {effect!r} already has a sentence for {when or 'any fields'}")
        told.append((when, fn))
        told.sort(key=lambda entry: -len(entry[0]))
        return fn
    return register


def _matches(fx: dict, when: dict) -> bool:
    return all(fx.get(k) is not None if v is PRESENT else fx.get(k) == v for k, v in when.items())


def quiet(*effects: str) -> None:
    QUIET.update(effects)


def opening(fn: Callable) -> Callable:
    OPENINGS.append(fn)
    return fn


def described(effect: str) -> bool:
    return effect in SENTENCES or effect in QUIET


class Teller:
    """Tells Effects as seat `seat` (None: a spectator) may read them, with the seats' short
    names; `over`: the game has ended and everything is public."""

    def __init__(self, state, names: list[str], seat: int | None, over: bool = False):
        self.state, self.names, self.seat, self.over = state, names, seat, over

    def line(self, fx: dict) -> str | None:
        t = fx.get("type")
        if t in PRIVATE and not self.over and fx.get("seat") != self.seat:
            return None
        if t in QUIET:
            return None
        s = self.who(fx.get("seat"))
        say = next((fn for when, fn in SENTENCES.get(t, ()) if _matches(fx, when)), None)
        if say is None:
            return f"{s}: {str(t).replace('_', ' ')}." if t else None
        return say(fx, s, self)

    def who(self, seat) -> str:
        return name_of(self.names, seat, "someone")

    def title(self, cid) -> str:
        try:
            return "“" + content_of(self.state.content).cards[self.state.cards[cid]].title + "”"
        except (KeyError, IndexError, TypeError, ValueError):
            return "a card"

    def titles(self, cids) -> str:
        return ", ".join(self.title(c) for c in cids or [])

    def because(self, fx: dict) -> str:
        """The card (or the rule) behind an Effect, and whose it was when it was not the
        seat's own."""
        by = fx.get("by")
        whose = f"{self.who(by)}'s " if isinstance(by, int) and by != fx.get("seat") else ""
        if fx.get("card") is None:
            rule = REASONS.get(fx.get("reason"))
            return f" ({whose or 'a '}{rule})" if rule else ""
        return f" ({whose}{self.title(fx['card'])})"

    def minion(self, cid) -> str:
        """A card in play, named with its owner: “Grunt the Brawler” of Torglesnarf."""
        try:
            owner = self.state.owner[cid]
        except (IndexError, TypeError):
            return "a Minion"
        return f"{self.who(owner)}'s {self.title(cid)}"


# --- the board: prompts, frames, buttons, panels, counters ------------------

@dataclass(frozen=True)
class Ask:
    """A prompt kind in words: `words` above its buttons (a string, or `fn(view, names,
    decisions)` for words that read the table, such as a threshold the pack sets), `headline`
    for the header's "what now" (None: the phase's name), `passes` on its pass button and
    `waiting`, `fn(view, names)`, what the others read while it is asked (None: "Waiting for
    the active player")."""
    words: str | Callable = ""
    headline: str | None = None
    passes: str | None = None
    waiting: Callable | None = None

    def said(self, view: dict, names: list | None = None, decisions: list | None = None) -> str:
        return self.words(view, names or [], decisions or []) if callable(self.words) else self.words


@dataclass(frozen=True)
class Pick:
    """A rule's choice (prompt kind of `choices.ask`): `label(option, titles)` for each
    button, `doing` for its frame on the stack ("{who} Petrifies a card for"); `plays`: the
    options are a card's plays, labelled as a play is but with this word for "Play"."""
    label: Callable | None
    doing: str = "{who} chooses"
    plays: str | None = None


#: prompt kind -> Ask
PROMPTS: dict[str, Ask] = {}
#: frame kind -> `fn(fr, who, names)` -> what the stack shows of it: {"title", "detail"?, ...}
FRAMES: dict[str, Callable] = {}
#: choice kind -> Pick
PICKS: dict[str, Pick] = {}
#: an option's `mode` (an Event's "drink", "discard") -> its button's words
MODES: dict[str, str] = {}
#: a Drink frame's `mode` -> what its title adds (" (Drinking Contest)")
DRINK_MODES: dict[str, str] = {}
#: A frame kind that is a turn of nobody's seat -> whose ("Otto's turn")
TURNS: dict[str, str] = {}
#: A seat's trackers on its mat, in order: `fn(tokens, zones, character)` pops the tokens and
#: zones it shows (dicts of the seat's view) and returns them as counters, each
#: {"name", "text", "key", "meter"?: {"value", "max"}, "here"?}; `character` is the content's
#: Character (its tokens' limits and hooks, as its pack sets them) or None.
COUNTERS: list[Callable] = []


@dataclass
class Asked:
    """What a decision's button may name: the prompt's kind, the seats' short names, the
    stack, the cards in play (Minions: "Zot's Grunt") and any card's quoted title."""
    kind: str
    names: list
    stack: list
    in_play: dict
    titles: dict

    def name(self, seat, default: str = "") -> str:
        return name_of(self.names, seat, default)

    def top(self, f: str) -> dict:
        """The topmost frame of kind `f` on the stack, or {}."""
        return next((fr for fr in reversed(self.stack) if fr.get("f") == f), {})


#: decision type -> `fn(d, asked)`: its button's words
LABELS: dict[str, Callable] = {}
#: shared zones (by the name before any ":") whose cards a panel shows and buttons name (the
#: Prizes, the taverns)
CARD_TITLES: set[str] = set()
#: shared zones whose cards' buttons say what the card does, as a phone shows no tooltip (a Prize)
CARD_TEXTS: set[str] = set()
#: decision type -> `fn(label, view, seat)`: the question a button asks before it is sent
CONFIRMS: dict[str, Callable] = {}
#: `fn(view, seat)` -> a line on the seat's mat ("Boss · draws up to 9"), or ""
SEAT_LINES: list[Callable] = []
#: a seat's zones whose cards are played as from its hand -> the words on such a card
HAND_ZONES: dict[str, str] = {}
#: (name, where, `fn(view, names)`): a panel of the table page, its data or None; `where` it
#: stands ("seats": among the mats; "side": beside the stack); its template is
#: `templates/web/_<name>.html`, which reads its data as `panel`. Several registrations under
#: one name make one panel (the tavern options').
PANELS: list[tuple[str, str, Callable]] = []
#: `fn(view)` -> a pill of the table's status strip, {"id", "class", "title", "text"}, or None
PILLS: list[Callable] = []
#: shared zones a panel shows (not among the table's shared decks): a name, or a prefix with ":"
PANEL_ZONES: set[str] = set()


def asks(kind: str, words: str | Callable = "", headline: str | None = None, passes: str | None = None,
         waiting: Callable | None = None) -> None:
    PROMPTS[kind] = Ask(words, headline, passes, waiting)


def _under(table: dict, keys: tuple) -> Callable:
    def register(fn: Callable) -> Callable:
        table.update(dict.fromkeys(keys, fn))
        return fn
    return register


def shows(*kinds: str) -> Callable:
    """Registers what the stack shows of frame kinds."""
    return _under(FRAMES, kinds)


def labels(*types: str) -> Callable:
    """Registers the words on the buttons of decision types."""
    return _under(LABELS, types)


def panel(name: str, where: str = "side") -> Callable:
    def register(fn: Callable) -> Callable:
        PANELS.append((name, where, fn))
        return fn
    return register


def counter(fn: Callable) -> Callable:
    COUNTERS.append(fn)
    return fn


def zone_cards(zones: dict, name: str) -> list[dict]:
    """The face-up cards of a view's zone ([] for none, or a zone shown as a count)."""
    return (zones.get(name) or {}).get("cards") or []


def limit(character, token: str, default: int | None = None) -> int | None:
    """A token's most, as the character's pack sets it."""
    return ((getattr(character, "tokens", None) or {}).get(token) or {}).get("max", default)


def thresholds(character, token: str) -> list[tuple[int, dict]]:
    """The counts at which the character's pack makes something happen to `token`, with the
    hook that does: its `on_token` hooks and hooks that hold only at a count (`if_token`)."""
    out = []
    for hook in getattr(character, "hooks", None) or ():
        if hook.get("at") == "on_token" and hook.get("token") == token:
            out.append((hook["equals"], hook))
        elif token in (hook.get("if_token") or {}):
            out.append((hook["if_token"][token], hook))
    return sorted(out, key=lambda x: x[0])


# --- the replay's charts ----------------------------------------------------

@dataclass(frozen=True)
class Jump:
    """A "Next ..." button of the replay to the marks kept under a key: its words, what it
    jumps to ("Dungeon Event") and its keyboard key."""
    words: str
    what: str
    key: str


@dataclass(frozen=True)
class Mark:
    """A line across the replay's charts at an Effect: `entry(fx, names)` what the timeline
    keeps of it under `key` (None: no mark), `title(entry)` the words on the line, and `jump`
    the replay's button to the next one, if it has one."""
    key: str
    entry: Callable
    title: Callable
    colour: str
    dash: str = "2 2"
    jump: Jump | None = None


@dataclass(frozen=True)
class TableSeries:
    """A table token charted as one line over the game, kept in the timeline under `key`,
    drawn as the chart `stat` with the marks of `marks` on it."""
    key: str
    stat: str
    title: str
    line: str
    note: str = ""
    colour: str = "#9b82d6"
    marks: str | None = None


#: a seat's token or pile charted beside the gauges -> the chart's title
SERIES: dict[str, str] = {}
#: a seat's tokens that are no count (a position) and are not charted
UNCHARTED: set[str] = set()
#: a seat's zones charted by their size
CHARTED_ZONES: list[str] = []
#: `fn(state, seat)` -> more numbers to chart for a seat (Otto's track facing it, a Level)
SEAT_SERIES: list[Callable] = []
#: Effects that start a Round of Gambling (a jump mark on the timeline; what an ante answers to)
ROUND_STARTS: set[str] = set()
#: effect type -> Mark
MARKS: dict[str, Mark] = {}
#: table token -> TableSeries
TABLE_SERIES: dict[str, TableSeries] = {}
#: a shared zone the replay lists, top first, for a viewer who sees every card -> its name
DECKS_SHOWN: dict[str, str] = {}


# --- phrases the sentences share -------------------------------------------

SAMPLER_NOTE = "Sampler deck: rulebook cards only, not the printed deck"
#: Titles a printed name may start with that are not what the table calls the character
#: ("Father Farai" is Farai; "Baron von Vlazlo" stays Baron).
TITLES = {"Father"}


def seat_names(view: dict) -> list[str]:
    """Short names for the seats of a view: the character's first name, with the seat number
    when two seats play the same character."""
    def first(name: str) -> str:
        parts = name.split() or ["?"]
        return parts[1] if len(parts) > 1 and parts[0] in TITLES else parts[0]
    firsts = [first(s["name"]) for s in view["seats"]]
    return [f"{n} #{i + 1}" if firsts.count(n) > 1 else n for i, n in enumerate(firsts)]


def name_of(names: list[str], seat, default: str = "") -> str:
    """A seat's short name, or the name of what the engine names instead of a seat (Otto),
    else `default`."""
    if isinstance(seat, str) and seat in PLACES:
        return PLACES[seat]
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else default


def cap(words: str) -> str:
    return words[:1].upper() + words[1:]


def plural(n: int, noun: str) -> str:
    """"1 card", "3 cards"."""
    return f"{n} {noun}{'s' if n != 1 else ''}"


def joined(words: list[str]) -> str:
    """"a, b and c"."""
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else "".join(words)


def counts(items) -> dict:
    out: dict = {}
    for x in items:
        out[x] = out.get(x, 0) + 1
    return out


def drinks_to(seats, name, noun: str = "Drink", to: str = "to") -> str:
    """"2 Drinks to Gerki and a Drink to Zot": a card that orders several Drinks lists one
    target per Drink, and may list a seat twice."""
    n_of = counts(seats)
    some = lambda n: f"{n} {noun}s" if n != 1 else f"a {noun}"        # noqa: E731
    if len(n_of) == 1:
        (s, n), = n_of.items()
        return f"{some(n)} {to} {name(s)}"
    if set(n_of.values()) == {1}:
        return f"{noun}s {to} " + joined([name(s) for s in n_of])
    if len(set(n_of.values())) == 1:
        return f"{some(next(iter(n_of.values())))} each {to} " + joined([name(s) for s in n_of])
    return joined([f"{some(n)} {to} {name(s)}" for s, n in n_of.items()])


def times(seats, name) -> str:
    """"Gerki and Zot", "Gerki twice": the players a card picks, each said once."""
    return joined([name(s) + {1: "", 2: " twice"}.get(n, f" {n} times") for s, n in counts(seats).items()])
