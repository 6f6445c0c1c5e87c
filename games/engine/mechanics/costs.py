"""Token costs paid as a card is played (Vlazlo's Blood costs [001:1060-1067]).

`spend_token` is a step a card lists first: the card is offered only while its player
holds `amount` of `token`, and the tokens are spent the moment the card is played, so a
card that is then Negated or Ignored gives nothing back. Nothing happens when the card
resolves.
"""
from ..core import primitives
from ..core.ops import change_token
from ..core.interpreter import behaviour

primitives.register("spend_token", "A cost: the card may be played only by a player holding `amount` of `token`, "
                    "spent as it is played (no refund if the card is Negated or Ignored).",
                    {"token": primitives.short_name, "amount": primitives.nat})


def _args(state, seat, card, step, ctx, chosen):
    return [{}] if state.seats[seat].tokens.get(step["token"], 0) >= step["amount"] else []


def _pay(state, fr, step):
    if step["amount"]:
        change_token(state, fr["seat"], step["token"], -step["amount"], reason="cost", card=fr["card"], by=fr["seat"])


behaviour("spend_token", args=_args, on_play=_pay)
