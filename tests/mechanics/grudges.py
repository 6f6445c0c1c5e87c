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

What people read of it (its sentences, prompt, buttons, counter and chart: `engine.words`) and
how the heuristic bot values it (`games.ai.hints`) are registered here too, beside its rules;
nothing under games/ names it.
"""
from games.engine.core import extensions
from games.engine.core.frames import pop, push
from games.engine.core.interpreter import behaviour
from games.engine.core.ops import change_fortitude, change_token, emit
from games.engine.core.primitives import nat, register, short_name
from games.engine.core.prompt import Prompt
from games.engine.core.words import (REASONS, SERIES, TOKENS, asks, counter, labels, limit, plural, says, shows,
                                     thresholds)

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


# --- its words -----------------------------------------------------------------------

TOKENS[TOKEN] = "Grudges"
REASONS.update({"vendetta": "settled Vendetta", "forgive": "forgiveness"})
SERIES[TOKEN] = "Grudges (the Grudge-Keeper)"
asks(FRAME, "Your grudges are settled: keep one of the revealed Vendetta cards; the others go under the deck.",
     "Vendetta")
shows(FRAME)(lambda fr, who, names: {"title": f"{who} settles a Vendetta"})
says("vendetta")(lambda fx, s, t: f"{s} settles a Vendetta: {plural(fx.get('count', 0), 'card')} revealed to them.")
says("vendetta_kept")(lambda fx, s, t: f"{s} kept a Vendetta card; {fx.get('returned', 0)} went under the deck.")
labels("keep_vendetta")(lambda d, a: f"Keep {a.titles.get(d.get('card'), 'this card')}")
labels("forgive")(lambda d, a: "Forgive: drop your grudges and gain 1 Fortitude each")


@counter
def _grudges(tokens: dict, zones: dict, character) -> list[dict]:
    if TOKEN not in tokens:
        return []
    have = tokens.pop(TOKEN)
    at = next((n for n, _ in thresholds(character, TOKEN)), limit(character, TOKEN, 3))
    return [{"name": "Grudges", "text": f"{have} / {at} · at {at} a Vendetta is settled", "key": TOKEN,
             "meter": {"value": have, "max": at}}]


# --- what the heuristic bot makes of it --------------------------------------------------

from games.ai import hints  # noqa: E402  (the bot's side, after the rules it reads)


@hints.decision("forgive")
def _forgive_hint(t, d, kit) -> float:
    """Forgive when the Fortitude is needed: each grudge is 1 Fortitude, worth most when low."""
    have = (t.mine.get("tokens") or {}).get(TOKEN, 0)
    return t.worth(t.margin(t.me) + have) - t.worth(t.margin(t.me)) - 0.5


@hints.decision("keep_vendetta")
def _keep_hint(t, d, kit) -> float:
    """Keep the revealed card most worth keeping."""
    c = t.card(d.get("card"))
    return kit.keep(t, getattr(c, "effect", "")) if c is not None else 0
