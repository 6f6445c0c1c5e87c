"""Primitive changes to the state, each clamped and each narrated as an Effect.

Every rule module changes Gold, Fortitude, Alcohol Content and cards only
through these functions, so the clamps (digest §3) and the Effects that feed
narration live in one place.
"""
from . import extensions
from .content import of
from .rng import shuffle
from .state import MAX_STAT, State

# Effects collected during one `apply`; flow.apply hands them to the caller.
def emit(state: State, kind: str, **data) -> None:
    data["type"] = kind
    state._fx.append(data)


def card(state: State, cid: int):
    return of(state).cards[state.cards[cid]]


def order_from(state: State, seat: int) -> list[int]:
    """All seats in turn order (clockwise = increasing index) starting at `seat`."""
    n = len(state.seats)
    return [(seat + k) % n for k in range(n)]


def living_from(state: State, seat: int) -> list[int]:
    return [s for s in order_from(state, seat) if not state.seats[s].out]


def taking_part(state: State, fr: dict, seat: int) -> list[int]:
    """Living seats in turn order from `seat` that take part in what `fr` starts: everyone,
    or only the Champions a team game chose for it (`fr["champions"]`, digest §15.5). A seat
    asleep ("Bat nap") Ignores it and takes no part (naps.py)."""
    seats = [s for s in living_from(state, seat) if not napping(state, s)]
    champions = fr.get("champions")
    if fr.get("ignored_event"):                 # who Ignored the Event before it started (events.py)
        seats = [s for s in seats if s not in fr["ignored_event"]]
    return seats if champions is None else [s for s in seats if s in champions]


def next_living(state: State, seat: int) -> int:
    for s in order_from(state, seat)[1:]:
        if not state.seats[s].out:
            return s
    return seat


# --- Fortitude and Alcohol Content: both live in [0, 20] -------------------

def change_fortitude(state: State, seat: int, delta: int, **why) -> int:
    """Returns the change that actually happened (clamped)."""
    m = state.seats[seat].m          # the seat's mat (its properties cost a call each)
    new = min(MAX_STAT, max(0, m.fortitude + delta))
    actual = new - m.fortitude
    m.fortitude = new
    emit(state, "fortitude", seat=seat, delta=actual, asked=delta, now=new, **why)
    return actual


def change_alcohol(state: State, seat: int, delta: int, **why) -> int:
    m = state.seats[seat].m
    new = min(MAX_STAT, max(0, m.alcohol + delta))
    actual = new - m.alcohol
    m.alcohol = new
    emit(state, "alcohol", seat=seat, delta=actual, asked=delta, now=new, **why)
    return actual


# --- tokens: named counters on a seat, 0 up to the character's max ----------

#: The zone a "Bat nap" card lies in while its player sleeps (naps.py).
NAP = "nap"


def napping(state: State, seat: int) -> bool:
    """Whether the seat is asleep: it Ignores every effect and plays no cards, until its next
    turn after a "Bat nap" [001:1678-1681] (naps.py), until the end of this turn after "your
    turn ends now" (items.py, `counts["asleep"]`)."""
    z = state.seats[seat].zones
    if z and z.get(NAP):
        return True
    asleep = state.counts.get("asleep")
    return bool(asleep) and seat in asleep


def change_token(state: State, seat: int, name: str, delta: int, **why) -> int:
    s = state.seats[seat]
    cap = of(state).characters[s.character].tokens.get(name, {}).get("max")
    have = s.tokens.get(name, 0)
    new = max(0, have + delta if cap is None else min(cap, have + delta))
    s.tokens[name] = new
    emit(state, "token", seat=seat, token=name, delta=new - have, asked=delta, now=new, **why)
    if new != have:
        from .hooks import on_token
        on_token(state, seat, name, new)
    return new - have


# --- Gold: a stash never goes below 0; the Inn is unlimited (digest §3) -----

INN = "inn"
POT = "pot"
#: Otto (a table option, otto.py) where a seat would be: a Drink's holder, a change's source,
#: a card's target, a Round's controller. He is no seat, so nothing indexes `state.seats` with it.
OTTO_SEAT = "otto"


def pay(state: State, payer: int, amount: int, to, from_inn: bool = False, **why) -> int:
    """Move up to `amount` Gold from `payer` to a seat, the Inn or the pot.

    `from_inn`: a card made the Inn pay instead of the payer (e.g. "My Goddess
    provides!"). A payer short of Gold pays what they have.
    """
    if from_inn:
        paid = amount
        state.inn -= amount
    else:
        m = state.seats[payer].m
        paid = min(amount, m.gold)
        m.gold -= paid
    if to == INN:
        state.inn += paid
    elif to == POT:
        state.pot += paid
    else:
        state.seats[to].m.gold += paid
    emit(state, "gold", seat=payer, to=to, amount=paid, asked=amount, by_inn=from_inn, **why)
    return paid


def gain_gold(state: State, seat: int, amount: int, source, **why) -> None:
    """Gold from the pot or the Inn into a stash."""
    if source == POT:
        amount = min(amount, state.pot)
        state.pot -= amount
    else:
        state.inn -= amount
    state.seats[seat].m.gold += amount
    emit(state, "gold", seat=source, to=seat, amount=amount, asked=amount, by_inn=False, **why)


