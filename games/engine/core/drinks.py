"""Drinks: revealing, Chasers, changing, splitting, drinking, and Drink Events.

A `drink` frame holds one or more *portions* (what one seat will drink) and
the *reveals* they came from (the cards and what they were worth when turned
over, for Drinking Contest scoring). Splitting or copying makes independent
portions (digest §13.7, §13.10); all portions of a frame are drunk at once
(digest §6.3).
"""
from . import extensions, hooks, variants
from .content import of
from .frames import find, pop, push
from .ops import card, change_alcohol, change_fortitude, draw_cards, draw_drink, emit, refillable, pay
from .seating import napping, order_from, taking_part
from .state import State
from .teams import team


def _half(x: int) -> int:
    """Half of a number, rounded up in size: 3 -> 2, -1 -> -1 (R-SPLIT-ROUNDING)."""
    return -((-abs(x)) // 2) * (1 if x >= 0 else -1)


# --- revealing ----------------------------------------------------------------

def reveal_with_chasers(state: State, first: int, draw) -> tuple[list[int], int, int]:
    """Reveal a Drink and its Chasers from one source. Returns (cards, alcohol, fortitude)."""
    cards, alcohol, fortitude = [first], 0, 0
    c = card(state, first)
    alcohol, fortitude = c.facts.alcohol, c.facts.fortitude
    while c.facts.chaser:
        nxt = draw()
        if nxt is None:
            break                      # an empty pile ends the Chasers; nobody sobers up
        c = card(state, nxt)
        cards.append(nxt)
        if c.facts.event:              # a Drink Event as a Chaser has no effect (digest §13.3)
            emit(state, "chaser_event", card=nxt)
            break
        alcohol += c.facts.alcohol
        fortitude += c.facts.fortitude
    return cards, alcohol, fortitude


def new_portion(holder, alcohol, fortitude, reveal, event=False):
    return {"holder": holder, "alcohol": alcohol, "fortitude": fortitude, "ignored": False,
            "courage": False, "reveal": reveal, "event": event}


def reveal_from_pile(state: State, seat: int, mode: str) -> None:
    """The top of a seat's Drink Me! pile: a Drink to drink, or a Drink Event to start."""
    pile = state.seats[seat].drink_me
    if not pile:
        if mode == "phase":
            emit(state, "sober_up", seat=seat)
            change_alcohol(state, seat, -1, reason="sober_up")
        return
    cid = pile.pop()
    c = card(state, cid)
    emit(state, "revealed", seat=seat, card=cid, title=c.title, source="drink_me")
    if c.facts.event:
        push(state, {"f": "event", "card": cid, "seat": seat, "event": c.facts.event}, poll_from=seat)
        return
    cards, alc, fort = reveal_with_chasers(state, cid, lambda: pile.pop() if pile else None)
    if c.facts.chaser and state.options:
        extensions.chaser_revealed(state, seat)      # the Pub Crawl: the revealer Crawls
    fr = {"f": "drink", "mode": mode, "revealer": seat,
          "reveals": [{"seat": seat, "cards": cards, "printed": alc, "mods": 0, "event": False}],
          "portions": [new_portion(seat, alc, fort, 0)], "extra": []}
    _mark_mead(state, fr)
    announce(state, fr)
    push(state, fr, poll_from=seat)


def reveal_from_deck(state: State, seat: int, skip_events: bool, reveals: list):
    """Reveal from the Drink Deck for `seat`; returns the reveal index, or None if no Drink exists.

    Skipped Drink Events go to the discard; once every card that could come up
    has been skipped there is no Drink to find (R-NO-DRINK-LEFT).
    """
    budget = len(state.drink_deck) + refillable(state)
    while True:
        cid = draw_drink(state) if budget > 0 else None
        budget -= 1
        if cid is None:
            return None
        c = card(state, cid)
        emit(state, "revealed", seat=seat, card=cid, title=c.title, source="drink_deck")
        if c.facts.event and skip_events:
            state.drink_discard.append(cid)
            continue
        if c.facts.event:
            reveals.append({"seat": seat, "cards": [cid], "printed": 0, "mods": 0, "event": True})
        else:
            cards, alc, fort = reveal_with_chasers(state, cid, lambda: draw_drink(state))
            if c.facts.chaser and state.options:
                extensions.chaser_revealed(state, seat)
            reveals.append({"seat": seat, "cards": cards, "printed": alc, "mods": 0, "event": False,
                            "fortitude": fort})
        return len(reveals) - 1


def _mark_mead(state, fr):
    """Mead turned over as a Drink (not as a Chaser, not for a Drink Event) may be
    split by whoever turned it over once nobody changes it any more (digest §13.8)."""
    fr["mead"] = [k for k, r in enumerate(fr["reveals"])
                  if not r["event"] and card(state, r["cards"][0]).facts.self_split and len(r["cards"]) == 1
                  and r["seat"].__class__ is int]         # only a seat splits: Otto never does [002:452]


def announce(state, fr):
    emit(state, "drink", mode=fr["mode"], portions=[dict(p) for p in fr["portions"]])


def start_toast(state: State, card_fr: dict) -> None:
    """"Let's toast the Goddess!": everyone (the Champions, in a team game) reveals their own
    Drink from the Drink Deck."""
    seat = card_fr["seat"]
    fr = {"f": "drink", "mode": "toast", "revealer": seat, "reveals": [], "portions": [], "extra": []}
    for s in taking_part(state, card_fr, seat):
        k = reveal_from_deck(state, s, skip_events=True, reveals=fr["reveals"])
        if k is not None:
            r = fr["reveals"][k]
            fr["portions"].append(new_portion(s, r["printed"], r["fortitude"], k))
    if state.options:
        extensions.toast(state, card_fr, fr)     # an option's participant drinks too (Otto, on the player's track)
    if fr["portions"]:
        _mark_mead(state, fr)
        announce(state, fr)
        push(state, fr, poll_from=seat)


#: event name -> start(state, event_frame, revealer): Drink Events other modules add
#: ("dares": The Wench Dares You..., dares.py).
EVENT_STARTS: dict = {}


def start_event(state: State, fr_event: dict) -> None:
    """A revealed Drink Event's window closed: the event starts (and can't be Ignored now).

    The event card stays with the event until it is over, then goes to the Drink discard
    pile (R-EVENT-DISCARD), so a reshuffle during the event can't bring it back. In a team game
    the teams choose their Champions first, and only they take part (§15.5)."""
    if variants.of(state).champions(state, fr_event, fr_event["seat"]):
        return                                  # a Champion choice is on top; the event waits for it
    if fr_event["seat"].__class__ is not int:      # an option's participant turned it over (Otto, his Drink phase)
        extensions.participant(state, fr_event["seat"]).start_event(state, fr_event)
        return
    pop(state)
    seat = fr_event["seat"]
    emit(state, "event", seat=seat, event=fr_event["event"], card=fr_event["card"])
    if fr_event["event"] == "house":
        fr = {"f": "drink", "mode": "house", "revealer": seat, "reveals": [], "portions": [], "extra": [],
              "event_card": fr_event["card"]}
        k = reveal_from_deck(state, seat, skip_events=True, reveals=fr["reveals"])
        if k is None:
            state.drink_discard.append(fr_event["card"])
            return
        r = fr["reveals"][k]
        fr["portions"] = [new_portion(s, r["printed"], r["fortitude"], k) for s in taking_part(state, fr_event, seat)]
        announce(state, fr)
        push(state, fr, poll_from=seat)
    elif fr_event["event"] in EVENT_STARTS:     # an event a module outside this one adds (dares.py)
        EVENT_STARTS[fr_event["event"]](state, fr_event, seat)
    else:
        players = taking_part(state, fr_event, state.active)
        contest = push(state, {"f": "contest", "revealer": seat, "players": players, "event_card": fr_event["card"],
                               "tied": players, "scores": None, "rounds": 0})
        contest_round(state, contest)


# --- the Drinking Contest (digest §13.9) -------------------------------------

def contest_round(state: State, contest: dict) -> None:
    contest["rounds"] += 1
    fr = {"f": "drink", "mode": "contest", "contest": contest["id"], "revealer": contest["revealer"],
          "reveals": [], "portions": [], "extra": []}
    for s in contest["tied"]:
        if s.__class__ is not int:          # an option's participant reveals too (Otto)
            extensions.participant(state, s).contest_reveal(state, fr)
            continue
        k = reveal_from_deck(state, s, skip_events=False, reveals=fr["reveals"])
        if k is not None:
            r = fr["reveals"][k]
            fr["portions"].append(new_portion(s, r["printed"], r.get("fortitude", 0), k, event=r["event"]))
    announce(state, fr)
    push(state, fr, poll_from=state.active)


def _score(reveal: dict) -> int:
    return 0 if reveal["event"] else max(0, reveal["printed"] + reveal["mods"])


def contest_step(state: State, contest: dict) -> None:
    """Between rounds: pay the winner, or send the tied players round again."""
    scores = contest["scores"]
    best = max(scores.values()) if scores else 0
    tied = [s for s in contest["tied"] if scores and scores.get(str(s)) == best]
    if len(tied) > 1:
        still = [s for s in tied if s.__class__ is not int or state.seats[s].alcohol + extensions.drunkenness(state, state.seats[s].mat)
                 < state.seats[s].fortitude]          # not passed out (Total Drunkenness); a participant with no seat never is
        if len(still) > 1 and contest["rounds"] <= len(state.drink_deck) + refillable(state):
            contest["tied"], contest["scores"] = still, None
            emit(state, "contest_tie", seats=still)
            contest_round(state, contest)
            return
        # R-CONTEST-ENDLESS: once the rounds outnumber the cards left to reveal, the same
        # cards keep coming up (every other Drink waits on a pile) and the tie never breaks
        tied = still if len(still) <= 1 else []
    pop(state)
    state.drink_discard.append(contest["event_card"])
    if len(tied) != 1:
        emit(state, "contest_won", seat=None)
        return
    winner = tied[0]
    emit(state, "contest_won", seat=winner, score=best)
    for s in contest["players"]:
        if s == winner:
            continue
        other = s if s.__class__ is not int else winner      # a participant with no seat (Otto) in the pair?
        if other.__class__ is not int:              # he pays with the Inn's Gold, and is paid to the Inn
            extensions.participant(state, other).contest_pays(state, s, winner)
        elif not state.seats[s].out:
            pay(state, s, 1, winner, reason="drinking_contest")


# --- changing a Drink ---------------------------------------------------------

def portion_answered(state, fr):
    drink = find(state, fr["on"])
    return drink, drink["portions"][fr["args"]["portion"]]


def ignore(state, fr):
    drink, p = portion_answered(state, fr)
    if p.get("payer") is not None and p["holder"] not in team(state, fr["seat"]):
        p["unpaid"] = True             # its payer Ignores the Drink: it keeps its Gold [001:2093-2095]
        emit(state, "drink_ignored", seat=fr["seat"], card=fr["card"], payment=True)
        return
    p["ignored"] = True
    emit(state, "drink_ignored", seat=p["holder"], card=fr["card"])


def modify(state, fr, delta: int):
    drink, p = portion_answered(state, fr)
    before = p["alcohol"]
    # "-2 Alcohol" can't take a Drink below 0 (but doesn't lift one already below).
    p["alcohol"] = max(min(before, 0), before + delta) if delta < 0 else before + delta
    drink["reveals"][p["reveal"]]["mods"] += p["alcohol"] - before
    emit(state, "drink_changed", holder=p["holder"], alcohol=p["alcohol"], delta=p["alcohol"] - before,
         card=fr["card"], by=fr["seat"])


def hand_over(state, fr, pays: int = 0):
    drink, p = portion_answered(state, fr)
    p["holder"] = fr["args"]["target"]
    if pays:                           # "I bet you can't chug this whole thing!" [001:225-235]
        p["payer"], p["pays"] = fr["seat"], pays
    emit(state, "drink_passed", seat=fr["seat"], to=p["holder"], card=fr["card"])


def split(state, fr):
    drink, p = portion_answered(state, fr)
    _split(state, drink, p, fr["args"]["target"])


def _split(state, drink, p, other):
    p["alcohol"], p["fortitude"] = _half(p["alcohol"]), _half(p["fortitude"])
    half = new_portion(other, p["alcohol"], p["fortitude"], p["reveal"])
    for k in ("draw", "mixin"):        # a Mix-in's draw splits too; both halves have had a Mix-in [003:639]
        if p.get(k):
            half[k] = p[k] = _half(p[k]) if k == "draw" else p[k]
    if _race_cards(state, drink, p):
        p["split"] = half["split"] = True      # a race's own numbers are halved too
    drink["portions"].append(half)
    emit(state, "drink_split", seat=p["holder"], to=other, alcohol=p["alcohol"], fortitude=p["fortitude"])


def halve(state, fr):
    """"Zis drink is fang-tastic!": split with nobody, the other half gone, each number
    rounded down in size (R-FANG-TASTIC) [001:814-816, 2258-2261]."""
    drink, p = portion_answered(state, fr)
    p["alcohol"], p["fortitude"] = _half_down(p["alcohol"]), _half_down(p["fortitude"])
    p["halved"] = True
    if _race_cards(state, drink, p):
        p["split"] = "down"
    emit(state, "drink_split", seat=p["holder"], to=None, alcohol=p["alcohol"], fortitude=p["fortitude"])


def _half_down(x: int) -> int:
    """Half of a number, rounded down in size: 3 -> 1, -1 -> 0."""
    return abs(x) // 2 * (1 if x >= 0 else -1)


def _race_cards(state, drink, p) -> list:
    """The cards of the portion's Drink printed with numbers for some races (Tomato Juice),
    when a character of some race sits at the table (none of the base game's has one)."""
    characters = of(state).characters
    if not any(characters[s.character].race for s in state.seats):
        return []
    return [c for c in (card(state, cid) for cid in drink["reveals"][p["reveal"]]["cards"]) if c.facts.races]


def _for_race(state, drink, p, seat) -> tuple:
    """What a portion gives the seat drinking it: a Drink printed with a race's own numbers
    ("Tomato Juice": a Vampire gains 2 Alcohol Content instead of losing 2 Fortitude
    [001:2214-2218]) gives that race the difference, whoever revealed it; changes made to the
    Drink still count, and a split halves the difference too."""
    alc, fort = p["alcohol"], p["fortitude"]
    race = of(state).characters[state.seats[seat].character].race
    if not race or p["event"]:
        return alc, fort
    da = df = 0
    for c in _race_cards(state, drink, p):
        own = c.facts.races.get(race)
        if own:
            da += own.get("alcohol", 0) - c.facts.alcohol
            df += own.get("fortitude", 0) - c.facts.fortitude
    if p.get("split") == "down":
        da, df = _half_down(da), _half_down(df)
    elif p.get("split"):
        da, df = _half(da), _half(df)
    return alc + da, fort + df


def courage(state, fr):
    drink, p = portion_answered(state, fr)
    p["courage"] = True
    emit(state, "drink_courage", seat=p["holder"], card=fr["card"])


def extra(state, fr):
    drink, p = portion_answered(state, fr)
    drink["extra"].append(p["holder"])
    emit(state, "extra_drink", seat=p["holder"], by=fr["seat"], card=fr["card"])


def mead_chooser(state: State, fr: dict):
    """The seat to ask about splitting Mead now, or None (marks the choice as open)."""
    while fr.get("mead"):
        k = fr["mead"][0]
        seat = fr["reveals"][k]["seat"]
        if not state.seats[seat].out:
            fr["choosing"] = k
            return seat
        fr["mead"].pop(0)
    return None


def mead_split(state, drink: dict, target) -> None:
    """Mead's revealer chose whom to split it with (or nobody); the window re-opens."""
    k = drink["mead"].pop(0)
    drink.pop("choosing", None)
    if target is not None:
        p = next(p for p in drink["portions"] if p["reveal"] == k)
        _split(state, drink, p, target)
    drink["i"] = 0


# --- drinking -----------------------------------------------------------------

def _keeper(state: State, fr: dict, k: int):
    """Who puts a Drink that isn't discarded in front of them (digest §13.5, [003:390-396]):
    of the players who drank it (not those who Ignored it or passed it on), the one who
    controlled it when it resolved (its first portion's holder; the active player when it
    had no single controller, Round on the House), else the first after them in turn order."""
    drank = [p["holder"] for p in fr["portions"] if p["reveal"] == k and not p["ignored"] and not p["event"]
             and p["holder"].__class__ is int and not state.seats[p["holder"]].out]     # only a seat keeps one: Otto keeps none [002:490]
    if not drank:
        return None
    first = next(p["holder"] for p in fr["portions"] if p["reveal"] == k and p["holder"].__class__ is int)
    start = state.active if fr["mode"] == "house" else first
    return next(s for s in order_from(state, start) if s in drank)



def resolve_drink(state: State, fr: dict) -> None:
    """Nobody answers any more: every portion is drunk at once, then the cards go away."""
    if mead_chooser(state, fr) is not None:
        return
    pop(state)
    for p in fr["portions"]:
        s = p["holder"]
        if s.__class__ is not int:          # no seat: an option's participant (Otto) drinks onto his tracks
            extensions.participant(state, s).drink_portion(state, fr, p)
            continue
        if p["event"] or state.seats[s].out:
            continue
        if p["ignored"] or napping(state, s):
            emit(state, "drank", seat=s, ignored=True)
            continue
        alc, fort = _for_race(state, fr, p, s)
        if p["courage"] and alc > 0:
            alc, fort = 0, fort + alc
        if p.get("fortitude_max") and alc > 0:        # a Prize: Talisman of Liquid Courage
            fort += min(alc, p["fortitude_max"])
        emit(state, "drank", seat=s, alcohol=alc, fortitude=fort, ignored=False)
        if fort:
            change_fortitude(state, s, fort, reason="drink")
        if alc:
            change_alcohol(state, s, alc, reason="drink")
        if p.get("draw"):                  # a draw a Mix-in added (digest §13.4)
            draw_cards(state, s, p["draw"])
        if p.get("pays") and not p.get("unpaid") and not state.seats[p["payer"]].out:
            pay(state, p["payer"], p["pays"], s, reason="drink")
        hooks.run(state, s, "on_drink")
    for k, r in enumerate(fr["reveals"]):
        for cid in r["cards"]:
            keeper = _keeper(state, fr, k) if card(state, cid).facts.keep else None
            if keeper is None:
                state.drink_discard.append(cid)
            else:
                state.seats[keeper].zones.setdefault("kept", []).append(cid)
                emit(state, "drink_kept", seat=keeper, card=cid)
    if "event_card" in fr:
        state.drink_discard.append(fr["event_card"])
    if fr["mode"] == "contest":
        contest = find(state, fr["contest"])
        contest["scores"] = {str(r["seat"]): _score(r) for r in fr["reveals"]}
    for s in reversed(fr["extra"]):
        if not state.seats[s].out:
            reveal_from_pile(state, s, "extra")
