"""Father Farai's Brews (digest §14.5, [003:542-563]).

Farai has Brew decks: zones of his with `"brew": true` (Beer, Wine, Spirits), each a side
deck with its top card face up (`"visibility": "top"`) and a discard pile of its own
(`"discard": true`: Brews never reshuffle). His token `farai` says which Brew he is working
on (0: none yet; k: the k-th of his Brew zones in name order); a token per Brew zone, named
like it, counts the Progress Tokens on it.

- At setup, after his opening hand, he puts his token at the Brew deck of his choice
  (`brew_setup`, prompt `brew`).
- A card with a Brew symbol carries a rider `{"do": "brew", "brew": "beer"}`: after all its
  effects, if the token is at that Brew, add a Progress Token there; else move the token
  there (no Progress Token). A rider does not run when the card is Negated (R-BREW-NEGATED).
- A card with the mash paddle carries `{"do": "mash_paddle"}`: he chooses (prompt `brew`)
  to move to a different Brew or add a Progress Token to the one he is at.
- When the Progress Tokens on a Brew reach its top card's `progress`, the tokens come off
  and the Brew is played at once, as though an Action card from his hand: it has its
  response window, and afterwards goes to that Brew's discard pile.
- When he finishes a Brew deck's last card, after it resolves he may move his token to
  another Brew deck; a token never moves to an empty Brew deck (it stays).
"""
from dataclasses import dataclass

from ..core.choices import ask, handler
from ..core.content import FACETS, Facts, of
from ..core.frames import push
from ..core.ops import card, change_token, emit
from ..core.primitives import register, short_name
from ..core.state import State
from ..core.interpreter import behaviour
from ..core.words import PICKS, REASONS, SERIES, TOKENS, UNCHARTED, Pick, asks, counter, says

TOKEN = "farai"


@dataclass(frozen=True)
class BrewFacts(Facts):
    """A Brew: the Progress Tokens needed to finish it [003:559]."""
    progress: int


def _facts(c, bad) -> BrewFacts:
    progress = c.get("progress", 0)
    if not isinstance(progress, int) or isinstance(progress, bool) or progress < 0:
        bad("progress", "A Brew's progress is the whole number of Progress Tokens it needs, 0 or more.")
        progress = 0
    return BrewFacts(progress)


FACETS.append((("progress",), _facts))


def brew_zones(state: State, seat: int) -> list[str]:
    zs = of(state).characters[state.seats[seat].character].zones
    return sorted(name for name, z in zs.items() if z.get("brew"))


def at(state: State, seat: int):
    """The Brew zone the seat's token is at, or None."""
    k = state.seats[seat].tokens.get(TOKEN, 0)
    zones = brew_zones(state, seat)
    return zones[k - 1] if 0 < k <= len(zones) else None


def _move(state: State, seat: int, zone: str) -> None:
    if not state.seats[seat].zones.get(zone):
        return                              # never to an empty Brew deck [003:563]
    k = brew_zones(state, seat).index(zone) + 1
    change_token(state, seat, TOKEN, k - state.seats[seat].tokens.get(TOKEN, 0), reason="brew_move")
    emit(state, "brew_moved", seat=seat, brew=zone)


def _work(state: State, seat: int, zone: str) -> None:
    """Add a Progress Token to `zone`; a Brew that has enough is played at once."""
    s = state.seats[seat]
    pile = s.zones.get(zone)
    if not pile:
        return
    change_token(state, seat, zone, 1, reason="brew_progress")
    top = pile[-1]
    need = getattr(card(state, top).facts, "progress", 0)
    if s.tokens.get(zone, 0) < need:
        return
    change_token(state, seat, zone, -s.tokens[zone], reason="brew_done")
    pile.pop()
    c = card(state, top)
    emit(state, "revealed", seat=seat, card=top, title=c.title, source=zone)
    emit(state, "brewed", seat=seat, brew=zone, card=top)
    if not pile:
        # The last Brew of this deck: after it resolves he may move his token [003:561].
        others = [z for z in brew_zones(state, seat) if z != zone and s.zones.get(z)]
        if others:
            ask(state, seat, "brew", others + ["stay"], then="brew_move")
    push(state, {"f": "card", "card": top, "seat": seat, "effect": c.effect, "type": "Action", "args": {},
                 "ignored": [], "inn_pays": [], "leavers": [], "as": "brew"}, poll_from=seat)


def _run_brew(state, fr, step):
    seat = fr["seat"]
    zone = step["brew"]
    if state.seats[seat].out or zone not in brew_zones(state, seat):
        return
    if at(state, seat) == zone:
        _work(state, seat, zone)
    else:
        _move(state, seat, zone)


