"""Primitive changes to the state, each clamped and each narrated as an Effect.

Every rule module changes Gold, Fortitude, Alcohol Content and cards only
through these functions, so the clamps (digest §3) and the Effects that feed
narration live in one place.
"""
from . import extensions, hooks
from .content import of
from .rng import shuffle
from .state import MAX_STAT, State
from .teams import one_per_team

# Effects collected during one `apply`; flow.apply hands them to the caller.
def emit(state: State, kind: str, **data) -> None:
    data["type"] = kind
    state._fx.append(data)


def card(state: State, cid: int):
    return of(state).cards[state.cards[cid]]


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

def change_token(state: State, seat: int, name: str, delta: int, **why) -> int:
    s = state.seats[seat]
    cap = of(state).characters[s.character].tokens.get(name, {}).get("max")
    have = s.tokens.get(name, 0)
    new = max(0, have + delta if cap is None else min(cap, have + delta))
    s.tokens[name] = new
    emit(state, "token", seat=seat, token=name, delta=new - have, asked=delta, now=new, **why)
    if new != have:
        hooks.on_token(state, seat, name, new)
    return new - have


# --- Gold: a stash never goes below 0; the Inn is unlimited (digest §3) -----

INN = "inn"
POT = "pot"


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
            hooks.run(state, seat, "after_draw")        # e.g. Phyll shelves the Mix-ins he drew
    return drawn


def refill_hand(state: State, seat: int) -> None:
    missing = hooks.value(state, seat, "hand_size") - len(state.seats[seat].hand)
    if missing > 0:
        draw_cards(state, seat, missing)


def discard_card(state: State, cid: int) -> None:
    """A played or discarded character card goes to its owner's discard pile."""
    owner = state.owner[cid]
    if owner.__class__ is int:
        s = state.seats[owner]
        if s.zones:                       # a side deck's own discard pile; cards Glared under it
            _to_zone_pile(state, owner, cid)
        else:
            s.discard.append(cid)
    elif owner == "drink":
        state.drink_discard.append(cid)
    else:                                 # a shared deck's card (a Brawler) to that deck's discard
        state.zones.setdefault(owner + ":discard", []).append(cid)


def _to_zone_pile(state: State, seat: int, cid: int) -> None:
    """Seat `seat`'s own card `cid` is discarded (it played it, or discarded it), and the seat
    has zones (docs/content-model.md, "Zones"): a side deck's card goes to its own discard pile
    (`"discard": true`), and cards put under it (Nerodia's Glare) go back to their owners."""
    s = state.seats[seat]
    deck = of(state).cards[state.cards[cid]].deck
    home = None
    for name, z in of(state).characters[s.character].zones.items():
        if z.get("discard") and z.get("deck") == deck:
            home = name + ":discard"
            break
    if home is None:
        s.discard.append(cid)
    else:
        s.zones.setdefault(home, []).append(cid)
    under = s.zones.pop(f"under:{cid}", None)
    if under:
        for c in under:
            to_owner(state, c)
        emit(state, "returned", seat=seat, card=cid, count=len(under), reason="glare")


def to_owner(state: State, cid: int) -> None:
    """A card goes back to the hand of the seat it came from; an eliminated seat's card is
    discarded instead [003:613]."""
    owner = state.owner[cid]
    if owner.__class__ is int and not state.seats[owner].out:
        state.seats[owner].hand.append(cid)
    else:
        discard_card(state, cid)


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