# --- Character cards --------------------------------------------------------

def _reshuffle_character(state: State, seat: int) -> None:
    s = state.seats[seat]
    name = f"seat{seat}"
    n = state.shuffles.get(name, 0) + 1
    state.shuffles[name] = n
    s.deck, s.discard = s.discard, []
    shuffle(s.deck, state.seed, name, n)
    emit(state, "reshuffled", deck="character", seat=seat, cards=len(s.deck))


def draw_cards(state: State, seat: int, count: int) -> int:
    """Draw up to `count`; the discard is shuffled back the moment the deck runs out, and
    also when a draw finds the deck empty and the discard not (R-CHAR-RESHUFFLE)."""
    s = state.seats[seat]
    drawn = 0
    for _ in range(count):
        if not s.deck:
            if not s.discard:
                break
            _reshuffle_character(state, seat)
        s.hand.append(s.deck.pop())
        drawn += 1
        if not s.deck and s.discard:
            _reshuffle_character(state, seat)
    if drawn:
        emit(state, "drew", seat=seat, count=drawn)
        if of(state).has_hooks:
            from .hooks import run
            run(state, seat, "after_draw")        # e.g. Phyll shelves the Mix-ins he drew
    return drawn


_hooks = None      # games.engine.core.hooks, bound on first use: it imports steps, which imports this module


def refill_hand(state: State, seat: int) -> None:
    global _hooks
    if _hooks is None:      # (an import statement here would cost ~3 µs on every call)
        from . import hooks as _hooks
    missing = _hooks.value(state, seat, "hand_size") - len(state.seats[seat].hand)
    if missing > 0:
        draw_cards(state, seat, missing)


def discard_card(state: State, cid: int) -> None:
    """A played or discarded character card goes to its owner's discard pile."""
    owner = state.owner[cid]
    if owner.__class__ is int:
        s = state.seats[owner]
        if s.zones:                       # a side deck's own discard pile; cards Glared under it
            from .zones import discarded
            discarded(state, owner, cid)
        else:
            s.discard.append(cid)
    elif owner == "drink":
        state.drink_discard.append(cid)
    else:                                 # a shared deck's card (a Brawler) to that deck's discard
        state.zones.setdefault(owner + ":discard", []).append(cid)


def take_from_hand(state: State, seat: int, cid: int) -> None:
    """Take a card the seat plays: from its hand, or from a zone it may play from as though
    from its hand (equipped Treasure)."""
    s = state.seats[seat]
    if cid in s.hand:
        s.hand.remove(cid)
        return
    for ids in s.zones.values():
        if cid in ids:
            ids.remove(cid)
            return
    if state.options and extensions.take(state, seat, cid):
        return
    raise ValueError(f"seat {seat} holds no card {cid}")


# --- The Drink Deck ---------------------------------------------------------

def _refill_drink_deck(state: State) -> None:
    """Running out of Drinks (digest §13.1): everyone pays 1 Gold — each team once, not each
    of its players [001:1388-1390] — then reshuffle."""
    from .teams import one_per_team
    emit(state, "drinks_ran_out")
    for s in one_per_team(state, state.living()):
        pay(state, s, 1, INN, reason="drink_deck_refill")
    if state.options and extensions.refill_drinks(state):
        return
    n = state.shuffles.get("drink", 0) + 1
    state.shuffles["drink"] = n
    state.drink_deck, state.drink_discard = state.drink_discard, []
    shuffle(state.drink_deck, state.seed, "drink", n)
    emit(state, "reshuffled", deck="drink", cards=len(state.drink_deck))


def draw_drink(state: State):
    """Top card of the Drink Deck, or None if no Drink exists anywhere to draw.

    The refill happens the instant the last card leaves (so the deck is "never
    out of cards"); if the discard was empty at that instant it happens when
    the next card is needed instead (docs/rules-decisions.md R-DRINK-REFILL).
    """
    if not state.drink_deck:
        if not refillable(state):
            return None
        _refill_drink_deck(state)
    cid = state.drink_deck.pop()
    if not state.drink_deck and refillable(state):
        _refill_drink_deck(state)
    return cid


def order_drink(state: State, seat: int):
    """A Drink the seat Orders: from the Drink Deck, or where a table option says (the Pub
    Crawl's current tavern); None when there is none."""
    if state.options:
        cid = extensions.order_drink(state, seat)
        if cid is not None:
            return cid
    return draw_drink(state)


def order_drinks(state: State, seat: int, targets: list, card=None) -> bool:
    """The seat Orders a Drink onto each pile of `targets` in turn (a card that Orders
    several). True when a table option paused the rest (the Pub Crawl's tavern Closed
    partway: Crawl first, R-CRAWL-ORDERS); it Orders them itself once it goes on."""
    while targets:
        t = targets.pop(0)
        cid = order_drink(state, seat)
        if cid is not None:
            state.seats[t].drink_me.append(cid)
            emit(state, "ordered", seat=seat, target=t)
        if targets and state.options and extensions.pause_orders(state, seat, targets, card):
            return True
    return False


def refillable(state: State) -> int:
    """How many Drink cards could refill an empty Drink Deck (its discards, a Bar Deck)."""
    return len(state.drink_discard) + (extensions.reserve(state) if state.options else 0)
