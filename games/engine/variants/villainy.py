"""What the printed Boss cards say that no other card does: the "First rule of villainy" family
[001:91-103, 1607-1618, 2069-2071] (docs/boss.md, `packs/boss-cards.json`).

- `discard_type` (`types`, `who`): each seat named discards one card of those types of its
  choice from its hand (prompt `discard_type`, a choice among those cards only, shown only to
  that seat); a seat holding none reveals its hand instead ("unless they reveal a hand with
  no Sometimes Cards"). A seat that Ignores the card discards nothing. The rest of the card
  waits for the choices (a `then` frame, as Petrify's).
- `unstoppable`: "This card can't be Negated or Ignored": no Negate and no Ignore card is
  offered against it. Its Fortitude loss may still be reduced (R-BOSS-UNSTOPPABLE: reducing is
  not Ignoring, [001:1544-1557; 003:787]).
"""
from ..core import steps
from ..core.changes import WAIT
from ..core.resolve import go_on
from ..core.choices import ask, handler
from ..core.ops import discard_card, emit
from ..core.primitives import list_of, register, selector
from ..core.content import CARD_TYPES, of
from ..core.steps import seat_ignores, seats_of, why_of
from ..core.interpreter import behaviour
from ..core.words import PRESENT, says


def _of_types(state, seat: int, types) -> list[int]:
    cards, keys = of(state).cards, state.cards
    return sorted(c for c in state.seats[seat].hand if cards[keys[c]].type in types)


def _run_discard_type(state, fr, step):
    player, types = fr["seat"], list(step["types"])
    queue = []
    for v in seats_of(state, fr, step["who"]):
        if state.seats[v].out or seat_ignores(state, fr, v):
            continue
        if _of_types(state, v, types):
            queue.append(v)
        else:               # the hand is shown to everyone: it holds none of those types
            emit(state, "revealed_hand", seat=v, cards=sorted(state.seats[v].hand), types=types, **why_of(fr))
    if not queue:
        return None
    _next(state, player, queue, types, fr["card"])
    return WAIT


def _next(state, player, queue, types, card) -> None:
    ask(state, queue[0], "discard_type", "hand", then="discard_type", player=player, queue=queue[1:],
        types=types, card=card)


@handler("discard_type")
def _discarded(state, fr, option):
    seat = fr["seat"]
    mine = _of_types(state, seat, fr["types"])
    if option not in mine:                  # asked with one option, taken without asking
        option = mine[0] if mine else None
    if option is not None:
        state.seats[seat].hand.remove(option)
        discard_card(state, option)
        emit(state, "discarded", seat=seat, cards=[option], by=fr["player"])
    if fr["queue"]:
        _next(state, fr["player"], fr["queue"], fr["types"], fr["card"])
        return
    go_on(state, fr["card"])


def unstoppable(state, fr) -> bool:
    """Whether the card frame `fr` can't be Negated or Ignored."""
    return fr is not None and steps.unstoppable(state, fr)


register("discard_type", "The seats named by `who` each discard a card of one of `types` of their choice from "
         "their hand; a seat holding none reveals its hand instead [001:91-103].",
         {"types": list_of(*CARD_TYPES), "who": selector})
register("unstoppable", "This card can't be Negated or Ignored (reducing what it does is still allowed).")
behaviour("discard_type", run=_run_discard_type)
behaviour("unstoppable", flags={"unstoppable"})


# --- words (core/words.py) ---

@says("revealed_hand")
def _revealed_hand(fx, s, t):
    cards = t.titles(fx.get("cards")) or "no cards"
    kinds = " or ".join(fx.get("types") or [])
    return f"{s} showed a hand with no {kinds} card{t.because(fx)}: {cards}."


@says("discarded", by=PRESENT, at_random=None)     # a Boss card's "discard a Sometimes Card"
def _thrown(fx, s, t):
    return f"{s} threw away {t.title((fx.get('cards') or [None])[0])} to {t.who(fx.get('by'))}'s card."
