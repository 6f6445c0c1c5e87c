"""Team variants (digest §15) and Two-Headed Dragon (§17.1), plugged in at the variant hook
points of `variants.py`; who is on whose team is `teams.py` (seats sharing a mat).

- **The shared turn** [001:1350-1390]: the active team plays each phase together, seat by
  seat. Each teammate does its part of a phase (discards; plays at most one Action; orders one
  of the team's Drinks; drinks; may play a card after drinking), then the next teammate does
  theirs; the phase moves on when every teammate is done. The team goes in seat order, and in
  the Action and Drink phases the seat asked first may let its partner go first (`defer`).
  Nobody draws until every teammate has discarded. `state.active` is the seat whose part is
  being played; `counts["done"]` lists the teammates done with this phase.
- **Potions** [001:1319-1326]: `tokens["potions"]` on the team's first seat; any teammate may
  drink one whenever it is asked anything (`potion` decisions); a team about to lose is asked
  in the last-chance window for them alone. Not Negatable, not Ignorable: they change the mat
  directly (R-TEAM-POTION).
- **Champions** [001:1392-1479]: before a Drink Event starts, and when a card that starts a
  Round of Gambling or affects "each player (including you)" is played, each other team
  chooses its Champion (prompt `champion`); the player who revealed or played it is its own
  team's. The chosen seats are written on the event or card (`champions`) and only they take
  part (`seating.taking_part`, `steps.seats_of`).
"""
from ..core.prompt import Prompt
from ..core.frames import find, push
from ..core.ops import INN, change_alcohol, change_fortitude, emit, gain_gold
from ..core.seating import living_from, napping, order_from
from ..core.state import State
from ..core.steps import flags_of, frame_steps, live_steps
from ..core.teams import one_per_team, team
from ..core.variants import Variant, register
from ..core.words import CONFIRMS, UNCHARTED, asks, labels, says, shows

POTION_EFFECTS = ("fortitude", "alcohol", "gold")      # +6 Fortitude, -6 Alcohol, +3 Gold from the Inn


def members(state: State, seat: int) -> list[int]:
    """The seat's team still in the game, in seat order."""
    return [s for s in team(state, seat) if not state.seats[s].out]


def lead(state: State, seat: int) -> int:
    """The team's first seat: it keeps the team's Potions and speaks for it in a Champion choice."""
    return team(state, seat)[0]


def potions(state: State, seat: int) -> int:
    return state.seats[lead(state, seat)].tokens.get("potions", 0)