def _run_paddle(state, fr, step):
    seat = fr["seat"]
    if state.seats[seat].out:
        return
    here = at(state, seat)
    s = state.seats[seat]
    opts = (["work"] if here and s.zones.get(here) else []) + \
        [z for z in brew_zones(state, seat) if z != here and s.zones.get(z)]
    if opts:
        ask(state, seat, "brew", opts, then="brew_paddle")


def _run_setup(state, fr, step):
    seat = fr["seat"]
    opts = [z for z in brew_zones(state, seat) if state.seats[seat].zones.get(z)]
    if opts:
        ask(state, seat, "brew", opts, then="brew_move")


@handler("brew_move")
def _moved(state, fr, option):
    if option not in (None, "stay"):
        _move(state, fr["seat"], option)


@handler("brew_paddle")
def _paddled(state, fr, option):
    if option == "work":
        _work(state, fr["seat"], at(state, fr["seat"]))
    elif option is not None:
        _move(state, fr["seat"], option)


register("brew", "Farai's Brew symbol (a rider: after all the card's effects): add a Progress Token to Brew zone "
         "`brew` if his token is there, else move his token there [003:550-553].", {"brew": short_name})
register("mash_paddle", "Farai's mash paddle (a rider): he chooses to move his token to another Brew or add a "
         "Progress Token to the one he is at [003:555].")
register("brew_setup", "Farai places his token at the Brew deck of his choice (a setup hook) [003:544].")
behaviour("brew", run=_run_brew)
behaviour("mash_paddle", run=_run_paddle)
behaviour("brew_setup", run=_run_setup)


# --- words (core/words.py) ---

TOKENS.update({"beer": "Beer Brew progress", "wine": "Wine Brew progress", "spirits": "Spirits Brew progress",
               TOKEN: None})           # Farai's token moving is told by `brew_moved`
REASONS.update({"brew_progress": "Brew", "brew_done": "finished Brew", "brew_move": "Brew"})


@says("brew_moved")
def _told_moved(fx, s, t):
    return f"{s} moved to work on the {str(fx.get('brew')).capitalize()} Brew."


@says("brewed")
def _brewed(fx, s, t):
    return f"{s} finished a {str(fx.get('brew')).capitalize()} Brew: {t.title(fx.get('card'))} is played at once."


asks("brew", "Your Brews: choose which Brew to work on (Farai's token), or add a Progress Token where you are.",
     "Farai's Brews")
BREW_CHOICES = {"work": "Add a Progress Token to this Brew", "stay": "Stay at this Brew"}
PICKS["brew"] = Pick(lambda option, titles: BREW_CHOICES.get(option) or f"Work on the {str(option).capitalize()} Brew",
                     "{who} works on the Brews")


@counter
def _brews(tokens: dict, zones: dict, character) -> list[dict]:
    """Each Brew deck (its top card only), its Progress and what is brewed, and where
    Farai's token stands."""
    if TOKEN not in tokens:
        return []
    at, out = tokens.pop(TOKEN), []
    for n, z in enumerate(sorted(k for k in zones if ":" not in k and k in tokens), 1):
        deck, done = zones.pop(z), zones.pop(z + ":discard", {})
        top = (deck.get("top") or {}).get("title") or ((deck.get("cards") or [{}])[-1].get("title"))
        text = (f"next: {top}" if top else "no Brews left") + f" · {deck.get('count', 0)} in the deck · " \
               f"{tokens.pop(z)} Progress" + (f" · {done.get('count', 0)} brewed" if done.get("count") else "")
        out.append({"name": f"{z.capitalize()} Brew", "text": text, "here": at == n, "key": f"brew-{z}",
                    "chip": {"text": "Farai", "title": "Farai's token: the Brew he is working on"} if at == n else None})
    if any(e.get("here") for e in out):
        return out
    if all(e["text"].startswith("no Brews left · 0 in the deck · 0 Progress") and "brewed" not in e["text"]
           for e in out):     # no Brew card at all (a sampler: none is printed)
        return [{"name": "Brews", "text": "no Brew cards in this game, so Farai's token has nowhere to go",
                 "key": "brew-none"}]
    return out + [{"name": "Farai's token", "text": "not placed (no Brew to work on)", "key": "brew-none"}]
SERIES.update({"beer": "Beer Brew progress (Farai)", "wine": "Wine Brew progress (Farai)",
               "spirits": "Spirits Brew progress (Farai)"})
UNCHARTED.add(TOKEN)          # where Farai works, not how much
