"""Checks the property tests run after every decision (and anyone may call)."""
from . import content, extensions
from .state import MAX_STAT, State


def card_locations(state: State) -> dict[int, str]:
    """Every card instance -> the one zone it is in. Raises if a card is in two."""
    where: dict[int, str] = {}

    def put(ids, zone):
        for cid in ids:
            if cid in where:
                raise AssertionError(f"card {cid} is both in {where[cid]} and in {zone}")
            where[cid] = zone

    for i, s in enumerate(state.seats):
        put(s.hand, f"seat{i}.hand")
        put(s.deck, f"seat{i}.deck")
        put(s.discard, f"seat{i}.discard")
        put(s.drink_me, f"seat{i}.drink_me")
        for name, ids in s.zones.items():
            put(ids, f"seat{i}.{name}")
    for name, ids in state.zones.items():
        put(ids, name)
    put(state.drink_deck, "drink_deck")
    put(state.drink_discard, "drink_discard")
    put(state.box, "box")
    for fr in state.stack:
        if fr["f"] in ("card", "event"):
            if fr.get("as") != "activation":        # an acting Minion stays in play
                put([fr["card"]], f"stack.{fr['id']}")
        elif fr["f"] in extensions.FRAME_CARDS:     # a plug-in's frame that holds cards (Treasure being got)
            put(extensions.FRAME_CARDS[fr["f"]](fr), f"stack.{fr['id']}")
        elif fr["f"] == "drink":
            for r in fr["reveals"]:
                put(r["cards"], f"stack.{fr['id']}")
        if "event_card" in fr and fr["f"] != "tavern_event":    # a Tavern stays on the table for its Event
            put([fr["event_card"]], f"stack.{fr['id']}")
    return where


def total_gold(state: State) -> int:
    return sum(m.gold for m in state.mats) + state.inn + state.pot


def check(state: State, gold: int) -> None:
    """Raise AssertionError if a rule of bookkeeping is broken."""
    locs = card_locations(state)
    missing = set(range(len(state.cards))) - set(locs)
    assert not missing, f"cards nowhere: {sorted(missing)}"
    assert total_gold(state) == gold, f"Gold not conserved: {total_gold(state)} != {gold}"
    for i, s in enumerate(state.seats):
        assert s.m is state.mats[s.mat], f"seat {i} is not linked to its mat"
        assert 0 <= s.fortitude <= MAX_STAT, f"seat {i} Fortitude {s.fortitude}"
        assert 0 <= s.alcohol <= MAX_STAT, f"seat {i} Alcohol {s.alcohol}"
        assert s.gold >= 0, f"seat {i} Gold {s.gold}"
        caps = content.of(state).characters[s.character].tokens
        for name, n in s.tokens.items():
            cap = caps.get(name, {}).get("max")
            assert 0 <= n and (cap is None or n <= cap), f"seat {i} token {name} {n}"
