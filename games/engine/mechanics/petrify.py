"""Nerodia the Petrifier: Petrify, Decay and Glare (digest §14.7, [003:587-621]).

Her Petrification Pile is a hidden zone of hers (`petrified`; top = last element). Cards in it
keep their owners (`State.owner`), so they go back to the hands they came from.

- `petrify` (`amount`, `who`): each seat named gives that many cards of its choice from its
  hand (prompt `petrify`, one card at a time; a short hand gives what it has; nobody sees the
  choice), face down, to the **bottom** of her pile; cards given at the same time go under in
  a seeded random order [003:591-593]. She never Petrifies her own cards [003:595]; a seat
  that Ignores the card does not Petrify; a Negated card Petrifies nobody [003:599]. The rest
  of the card waits for the choices (a `then` frame, as under pending changes).
- `decay` (a `turn_start` hook): the top card goes back to its owner's hand [003:603].
- `glare` (`cost`, `steps`): as she plays the card she may declare it (decision `"glare": 1`)
  if her pile holds at least `cost` cards; the top `cost` cards go face down under the card
  (zone `under:<id>`, zones.py) and come back to their owners' hands when the card is
  discarded, even if Negated or Ignored; its `steps` run when the card resolves [003:605-611].
- `unpetrify` (an `on_elimination` hook with `"whose": "any"`): when she leaves the game,
  every card in her pile goes back to its owner [003:597]. An eliminated owner's cards stay
  in the pile; when they would go back they are discarded [003:613].
"""
from ..core.choices import ask, handler
from ..core.ops import emit
from ..core.primitives import PRIMITIVES, nat, register, selector, short_name
from ..core.rng import shuffle
from ..core.steps import seat_ignores, seats_of
from ..core.interpreter import BEHAVIOUR, behaviour, run_steps
from ..core.changes import WAIT
from ..core.resolve import go_on
from ..core.ops import to_owner
from ..core.words import CHARTED_ZONES, PICKS, PLAY_ARGS, SERIES, Pick, asks, counter, plural, says

PILE = "petrified"


def _run_petrify(state, fr, step):
    player = fr["seat"]
    zone = step.get("zone", PILE)
    queue = []
    for v in seats_of(state, fr, step["who"]):
        if v == player or state.seats[v].out or seat_ignores(state, fr, v):
            continue
        n = min(step["amount"], len(state.seats[v].hand))
        queue.extend([v] * n)
    if not queue:
        return None
    state.seats[player].zones.setdefault(zone, [])
    _next(state, player, zone, queue, fr["card"])
    return WAIT


def _next(state, player, zone, queue, card) -> None:
    v = queue[0]
    ask(state, v, "petrify", "hand", then="petrify", player=player, zone=zone, queue=queue[1:], card=card)


@handler("petrify")
def _given(state, fr, option):
    """One card given; when the last is in, they go under the pile in a random order. Until
    then they wait face down in her zone `<zone>:new`."""
    player, zone, queue = fr["player"], fr["zone"], fr["queue"]
    new = state.seats[player].zones.setdefault(zone + ":new", [])
    if option is not None and option in state.seats[fr["seat"]].hand:
        state.seats[fr["seat"]].hand.remove(option)
        new.append(option)
        emit(state, "petrified", seat=fr["seat"], by=player)
    if queue:
        _next(state, player, zone, queue, fr["card"])
        return
    given = state.seats[player].zones.pop(zone + ":new")
    n = state.shuffles.get(zone, 0) + 1                 # several at once: a random order [003:593]
    state.shuffles[zone] = n
    shuffle(given, state.seed, f"seat{player}.{zone}", n)
    pile = state.seats[player].zones.setdefault(zone, [])
    pile[0:0] = given                                   # under the pile: the bottom is the first
    go_on(state, fr["card"])


def _run_decay(state, fr, step):
    seat = fr["seat"]
    pile = state.seats[seat].zones.get(step.get("zone", PILE))
    if not pile or state.seats[seat].out:
        return
    cid = pile.pop()
    emit(state, "decayed", seat=seat, to=state.owner[cid])
    to_owner(state, cid)


def _run_unpetrify(state, fr, step):
    seat = fr["seat"]
    if fr["args"].get("target") != seat:                # only when she herself leaves the game
        return
    pile = state.seats[seat].zones.get(step.get("zone", PILE)) or []
    for cid in reversed(list(pile)):
        pile.remove(cid)
        to_owner(state, cid)
    emit(state, "unpetrified", seat=seat)


