"""Content: the characters, decks and cards a game uses, built from pack documents.

A pack is plain JSON (docs/content-model.md). `load_content` joins packs into one
`Content`, judging everything only the engine can judge — that every step names a
registered primitive with good parameters, every hook a registered hook point, every
character a deck that exists — and raises `ContentError` with every located problem at
once. A pack never carries code: it can only name what `primitives.PRIMITIVES`,
`TIMINGS`, `TARGETS` and `HOOKS` register.

Content is identified by the sha256 of its canonical pack documents, so a state names
the content it was built from (`State.content`) and the same packs always give the same
game.
"""
import hashlib
import json
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from . import primitives

# Card types as printed.
ACTION = "Action"
ACTION_GAMBLING = "Action - Gambling"
ACTION_MINION = "Action - Minion"
GAMBLING = "Gambling"
CHEATING = "Cheating"
SOMETIMES = "Sometimes"
ANYTIME = "Anytime"
DRINK = "Drink"
DRINK_EVENT = "Drink Event"
#: The base game's card types; a plug-in's own kinds of card (a Dungeon Event, a Treasure, a
#: Tavern, Otto's cards, a Prize) are registered in `KINDS` by the plug-in.
CARD_TYPES = (ACTION, ACTION_GAMBLING, ACTION_MINION, GAMBLING, CHEATING, SOMETIMES, ANYTIME, DRINK, DRINK_EVENT)
#: card type -> load(c, common, bad) -> Card | None: how a kind of card is loaded and checked
#: (the common record `common` already judged; `bad(field, message)` reports a problem).
KINDS: dict = {}
#: (fields, load(c, bad) -> Facts): the facts a mechanic adds to a card that is played when the
#: card has one of `fields` (a Minion's wages, a Brew's progress, a Treasure's slot).
FACETS: list = []

#: When a card may be played (a card lists one or more).
TIMINGS = {
    "action": "as the active seat's Action, in its Action phase",
    "anytime": "at any phase prompt of the active seat, in any response window that is not an "
               "\"after it happened\" window, on a gambling turn",
    "order": "in the active seat's Order phase, before or after it orders",
    "gamble_turn": "on your gambling turn in a Round you are in",
    "response": "in a response window, when one of its steps has something to answer",
    "after_hurt": "after another player's card made you lose Fortitude",
    "after_win": "after someone else won a Round of Gambling",
    "round": "while a Round of Gambling runs, in a response window or on a gambling turn",
    "immediate": "never from the hand: resolved at once by its owner when drawn into a zone (an Immediate Item)",
}

#: Whom a card is aimed at when it is played (the decision's `target`/`targets`).
TARGETS = {
    "none": "no target",
    "any": "any seat in the game, yourself included",
    "other": "another seat in the game",
    "two_others": "two other seats, the same one twice allowed (`targets`)",
    "three_others": "three different other seats, or every other seat when there are fewer (`targets`)",
    "two_other_players": "two different other seats (`targets`; \"Look out! Rolling barrels!\")",
    "rival_in_round": "another seat still in the Round of Gambling",
    "source": "the player whose card made you lose Fortitude",
}

#: Named points where characters and variants plug in (docs/content-model.md, "Hooks").
#: Event hooks run steps; value hooks give a number.
EVENT_HOOKS = ("setup", "turn_start", "after_discard", "before_draw", "after_card", "on_drink",
               "turn_end", "loss_check", "on_elimination", "on_token", "after_draw")
VALUE_HOOKS = ("hand_size", "actions_per_turn", "drinks_per_turn", "opening_hand")
HOOKS = EVENT_HOOKS + VALUE_HOOKS

#: Drink Events a Drink card may start ("dares": The Wench Dares You..., dares.py).
EVENTS = ("contest", "house", "dares")
#: Who a character is to the events that tell Heroes from Villains (§18.2): a Villain is any RDI 6
#: character "plus any future villainous characters", a Hero any other [001:930-932].
ALIGNMENTS = ("hero", "villain")
DECK_KINDS = ("character", "drink", "side", "shared")