class TeamVariant(Variant):
    """The general team rules (§15); a team variant says its sizes and numbers."""
    team_size = 2
    potions = 2
    gold = 10
    frames = frozenset({"champions"})
    decisions = frozenset({"potion", "defer", "champion"})

    # --- set-up ------------------------------------------------------------------------------

    def mat_of(self, seat: int, n: int) -> int:
        return seat // self.team_size                # teammates sit together [001:1800-1801]

    def starting_gold(self, n: int) -> int:
        return self.gold                             # per team, whatever the table's size [001:1316]

    def team_label(self, seat: int, n: int) -> str:
        return f"Team {'ABCD'[self.mat_of(seat, n)]}"

    def setup(self, state: State) -> None:
        for s in range(0, len(state.seats), self.team_size):
            state.seats[s].tokens["potions"] = self.potions

    def first_active(self, state: State, seat: int) -> int:
        return lead(state, seat)

    # --- the shared turn ---------------------------------------------------------------------

    def finish_part(self, state: State, nxt: str) -> None:
        c = state.counts
        done = c.setdefault("done", [])
        if state.active not in done:
            done.append(state.active)
        for k in ("actions", "acted", "drinks"):    # each teammate's own Action and Drink to order
            c.pop(k, None)
        mates = members(state, state.active)
        # A teammate asleep ("Bat nap") skips the phases left; the others play them [001:1678-1680].
        left = [s for s in mates if s not in done and not napping(state, s)]
        if left:
            state.active = left[0]
            return
        c.pop("done", None)
        c.pop("deferred", None)
        awake = [s for s in mates if not napping(state, s)] or mates
        if awake:
            state.active = awake[0]
        super().finish_part(state, nxt)

    def drawing(self, state: State, seat: int) -> list[int]:
        """Everyone discards first, then all refill at once [001:1354-1357]."""
        done = state.counts.get("done", [])
        mates = members(state, seat)
        return [] if any(s != seat and s not in done for s in mates) else mates

    def discarding(self, state: State) -> bool:
        """A teammate has discarded; the team refills together once all have [001:1355-1357]."""
        return state.phase == "discard" and bool(state.counts.get("done"))

    def turn_seats(self, state: State) -> list[int]:
        return members(state, state.active)

    def next_active(self, state: State) -> int:
        mine = team(state, state.active)
        for s in order_from(state, state.active)[1:]:
            if not state.seats[s].out and s not in mine:
                return members(state, s)[0]
        return state.active

    def phase_extras(self, state: State, seat: int, phase: str) -> list[dict]:
        """"In any order" [001:1359, 1373]: the first seat asked may let its partner go first."""
        if phase not in ("action", "drink") or state.counts.get("deferred"):
            return []
        done = state.counts.get("done", [])
        if any(s != seat and s not in done for s in members(state, seat)):
            return [{"seat": seat, "type": "defer"}]
        return []

    # --- Potions -----------------------------------------------------------------------------

    def _potion_decisions(self, state: State, seat: int) -> list[dict]:
        if potions(state, seat) <= 0:
            return []
        return [{"seat": seat, "type": "potion", "effect": e} for e in POTION_EFFECTS]

    def decorate(self, state: State, prompt):
        if any(d["type"] == "potion" for d in prompt.decisions):
            return prompt
        extra = self._potion_decisions(state, prompt.seat)
        if not extra:
            return prompt
        return Prompt(prompt.seat, prompt.kind, prompt.decisions + extra, prompt.subsets)

    def window_extras(self, state: State, seat: int, frame: dict) -> list[dict]:
        """A team about to lose may still drink a Potion in its last chance (R-TEAM-POTION)."""
        if frame["f"] != "last_chance" or not any(s in frame["danger"] for s in team(state, seat)):
            return []
        return self._potion_decisions(state, seat)

    def _drink_potion(self, state: State, seat: int, effect: str) -> None:
        keeper = state.seats[lead(state, seat)]
        keeper.tokens["potions"] -= 1
        emit(state, "potion", seat=seat, effect=effect, left=keeper.tokens["potions"])
        if effect == "fortitude":
            change_fortitude(state, seat, 6, reason="potion")
        elif effect == "alcohol":
            change_alcohol(state, seat, -6, reason="potion")
        else:
            gain_gold(state, seat, 3, INN, reason="potion")

    # --- Champions ---------------------------------------------------------------------------

    def champions(self, state: State, fr: dict, seat: int) -> bool:
        if "champions" in fr or not _needs_champions(state, fr):
            return False
        # The revealer is its team's Champion, except for an event revealed at the end of a shared
        # turn (a Dungeon Event: every team chooses [001:1404-1406]).
        every = bool(fr.get("every_team_chooses"))
        fr["champions"] = [] if every else [seat]
        ask = []
        for s in one_per_team(state, living_from(state, seat))[0 if every else 1:]:   # each (other) team
            mates = members(state, s)
            if len(mates) == 1:
                fr["champions"].append(mates[0])     # nothing to choose
            else:
                ask.append(mates[0])
        if not ask:
            fr["champions"].sort()
            emit(state, "champions", seats=list(fr["champions"]), on=fr["id"])
            return False
        push(state, {"f": "champions", "on": fr["id"], "ask": ask, "for": fr["f"]})
        return True

    def prompt(self, state: State, frame: dict):
        asked = frame["ask"][0]
        return Prompt(asked, "champion",
                      [{"seat": asked, "type": "champion", "champion": m} for m in members(state, asked)])

    def _choose(self, state: State, frame: dict, champion: int) -> None:
        target = find(state, frame["on"])
        target["champions"].append(champion)
        emit(state, "champion", seat=frame["ask"].pop(0), champion=champion)
        if not frame["ask"]:
            state.stack.pop()          # not frames.pop: the window below neither re-opens nor changes
            target["champions"].sort()
            emit(state, "champions", seats=list(target["champions"]), on=target["id"])

    # --- decisions ---------------------------------------------------------------------------

    def execute(self, state: State, d: dict, ctx) -> None:
        kind, seat = d["type"], d["seat"]
        if kind == "potion":
            self._drink_potion(state, seat, d["effect"])
        elif kind == "defer":
            state.counts["deferred"] = True
            partner = next(s for s in members(state, seat) if s != seat and s not in state.counts.get("done", []))
            emit(state, "defer", seat=seat, to=partner, phase=state.phase)
            state.active = partner
        else:
            self._choose(state, ctx[1], d["champion"])


