"""[test fixture] Grudges: a mechanic no printed card has, built as one module outside the
engine to show that a character's own mechanic needs its pack, this module and its scenarios,
and no change to the engine's core (docs/engine.md, "Where things live"; issue 38).

Its character (`tests/packs/fixture-mechanic/grudge-keeper.json`) holds a `grudge` token and
a hidden side deck, `vendetta`:

- **The threshold.** When her grudges reach 3 (her pack's `on_token` hook), she settles them:
  `vendetta` (a step primitive of this module) reveals the top `look` cards of the side deck,
  face up, and asks her (frame and prompt `vendetta`, decision `keep_vendetta`) which one to
  take into her hand; the others go to the bottom of the side deck, in the order revealed, and
  her grudges go back to 0. With the side deck empty she takes nothing and keeps her grudges.
- **Letting go.** In her Action phase, while she holds a grudge, she may `forgive` (a decision
  this module adds to the Action phase through `Mechanic.actions`): her grudges go to 0 and she
  gains 1 Fortitude for each. The phase goes on: she may still play her Action.
"""
from games.engine.core import extensions
from games.engine.core.frames import pop, push
from games.engine.core.interpreter import behaviour
from games.engine.core.ops import change_fortitude, change_token, emit
from games.engine.core.primitives import nat, register, short_name
from games.engine.core.prompt import Prompt

TOKEN = "grudge"
FRAME = "vendetta"


def _run_vendetta(state, fr, step):
    seat = fr["seat"]
    pile = state.seats[seat].zones.get(step["zone"]) or []
    if state.seats[seat].out or not pile:
        return
    shown = [pile.pop() for _ in range(min(step["look"], len(pile)))]      # the top is the end
    emit(state, "vendetta", seat=seat, count=len(shown))
    push(state, {"f": FRAME, "seat": seat, "cards": shown, "zone": step["zone"], "token": step["token"]})


def _prompt(state, fr):
    seat = fr["seat"]
    return Prompt(seat, FRAME, [{"seat": seat, "type": "keep_vendetta", "card": cid} for cid in fr["cards"]])


def _keep(state, decision, fr):
    pop(state)
    seat, kept = fr["seat"], decision["card"]
    state.seats[seat].hand.append(kept)
    rest = [cid for cid in fr["cards"] if cid != kept]
    state.seats[seat].zones[fr["zone"]][0:0] = reversed(rest)            # under the pile, first revealed lowest
    emit(state, "vendetta_kept", seat=seat, card=kept, returned=len(rest))
    have = state.seats[seat].tokens.get(fr["token"], 0)
    change_token(state, seat, fr["token"], -have, reason="vendetta")


def _forgive(state, decision, phase):
    seat = decision["seat"]
    have = state.seats[seat].tokens.get(TOKEN, 0)
    change_token(state, seat, TOKEN, -have, reason="forgive")
    change_fortitude(state, seat, have, reason="forgive")


class Grudges(extensions.Mechanic):
    def actions(self, state, seat):
        if state.seats[seat].tokens.get(TOKEN, 0) > 0:
            return [{"seat": seat, "type": "forgive"}]
        return []


register("vendetta", "[test fixture] Reveal the top `look` cards of the player's side deck `zone` to them; they keep "
         "one in hand, the rest go under the deck, and their `token` goes back to 0 (tests/mechanics/grudges.py).",
         {"zone": short_name, "token": short_name, "look": nat})
behaviour("vendetta", run=_run_vendetta)
extensions.register_mechanic(Grudges())
extensions.FRAMES[FRAME] = _prompt
extensions.FRAME_CARDS[FRAME] = lambda fr: fr["cards"]
extensions.DECISIONS.update(keep_vendetta=_keep, forgive=_forgive)
