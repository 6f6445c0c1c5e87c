"""What one viewer may see (DESIGN §4): every way out of the engine goes through here.

A seat sees its own hand and its teammates' (they may look at each other's hands,
[001:1306-1308]); nobody sees another hand, any deck order, any Drink Me! pile (not even
its owner) or the seed before the game is over. Played cards, revealed Drinks and discard
piles are public. `omniscient` sees all.
"""
from . import extensions
from .content import of
from .flow import current
from .state import State
from .teams import one_per_team, team
from . import variants

RULES_VERSION = 2


def card_view(state: State, cid: int) -> dict:
    c = of(state).cards[state.cards[cid]]
    out = {"id": cid, "key": c.key, "title": c.title, "type": c.type, "text": c.text}
    out.update(c.facts.shown())        # printed facts of its kind (a Dungeon Event's number, a Treasure's slot)
    return out


def _cards(state, ids):
    return [card_view(state, cid) for cid in ids]


def _zone(state, ids, visibility: str, omni: bool, owner: bool = False) -> dict:
    """A zone as a viewer sees it: `public` zones show their cards; `private` ones only to
    their owner (others see a count); `hidden` ones (face-down piles, shared decks) only as a
    count. Omniscient sees every card."""
    if omni or visibility == "public" or (visibility == "private" and owner):
        return {"count": len(ids), "cards": _cards(state, ids)}
    if visibility == "top" and ids:      # a deck with its top card face up (Farai's Brews)
        return {"count": len(ids), "top": card_view(state, ids[-1])}
    return {"count": len(ids)}


def _seat_zone_visibility(zones: dict, name: str) -> str:
    """A seat zone's visibility: its own, a side deck's discard pile is public, and cards put
    under a played card (`under:<id>`, Glare) are face down."""
    if name in zones:
        return zones[name].get("visibility", "public")
    if name.endswith(":discard"):
        return "public"
    return "hidden" if ":" in name else "public"


def _backs(state: State, ch, hand) -> dict | None:
    """How many cards of each side deck a seat holds: their backs differ, so the table may
    know it (Vlazlo's form cards, [001:1056-1058]). None for a character without side decks."""
    # only a face-down deck of its own: not a shared one (Brawlers) nor one with its top shown (Brews)
    decks = {z["deck"]: name for name, z in ch.zones.items()
             if z.get("deck") and not z.get("shared") and z.get("visibility") in ("hidden", "private")}
    if not decks:
        return None
    out = dict.fromkeys(sorted(decks.values()), 0)
    cards, keys = of(state).cards, state.cards
    for cid in hand:
        name = decks.get(cards[keys[cid]].deck)
        if name is not None:
            out[name] += 1
    return out


def _public_frame(state: State, fr: dict, omni: bool) -> dict:
    # Who a window is asking right now would tell the table that seat holds a
    # legal response (seats without one are skipped), so only omniscient sees it.
    if fr["f"] == "then":        # the rest of a resolving card: public, as the card's frame was
        return {"f": "then", "id": fr["id"], "card": card_view(state, fr["frame"]["card"]),
                "frame": _public_frame(state, fr["frame"], omni), "plan": fr["plan"]}
    out = {k: v for k, v in fr.items() if omni or k != "i"}
    if "card" in fr and fr["card"] is not None:
        out["card"] = card_view(state, fr["card"])
    if "event_card" in fr:
        out["event_card"] = card_view(state, fr["event_card"])
    if fr["f"] == "drink":
        out["reveals"] = [dict(r, cards=_cards(state, r["cards"])) for r in fr["reveals"]]
    if "chosen" in fr and not omni:
        # A Dungeon Event's choices are public; the cards a player will discard are not, until
        # they are discarded (an instance id tells which card it is).
        out["chosen"] = {s: {"mode": c["mode"]} for s, c in fr["chosen"].items()}
    return out


def _teams(state: State) -> list[dict]:
    """The teams (seats sharing a mat), their mat and their Potions; [] in an individual game."""
    if len(state.mats) == len(state.seats):
        return []
    out = []
    rules = variants.of(state)
    for first in one_per_team(state, range(len(state.seats))):
        seats = team(state, first)
        out.append({"team": len(out), "name": rules.team_name(len(out)), "seats": seats, "mat": state.seats[first].mat,
                    "potions": state.seats[first].tokens.get("potions", 0)})
    return out


def prompt_view(state: State, viewer, prompt=None) -> dict | None:
    """The view's `prompt`: who is asked and, for that seat (or omniscient), what it may
    decide; None when nobody is. On its own for a bot that reads nothing else (games.ai)."""
    prompt = prompt or current(state)
    if prompt is None:
        return None
    p = {"seat": prompt.seat, "kind": prompt.kind}
    if viewer == "omniscient" or viewer == prompt.seat:
        p["decisions"] = prompt.decisions
        if prompt.subsets:
            p["subsets"] = prompt.subsets
    elif prompt.kind == "respond":
        p["seat"] = None          # "waiting for responses", not who holds one
    return p