def _needs_champions(state: State, fr: dict) -> bool:
    """A Drink Event affects all players; so does a card that starts a Round of Gambling or
    affects "each player (including you)" (a step for `all`, or everyone drinking) [001:1398-1402]."""
    if fr["f"] == "event" or fr.get("affects_all"):    # a Drink Event, or another event for all (§15.5)
        return True
    if fr["f"] != "card":
        return False
    flags = flags_of(state, fr)
    if "everyone" in flags or ("ante_as_action" in flags and fr["as"] == "action"):
        return True
    return any(st.get("who") == "all" for st in live_steps(frame_steps(state, fr), fr["args"]))


class TwoHeadedDragon(TeamVariant):
    """Two-Headed Dragon [001:1790-1817; 003:809-827]: teams of two sitting together, hand size
    7, 2 Potions and 10 Gold per team, the team orders two Drinks (one per teammate)."""
    name = "two-headed-dragon"
    lobby, offered = "Two-Headed Dragon (teams)", 1
    about = "Teams of two (4, 6 or 8 players): seats 1-2, 3-4... share Fortitude, Alcohol and Gold"

    def check_seats(self, n: int):
        if n not in (4, 6, 8):
            return "Two-Headed Dragon is played by teams of two sitting together: 4, 6 or 8 seats."
        return None


register(TwoHeadedDragon())


# --- words (core/words.py) ---

POTION_WORDS = {"fortitude": "to gain 6 Fortitude", "alcohol": "to lose 6 Alcohol", "gold": "for 3 Gold from the Inn"}


@says("potion")
def _potion(fx, s, t):
    return f"{s} drank one of the team's Potions {POTION_WORDS.get(fx.get('effect'), '')} ({fx.get('left', 0)} left)."


@says("champion")
def _champion(fx, s, t):
    return f"{s}'s team chose {t.who(fx.get('champion'))} as its Champion."


@says("champions")
def _champions(fx, s, t):
    return "Champions: " + ", ".join(t.who(x) for x in fx.get("seats", [])) + "."


@says("defer")
def _defer(fx, s, t):
    return f"{s} let {t.who(fx.get('to'))} go first."


def champion_for(stack: list, names: list[str]) -> str:
    """What the Champions being chosen are for: the Drink Event or the card that asked for them
    (the `champions` frame names the frame it is `on`), in words."""
    fr = next((f for f in reversed(stack) if f.get("f") == "champions"), None)
    on = next((f for f in stack if fr is not None and f.get("id") == fr.get("on")), None)
    if on is None:
        return ""
    card = on.get("event_card") or on.get("card") or {}
    seat = on.get("seat", on.get("revealer"))
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""
    title = card.get("title") or "it"
    if on.get("f") == "event":
        return f"the Drink Event {title}" + (f" revealed by {who}" if who else "")
    return f"{title}" + (f", played by {who}" if who else "")


def _choose(view: dict, names: list, decisions: list) -> str:
    why = champion_for(view.get("stack") or [], names)
    candidates = [names[d["champion"]] for d in decisions if d.get("type") == "champion"]
    out = f"Your team chooses its Champion for {why}" if why else "Your team chooses its Champion"
    out += ": only the Champions take part in it."
    return out + (" Choose " + " or ".join(candidates) + "." if candidates else "")


def _waiting(view: dict, names: list) -> str | None:
    seat = (view.get("prompt") or {}).get("seat")
    if not isinstance(seat, int):
        return None
    why = champion_for(view.get("stack") or [], names)
    return f"Waiting for {names[seat]}'s team to choose its Champion" + (f" for {why}" if why else "") + "…"


asks("champion", _choose, "choosing Champions", waiting=_waiting)


def _confirm(label: str, view: dict, seat) -> str:
    potions = next((t["potions"] for t in view.get("teams") or [] if seat in t["seats"]), 0)
    return f"{label}? Your team has {potions} left."


CONFIRMS["potion"] = _confirm
shows("champions")(lambda fr, who, names: {"title": "Champions"})
UNCHARTED.add("potions")         # the team's, charted nowhere: its Effects tell each one drunk
POTION_LABELS = {"fortitude": "Drink a Potion: gain 6 Fortitude", "alcohol": "Drink a Potion: lose 6 Alcohol",
                 "gold": "Drink a Potion: take 3 Gold from the Inn"}
labels("potion")(lambda d, a: POTION_LABELS.get(d.get("effect"), "Drink a Potion"))
labels("champion")(lambda d, a: f"{a.names[d['champion']]} is our Champion")
labels("defer")(lambda d, a: "Let my teammate go first")