class ContentError(ValueError):
    """Packs the engine cannot play. `problems` lists every one found, each a dict
    {"pack", "card", "field", "message"} (card and field are null when they do not apply)."""

    def __init__(self, problems: list[dict]):
        self.problems = problems
        first = problems[0]
        where = "/".join(str(x) for x in (first["pack"], first["card"], first["field"]) if x)
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        super().__init__(f"{where}: {first['message']}{more}")


@dataclass(frozen=True)
class Facts:
    """What a kind of card adds to the common record: loaded and checked by that kind (KINDS,
    FACETS); a card with nothing more has `NO_FACTS`."""

    def shown(self) -> dict:
        """Printed facts a viewer sees with the card (view.card_view)."""
        return {}


NO_FACTS = Facts()


@dataclass(frozen=True)
class DrinkFacts(Facts):
    """A card of a Drink deck: its printed numbers, or the Drink Event it starts."""
    alcohol: int = 0
    fortitude: int = 0
    chaser: bool = False
    self_split: bool = False       # Mead
    keep: bool = False             # it stays in front of whoever drank it instead of being discarded [003:390-396]
    races: dict = field(default_factory=dict)
    event: str = ""                # a Drink Event: "contest" | "house" | "dares"


@dataclass(frozen=True)
class Card:
    """One card definition: what every card has, how a card that is played is played and what
    it does, and what its kind adds (`facts`)."""
    key: str                       # "<deck>/<slug>"
    deck: str
    slug: str
    title: str
    type: str
    text: str
    quantity: int
    timing: tuple = ()
    target: str = "none"
    steps: tuple = ()              # step dicts, each {"do": primitive, ...params}
    riders: tuple = ()             # {"when": "resolved", "steps": [...]}
    facts: Facts = NO_FACTS
    pack: str = ""

    @cached_property
    def effect(self) -> str:
        """A one-word summary of what the card does, derived from its steps (AI hints,
        narration and timers read it; the engine never branches on it)."""
        return primitives.summary(self)

    @cached_property
    def params(self) -> dict:
        """The numbers of the card's steps, merged (for hints that want a size)."""
        return primitives.numbers(self)


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    deck: str
    race: str = ""
    alignment: str = ""                             # "villain" / "hero"; "" is a Hero (ALIGNMENTS)
    tokens: dict = field(default_factory=dict)      # name -> {"start": n, "max": n}
    zones: dict = field(default_factory=dict)       # name -> {"deck": id, "visibility": ...}
    hooks: tuple = ()                               # {"at": hook, "steps": [...]} / {"at": hook, "value": n}
    pack: str = ""


@dataclass
class Content:
    id: str
    packs: list                     # the pack headers, in load order
    cards: dict                     # key -> Card
    characters: dict                # id -> Character
    decks: dict                     # id -> {"id", "kind"}
    documents: list = field(default_factory=list, repr=False)
    _hooks: dict = field(default_factory=dict, repr=False)

    def __post_init__(self):
        # Most games use no hooks at all: one flag spares every hook point a lookup.
        self.has_hooks = any(ch.hooks for ch in self.characters.values())
        self.any_hooks = {h["at"] for ch in self.characters.values() for h in ch.hooks if h.get("whose") == "any"}
        # Only content with a card that reduces, redirects or replaces a change ever asks
        # about a card's changes before they land (changes.py); the base game has none.
        self.step_kinds = {s["do"] for c in self.cards.values() for s in primitives.flat(c.steps)}
        self.changes_answerable = not self.step_kinds.isdisjoint(primitives.ANSWER_CHANGES)

    def deck_list(self, deck: str) -> list[str]:
        """Every physical card of a deck, as keys, in definition order."""
        return [c.key for c in self.cards.values() if c.deck == deck for _ in range(c.quantity)]

    def hooks(self, character: str, at: str) -> list[dict]:
        table = self._hooks.get(character)
        if table is None:
            ch = self.characters.get(character)
            table = self._hooks[character] = {}
            for h in (ch.hooks if ch else ()):
                table.setdefault(h["at"], []).append(h)
        return table.get(at, ())