def view(state: State, viewer) -> dict:
    omni = viewer == "omniscient"
    prompt = current(state)
    seats = []
    characters = of(state).characters
    mine = team(state, viewer) if isinstance(viewer, int) and 0 <= viewer < len(state.seats) else ()
    for i, s in enumerate(state.seats):
        ch = characters[s.character]
        v = {"seat": i, "character": s.character, "name": ch.name, "mat": s.mat,
             "fortitude": s.fortitude, "alcohol": s.alcohol, "gold": s.gold,
             "status": s.out or "in", "hand_count": len(s.hand), "deck_count": len(s.deck),
             "discard": _cards(state, s.discard), "drink_me_count": len(s.drink_me),
             "tokens": dict(s.tokens)}
        if state.content:
            v.update(extensions.seat_view(state, i))     # a mechanic's: Level, Total Drunkenness
        backs = _backs(state, ch, s.hand)
        if backs is not None:
            v["hand_backs"] = backs
        if s.zones:
            v["zones"] = {name: _zone(state, ids, _seat_zone_visibility(ch.zones, name),
                                      omni, viewer == i) for name, ids in s.zones.items()}
        if omni or i in mine:
            v["hand"] = _cards(state, s.hand)
        if omni:
            v["deck"] = _cards(state, list(reversed(s.deck)))          # top first
            v["drink_me"] = _cards(state, list(reversed(s.drink_me)))
        seats.append(v)
    out = {
        "rules_version": RULES_VERSION, "variant": state.variant, "options": dict(state.options), "viewer": viewer,
        "content": state.content,
        "turn": state.turn, "active": state.active, "phase": state.phase, "counts": dict(state.counts),
        "over": state.over, "winners": list(state.winners),
        "inn": state.inn, "pot": state.pot,
        "drink_deck_count": len(state.drink_deck),
        "drink_discard": _cards(state, state.drink_discard),
        "tokens": dict(state.tokens),        # table counters (Dungeon Event progress), public
        "seats": seats,
        "teams": _teams(state),
        "zones": {name: _zone(state, ids, "public" if extensions.public(name) else "hidden", omni)
                  for name, ids in state.zones.items()},
        "stack": [_public_frame(state, fr, omni) for fr in state.stack],
        "prompt": None,
    }
    out.update(variants.of(state).table_view(state))     # public: a Boss's hand size and Actions this turn
    out["prompt"] = prompt_view(state, viewer, prompt)
    if omni:
        out["drink_deck"] = _cards(state, list(reversed(state.drink_deck)))
        out["box"] = _cards(state, state.box)
        out["shuffles"] = dict(state.shuffles)
    if state.over:
        out["seed"] = state.seed
    return out


# --- Effects -----------------------------------------------------------------------------------

#: Effect keys that name card instances: a bare id or a list of ids. `cards` is a count, not
#: ids, in a few effect types (a reshuffle, the Bar Deck's deal).
CARD_KEYS = ("card", "cards", "drink", "tavern", "dropped")
CARD_KEYS_OF_TYPE = {"negated": ("target",)}          # a Negated card's `target` is a card
COUNT_TYPES = ("reshuffled", "bar_dealt")
#: Effects only their own seat hears of: a response-window pass tells that the seat held a
#: legal response (the prompt's seat is hidden for the same reason).
PRIVATE_EFFECTS = ("pass",)
#: Effects that show their cards face up to the whole table, wherever the cards are by the end
#: of the step: a hand shown because it holds no card of a kind, a Drink revealed and then
#: shuffled back into the Drink Deck when it ran out, a card played or discarded just before
#: its discard pile is shuffled into a deck.
TABLE_SEES = ("played", "revealed", "revealed_hand", "discarded")


def seen_cards(state: State, viewer) -> set[int]:
    """The card instances `viewer` sees in `state`: exactly those its view lists."""
    seen: set[int] = set()
    stack = [view(state, viewer)]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if isinstance(node.get("id"), int) and "key" in node:
                seen.add(node["id"])
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return seen


def effects_view(before: State, after: State, effects: list[dict], viewer) -> list[dict]:
    """The Effects of one step as `viewer` may know them, redacted like the state: a card an
    Effect names is shown only when the viewer sees it in the state before the step or after
    it (a card played from a hand, a Drink revealed), or the Effect itself shows it to the
    table; otherwise it reads `null` (and its title goes), so "bought a card" keeps its shape
    and a list keeps its length. A seat's private Effects go to that seat only."""
    if viewer == "omniscient":
        return effects
    seen = seen_cards(before, viewer) | seen_cards(after, viewer)
    out = []
    for fx in effects:
        kind = fx.get("type")
        if kind in PRIVATE_EFFECTS and fx.get("seat") != viewer:
            continue
        if kind not in TABLE_SEES:
            fx = _effect_view(fx, seen)
        out.append(fx)
    return out


def _effect_view(fx: dict, seen: set[int]) -> dict:
    keys = CARD_KEYS_OF_TYPE.get(fx.get("type"), ()) + CARD_KEYS
    shown, hid = dict(fx), False
    for key in keys:
        value = fx.get(key)
        if isinstance(value, bool) or value is None:
            continue
        if isinstance(value, int) and not (key == "cards" and fx.get("type") in COUNT_TYPES):
            if value not in seen:
                shown[key], hid = None, True
        elif isinstance(value, list):
            shown[key] = [c if not isinstance(c, int) or c in seen else None for c in value]
            hid = hid or shown[key] != value
    if hid:
        shown.pop("title", None)
    return shown