# --- Glare ----------------------------------------------------------------------------------

def _pile_of(state, seat, step):
    return state.seats[seat].zones.get(step.get("zone", PILE)) or []


def _args_glare(state, seat, card, step, ctx, chosen):
    out = [{}]
    if len(_pile_of(state, seat, step)) >= step["cost"]:
        out.append({"glare": 1})
    return out


def _played_glare(state, fr, step):
    """The Glare cost is paid as the card is played: the top cards go under it [003:605]."""
    if not fr["args"].get("glare"):
        return
    pile = _pile_of(state, fr["seat"], step)
    paid = [pile.pop() for _ in range(min(step["cost"], len(pile)))]
    state.seats[fr["seat"]].zones[f"under:{fr['card']}"] = paid
    emit(state, "glare", seat=fr["seat"], card=fr["card"], count=len(paid))


def _run_glare(state, fr, step):
    if fr["args"].get("glare"):
        run_steps(state, fr, step["steps"])


def _affects_glare(state, fr, step, seat):
    out = set()
    if fr["args"].get("glare"):
        for st in step["steps"]:
            out |= BEHAVIOUR[st["do"]].affects(state, fr, st, seat)
    return out


def _steps_list(v):
    """a list of steps"""
    return isinstance(v, list) and bool(v) and all(isinstance(x, dict) and "do" in x for x in v)


register("petrify", "The seats named by `who` (never the player herself) each give `amount` cards of their choice "
         "from their hand, face down, to the bottom of the player's Petrification Pile (zone `zone`, default "
         "`petrified`) [003:591-599].", {"amount": nat, "who": selector}, {"zone": short_name})
register("decay", "Decay (a turn_start hook): the top card of the player's Petrification Pile goes back to its "
         "owner's hand [003:603].", optional={"zone": short_name})
register("unpetrify", "When the player leaves the game (an on_elimination hook, whose: any), every card in her "
         "Petrification Pile goes back to its owner [003:597].", optional={"zone": short_name})
register("glare", "GLARE `cost`: as the card is played the player may declare it (decision `glare`) if her pile "
         "holds `cost` cards; they go under the card and return to their owners when it is discarded, even if "
         "Negated; `steps` run when it resolves [003:605-611].", {"cost": nat, "steps": _steps_list},
         {"zone": short_name})
behaviour("petrify", run=_run_petrify)
behaviour("decay", run=_run_decay)
behaviour("unpetrify", run=_run_unpetrify)
behaviour("glare", run=_run_glare, args=_args_glare, played=_played_glare, affects=_affects_glare)
assert "glare" in PRIMITIVES


# --- words (core/words.py) ---

PLAY_ARGS["glare"] = (", with its Glare", "with its Glare")


@says("petrified")
def _petrified(fx, s, t):
    return f"{s} Petrified a card, face down, into {t.who(fx.get('by'))}'s Petrification Pile."


@says("decayed")
def _decayed(fx, s, t):
    return f"Decay: the top card of {s}'s Petrification Pile went back to {t.who(fx.get('to'))}."


@says("unpetrified")
def _unpetrified(fx, s, t):
    return f"{s}'s Petrification Pile went back to the hands it came from."


@says("glare")
def _glare(fx, s, t):
    return f"{s} Glared with {plural(fx.get('count', 0), 'card')} of the Petrification Pile."


@says("returned")
def _returned(fx, s, t):
    n = fx.get("count", 0)
    return f"{n} Glared card{'s' if n != 1 else ''} went back to the hands they came from."


asks("petrify", "You must Petrify a card: choose a card of your hand to give, face down, to Nerodia's Petrification Pile.",
     "Petrify")
PICKS["petrify"] = Pick(lambda option, titles: f"Petrify {titles.get(option, 'this card')}", "{who} Petrifies a card for")


@counter
def _pile(tokens: dict, zones: dict, character) -> list[dict]:
    for name in [k for k in zones if k.startswith("under:") or k.endswith(":new")]:
        zones.pop(name)                   # cards face down under a Glare, or being Petrified
    if "petrified" not in zones:
        return []
    n = zones.pop("petrified").get("count", 0)
    return [{"name": "Petrification Pile", "text": f"{plural(n, 'card')} face down (nobody may look)", "key": "petrified"}]
SERIES["petrified"] = "Petrification Pile (Nerodia)"
CHARTED_ZONES.append("petrified")