def content_id(packs: list[dict]) -> str:
    return hashlib.sha256(json.dumps(packs, sort_keys=True, separators=(",", ":"),
                                     ensure_ascii=False).encode()).hexdigest()


_LOADED: dict[str, Content] = {}


def load_content(packs: list[dict]) -> Content:
    """Build the content of a game from pack documents (later packs may add characters,
    decks and cards; a key defined twice is a problem). Raises ContentError."""
    if not isinstance(packs, list) or not packs:
        raise ContentError([_problem(None, None, None, "Content is a non-empty list of pack documents.")])
    cid = content_id(packs)
    if cid in _LOADED:
        return _LOADED[cid]
    problems: list[dict] = []
    cards: dict[str, Card] = {}
    characters: dict[str, Character] = {}
    decks: dict[str, dict] = {}
    headers = []
    for doc in packs:
        _load_pack(doc, cards, characters, decks, headers, problems)
    for ch in characters.values():
        if ch.deck not in decks:
            problems.append(_problem(ch.pack, None, f"characters.{ch.id}.deck",
                                     f"Character {ch.id!r} uses deck {ch.deck!r}, which no pack defines."))
        elif not any(c.deck == ch.deck for c in cards.values()):
            problems.append(_problem(ch.pack, None, f"characters.{ch.id}.deck",
                                     f"Deck {ch.deck!r} of character {ch.id!r} has no cards."))
        for name, z in ch.zones.items():
            if z.get("deck") and z["deck"] not in decks:
                problems.append(_problem(ch.pack, None, f"characters.{ch.id}.zones.{name}.deck",
                                         f"Zone {name!r} starts from deck {z['deck']!r}, which no pack defines."))
    if problems:
        raise ContentError(problems)
    content = Content(id=cid, packs=headers, cards=cards, characters=characters, decks=decks, documents=packs)
    _LOADED[cid] = content
    return content


def registered(cid: str) -> Content:
    """The content a state names; it must have been loaded in this process."""
    try:
        return _LOADED[cid]
    except KeyError:
        raise ContentError([_problem(None, None, "content",
                                     "This game's content has not been loaded: pass its packs to "
                                     "load_content (or new_game) first.")]) from None


def _problem(pack, card, fld, message) -> dict:
    return {"pack": pack, "card": card, "field": fld, "message": message}


def _load_pack(doc, cards, characters, decks, headers, problems) -> None:
    head = doc.get("pack") if isinstance(doc, dict) else None
    if not isinstance(head, dict) or not isinstance(head.get("id"), str) or not head["id"]:
        problems.append(_problem(None, None, "pack.id", "A pack document starts with \"pack\": {\"id\": ...}."))
        return
    pid = head["id"]
    headers.append(dict(head))
    for d in doc.get("decks", []):
        did = d.get("id") if isinstance(d, dict) else None
        if not isinstance(did, str) or not did:
            problems.append(_problem(pid, None, "decks", "Every deck has a string \"id\"."))
            continue
        if did in decks:
            problems.append(_problem(pid, None, f"decks.{did}", f"Deck {did!r} is defined twice."))
        if d.get("kind") not in DECK_KINDS:
            problems.append(_problem(pid, None, f"decks.{did}.kind",
                                     f"Deck kind must be one of {', '.join(DECK_KINDS)}."))
        decks[did] = {"id": did, "kind": d.get("kind"), "pack": pid}
    for c in doc.get("characters", []):
        _load_character(pid, c, characters, problems)
    for c in doc.get("cards", []):
        _load_card(pid, c, cards, decks, problems)


