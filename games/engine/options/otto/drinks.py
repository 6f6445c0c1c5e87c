"""What Otto drinks (Allies; digest §22, [002:424-434]; docs/otto.md): his Drink phase, the
Drink a player's card makes him drink, and the Drink Events he turns over.

Whatever he drinks is a **portion** of a `drink` frame (drinks.py) whose holder is `"otto"`
(he is no seat), with the tracks it goes onto: both on his own turn, only that player's when
a player's card made him drink [002:428, 434]. So it waits in the frame's window like any
Drink, and players may change it with the cards that change a Drink being drunk ("Water into
Wine"; a Mix-in) [002:428] (R-OTTO-DRINK); they cannot Ignore, take, split or add to it for
him (those name your own Drink, and nobody orders him a Drink [002:414]). When the frame
resolves, `drink_portion` drinks it: his Sometimes box first, then both numbers, as changed,
onto its tracks.

A Drink Event he turns over on his Drink phase takes place with him as its revealer
(R-OTTO-EVENT): Round on the House!, a Drinking Contest! and The Wench Dares You... put his
portion in the same frame as the players'.
"""
from ...core.drinks import announce, contest_round, new_portion, reveal_with_chasers
from ...core.frames import pop, push
from ...core.ops import INN, card, draw_drink, emit, gain_gold, pay
from ...core.seating import taking_part
from .turn import SOURCE, after_him
from .sometimes import respond
from ...core.state import State


def drink(state: State) -> None:
    """His Drink phase: a Drink from the Drink Deck, with its Chasers, onto both tracks
    [002:428]; a Drink Event takes place, with him as its revealer (R-OTTO-EVENT)."""
    r = turn_over(state, skip_events=False)
    if r is None:
        emit(state, "otto_no_drink")
    elif r["event"]:
        cid = r["cards"][0]
        push(state, {"f": "event", "card": cid, "seat": SOURCE, "event": card(state, cid).facts.event},
             poll_from=after_him(state))
    else:
        _pour(state, {"f": "drink", "mode": SOURCE, "revealer": SOURCE, "reveals": [r], "extra": [], "mead": [],
                      "portions": [his_portion(r, 0, state.living(), None)]})


def toast(state: State, card_fr: dict, fr: dict) -> None:
    """A player's card makes everyone drink from the Drink Deck ("Let's toast the Goddess!"):
    Otto too, on that player's track only [002:434], his portion in the same frame. Called by
    drinks.start_toast."""
    player = card_fr["seat"]
    if f"otto:fortitude:{player}" not in state.tokens or state.seats[player].out:
        return
    r = turn_over(state, skip_events=True)         # as the players: a Drink Event is set aside
    if r is not None:
        fr["reveals"].append(r)
        fr["portions"].append(his_portion(r, len(fr["reveals"]) - 1, [player], player))


def turn_over(state: State, skip_events: bool):
    """The next Drink of the Drink Deck with its Chasers, turned over by Otto, as a reveal of
    drinks.py (`seat` "otto"); a Drink Event is discarded and the next turned over when
    `skip_events`, else it is the reveal (0 Alcohol Content). None: no Drink is left."""
    budget = len(state.drink_deck) + len(state.drink_discard)
    while budget > 0:
        budget -= 1
        cid = draw_drink(state)
        if cid is None:
            break
        c = card(state, cid)
        emit(state, "otto_reveals", card=cid, title=c.title)
        if c.facts.event and skip_events:
            state.drink_discard.append(cid)
            emit(state, "otto_skips_event", card=cid, title=c.title)
            continue
        if c.facts.event:
            return {"seat": SOURCE, "cards": [cid], "printed": 0, "mods": 0, "event": True, "fortitude": 0}
        cards, alcohol, fortitude = reveal_with_chasers(state, cid, lambda: draw_drink(state))
        return {"seat": SOURCE, "cards": cards, "printed": alcohol, "mods": 0, "event": False, "fortitude": fortitude}
    return None


def his_portion(r: dict, k: int, tracks: list[int], player) -> dict:
    """His portion of reveal `k`: onto `tracks`; `by` the player whose card made him drink."""
    p = new_portion(SOURCE, r["printed"], r["fortitude"], k, event=r["event"])
    p["tracks"] = list(tracks)
    if isinstance(player, int):
        p["by"] = player
    return p