def _load_character(pid, c, characters, problems) -> None:
    cid = c.get("id") if isinstance(c, dict) else None
    if not isinstance(cid, str) or not cid:
        problems.append(_problem(pid, None, "characters", "Every character has a string \"id\"."))
        return
    where = f"characters.{cid}"
    if cid in characters:
        problems.append(_problem(pid, None, where, f"Character {cid!r} is defined twice."))
    hooks = []
    for n, h in enumerate(c.get("hooks", [])):
        at = h.get("at") if isinstance(h, dict) else None
        if at not in HOOKS:
            problems.append(_problem(pid, None, f"{where}.hooks.{n}.at",
                                     f"Unknown hook {at!r}; the hooks are: {', '.join(HOOKS)}."))
            continue
        if h.get("whose", "self") not in ("self", "any"):
            problems.append(_problem(pid, None, f"{where}.hooks.{n}.whose",
                                     "\"whose\" is \"self\" (the character's own turn) or \"any\" (every seat's)."))
        if at in VALUE_HOOKS:
            if not isinstance(h.get("value"), int) or isinstance(h.get("value"), bool) or h["value"] < 0:
                problems.append(_problem(pid, None, f"{where}.hooks.{n}.value",
                                         f"Hook {at!r} gives a whole number (\"value\")."))
            cond = h.get("if_token", {})
            if not isinstance(cond, dict) or not all(isinstance(v, int) for v in cond.values()):
                problems.append(_problem(pid, None, f"{where}.hooks.{n}.if_token",
                                         "\"if_token\" maps token names to the count from which the value holds."))
        else:
            if at == "on_token" and not (isinstance(h.get("token"), str) and isinstance(h.get("equals"), int)):
                problems.append(_problem(pid, None, f"{where}.hooks.{n}",
                                         "An on_token hook names its \"token\" and the count it fires at (\"equals\")."))
            for msg, fld in primitives.check_steps(h.get("steps"), f"{where}.hooks.{n}.steps"):
                problems.append(_problem(pid, None, fld, msg))
        hooks.append(h)
    alignment = c.get("alignment", "")
    if alignment and alignment not in ALIGNMENTS:
        problems.append(_problem(pid, None, f"{where}.alignment",
                                 f"\"alignment\" is one of: {', '.join(ALIGNMENTS)}."))
        alignment = ""
    tokens = c.get("tokens", {})
    for name, t in tokens.items():
        if not isinstance(t, dict) or not all(isinstance(t.get(k, 0), int) for k in ("start", "max")):
            problems.append(_problem(pid, None, f"{where}.tokens.{name}",
                                     "A token is {\"start\": n, \"max\": n} with whole numbers."))
    characters[cid] = Character(id=cid, name=str(c.get("name", cid)), deck=str(c.get("deck", cid)),
                                race=str(c.get("race", "")), alignment=str(alignment), tokens=dict(tokens), zones=dict(c.get("zones", {})),
                                hooks=tuple(hooks), pack=pid)


def _load_card(pid, c, cards, decks, problems) -> None:
    if not isinstance(c, dict) or not isinstance(c.get("slug"), str) or not isinstance(c.get("deck"), str):
        problems.append(_problem(pid, None, "cards", "Every card has a string \"deck\" and \"slug\"."))
        return
    key = f"{c['deck']}/{c['slug']}"

    def bad(fld, msg):
        problems.append(_problem(pid, key, fld, msg))

    if key in cards:
        bad("slug", f"Card {key!r} is defined twice.")
    if c["deck"] not in decks:
        bad("deck", f"Deck {c['deck']!r} is not defined by any pack loaded before or with this card.")
    ctype = c.get("type")
    if ctype not in CARD_TYPES and ctype not in KINDS:
        bad("type", f"Unknown card type {ctype!r}; one of: {', '.join(dict.fromkeys(CARD_TYPES + tuple(KINDS)))}.")
    q = c.get("quantity")
    if not isinstance(q, int) or isinstance(q, bool) or q < 0:
        bad("quantity", "A card's quantity is a whole number, 0 or more.")
    common = dict(key=key, deck=c["deck"], slug=c["slug"], title=str(c.get("title", "")), type=str(ctype),
                  text=str(c.get("text", "")), quantity=q if isinstance(q, int) else 0, pack=pid)
    card = KINDS.get(ctype, load_played)(c, common, bad)
    if card is not None:
        cards[key] = card