def _pour(state: State, fr: dict) -> None:
    """A frame of his making opens its window with the first player after him (clockwise)."""
    announce(state, fr)
    push(state, fr, poll_from=after_him(state))


def drink_portion(state: State, fr: dict, p: dict) -> None:
    """The window closed: he drinks his portion, as changed, onto its tracks, his Sometimes box
    answering it first. Called by drinks.resolve_drink. Whatever else a portion may carry (a
    Mix-in's draw) is nothing to him: he has no hand [002:414]."""
    if p["event"]:
        return                                   # a Drink Event in a Drinking Contest: no effect
    player = p.get("by")
    cid = fr["reveals"][p["reveal"]]["cards"][0]
    emit(state, "otto_drinks", alcohol=p["alcohol"], fortitude=p["fortitude"],
         **({"seat": player} if isinstance(player, int) else {}))
    tracks = [s for s in p["tracks"] if not state.seats[s].out]
    hits = [[s, stat, p[stat]] for s in tracks for stat in ("fortitude", "alcohol") if p[stat]]
    if hits:
        respond(state, tracks, "Drink", player, cid, {"hits": hits, "why": {"reason": "otto_drink", "card": cid}})


# --- a Drink Event he turns over (R-OTTO-EVENT) --------------------------------------------

def event(state: State, fr_event: dict) -> None:
    """The window on a Drink Event he turned over closed: it takes place, he its revealer ("you"
    on the card). Called by drinks.start_event. The players who Ignored it take no part."""
    pop(state)
    cid, kind = fr_event["card"], fr_event["event"]
    emit(state, "otto_event", card=cid, title=card(state, cid).title, event=kind)
    players = taking_part(state, fr_event, after_him(state))
    if kind == "contest":
        contest = push(state, {"f": "contest", "revealer": SOURCE, "players": [SOURCE] + players, "event_card": cid,
                               "tied": [SOURCE] + players, "scores": None, "rounds": 0})
        contest_round(state, contest)
        return
    reveals = [r for r in (turn_over(state, True) for _ in range(2 if kind == "dares" else 1)) if r is not None]
    if not reveals:
        state.drink_discard.append(cid)             # no Drink left anywhere: nothing to drink
        return
    # "Round on the House": each player and he drink a copy. "The Wench Dares You...": he drinks
    # the stronger (the first on equal Alcohol Content: his first option [002:456]), each
    # player a copy of the other; with one Drink left, only he drinks (R-DARES-ONE).
    mine = max(range(len(reveals)), key=lambda k: (reveals[k]["printed"], -k))
    theirs = mine if kind != "dares" else (1 - mine if len(reveals) == 2 else None)
    poured = [] if theirs is None else [new_portion(s, reveals[theirs]["printed"], reveals[theirs]["fortitude"], theirs)
                                        for s in players]
    _pour(state, {"f": "drink", "mode": kind, "revealer": SOURCE, "reveals": reveals, "extra": [], "mead": [],
                  "event_card": cid, "portions": poured + [his_portion(reveals[mine], mine, state.living(), None)]})


def contest_reveal(state: State, fr: dict) -> None:
    """His reveal in a Drinking Contest round, in the round's frame: it scores like a player's
    (a Drink Event 0 [000:312-334]). Called by drinks.contest_round."""
    r = turn_over(state, skip_events=False)
    if r is not None:
        fr["reveals"].append(r)
        fr["portions"].append(his_portion(r, len(fr["reveals"]) - 1, state.living(), None))


def contest_pays(state: State, payer, winner) -> None:
    """1 Gold to the Drinking Contest's winner where he pays or wins: the Inn's Gold for him,
    and Gold paid to him goes to the Inn [002:414]. Called by drinks.contest_step."""
    if payer == SOURCE:
        if not state.seats[winner].out:
            gain_gold(state, winner, 1, INN, reason="otto_pays")
    elif not state.seats[payer].out:
        pay(state, payer, 1, INN, reason="drinking_contest")


def mixin_pays(state: State, fr: dict, amount: int) -> None:
    """A Mix-in on his Drink makes him pay its player: with the Inn's Gold [002:414]. Called
    by mixins.py."""
    if not state.seats[fr["seat"]].out:
        gain_gold(state, fr["seat"], amount, INN, reason="otto_pays", card=fr["card"])