def _load_drink(c, common, bad):
    d = c.get("drink") or {}
    if not all(isinstance(d.get(k, 0), int) for k in ("alcohol", "fortitude")):
        bad("drink", "A Drink's alcohol and fortitude are whole numbers.")
        return None
    return Card(**common, facts=DrinkFacts(alcohol=d.get("alcohol", 0), fortitude=d.get("fortitude", 0),
                                           chaser=bool(d.get("chaser")), self_split=bool(d.get("self_split")),
                                           keep=bool(d.get("keep")), races=dict(d.get("as", {}))))


def _load_drink_event(c, common, bad):
    if c.get("event") not in EVENTS:
        bad("event", f"A Drink Event names its event, one of: {', '.join(EVENTS)}.")
        return None
    return Card(**common, facts=DrinkFacts(event=c["event"]))


KINDS[DRINK] = _load_drink
KINDS[DRINK_EVENT] = _load_drink_event


def load_played(c, common, bad) -> Card:
    """A card that is played (the base game's kinds, and a plug-in's kind played like them): when
    and at whom, its steps and riders, and the facts of a mechanic it has (FACETS)."""
    timing = c.get("timing")
    if not isinstance(timing, list) or not timing or any(t not in TIMINGS for t in timing):
        bad("timing", f"\"timing\" lists when the card may be played, from: {', '.join(TIMINGS)}.")
        timing = []
    target = c.get("target", "none")
    if target not in TARGETS:
        bad("target", f"Unknown target {target!r}; one of: {', '.join(TARGETS)}.")
    for msg, fld in primitives.check_steps(c.get("steps"), "steps"):
        bad(fld, msg)
    riders = c.get("riders", [])
    for n, r in enumerate(riders if isinstance(riders, list) else [None]):
        if not isinstance(r, dict) or r.get("when") not in primitives.RIDER_WHEN:
            bad(f"riders.{n}.when", f"A rider says when it runs: {', '.join(primitives.RIDER_WHEN)}.")
            continue
        for msg, fld in primitives.check_steps(r.get("steps"), f"riders.{n}.steps"):
            bad(fld, msg)
    facts = next((load(c, bad) for fields, load in FACETS if any(f in c for f in fields)), NO_FACTS)
    return Card(**common, timing=tuple(timing), target=target if target in TARGETS else "none",
                steps=tuple(c.get("steps") or ()), riders=tuple(riders if isinstance(riders, list) else ()),
                facts=facts)


BASE_PACK_PATH = Path(__file__).parent.parent / "data" / "base-pack.json"
BASE_PACK = json.loads(BASE_PACK_PATH.read_text())
#: The built-in base game's content: the base pack is written in the base game's words, so it
#: is loaded once they are registered (cards.py, `load_base`).
BASE: Content | None = None


def load_base() -> Content:
    global BASE
    BASE = load_content([BASE_PACK])
    return BASE


def of(state) -> Content:
    """The content a state plays with ("" is the built-in base pack). A state of other
    content (a snapshot, a clone) needs its packs loaded in this process first."""
    if not state.content:
        return BASE
    content = _LOADED.get(state.content)
    return content if content is not None else registered(state.content)


def content_of(cid: str) -> Content:
    """The content a view's `content` id names ("" is the built-in base pack), for callers
    that read a view rather than a state (bots); loaded in this process like `of`."""
    return BASE if not cid else registered(cid)
