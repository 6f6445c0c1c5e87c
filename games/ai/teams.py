"""What the heuristic bot does in a team game (docs/teams.md): the decisions only team
variants offer. Everything else it already plays for its team through `Table.team`
(never aims at a teammate, defends one, counts a shared mat once).

- **Potions**: kept for the last chance, where one always comes before the team loses
  (R-TEAM-POTION): there the one that saves the team (or helps most) is drunk; the Gold Potion
  when the team is out of Gold. Drunk earlier only when it loses nothing to the clamps and the
  team is close to passing out.
- **Champions**: for a Round of Gambling, the teammate holding the most cards that take
  control; otherwise the one holding the most cards that keep a Drink off the team.
- **Defer**: never; the order inside a shared turn changes nothing the bot can see.
"""
from __future__ import annotations

from games.ai import hints
from games.ai.common import Decision, Table, card_of

#: Effects that take control of a Round of Gambling (a good Champion for a Round holds them).
CONTROL = {"raise", "winning_hand", "control", "force_out", "gamble"}
#: Effects that keep a Drink off the team (a good Champion for a Drink Event holds them).
SAVERS = {"ignore_drink", "pass_drink", "leave_or_ignore_drink", "ignore_card_or_drink", "courage", "split_drink"}
MAX_STAT = 20


@hints.decision("potion")
def _potion(t: Table, d: Decision, kit) -> float:
    return potion(t, d.get("effect"))


@hints.decision("champion")
def _champion(t: Table, d: Decision, kit) -> float:
    return champion(t, d.get("champion"))


@hints.decision("defer")
def _defer(t: Table, d: Decision, kit) -> float:
    return -1.0


def potion(t: Table, effect: str) -> float:
    me = t.mine
    fortitude, alcohol, gold = me["fortitude"], me["alcohol"], me["gold"]
    margin = fortitude - alcohol
    last_chance = (t.top or {}).get("f") == "last_chance"
    if effect == "gold":
        return 30.0 if gold <= 0 and last_chance else -3.0
    # the margin each gives; on a tie, lose Alcohol (Fortitude gained now may be capped at 20 later)
    gain = min(6, MAX_STAT - fortitude) if effect == "fortitude" else min(6, alcohol) + 0.1
    if margin <= 0:
        # Passing out: the one that saves the team, else the bigger help (then another).
        return (30.0 if margin + gain > 0 else 20.0) + gain
    if not last_chance and gain >= 6 and margin <= 2:
        return 5.0
    return -3.0


def champion(t: Table, seat: int) -> float:
    """How good a Champion `seat` is for what waits for one (its hand is visible: a teammate)."""
    hand = next((s.get("hand") for s in t.seats if s["seat"] == seat), None) or []
    effects = [getattr(card_of(c), "effect", "") for c in hand]
    wanted = CONTROL if _for_a_round(t) else SAVERS
    return sum(e in wanted for e in effects) - 0.01 * seat


def _for_a_round(t: Table) -> bool:
    top = t.top or {}
    on = next((fr for fr in t.stack if fr.get("id") == top.get("on")), None)
    return bool(on) and on.get("f") == "card" and on.get("effect") in ("gamble", "control")


def rescue(t: Table) -> Decision | None:
    """In the last chance of a team about to lose, the Potion that helps it most (else None)."""
    if (t.top or {}).get("f") != "last_chance":
        return None
    best = max(((potion(t, d.get("effect")), d) for d in t.decisions if d.get("type") == "potion"),
               key=lambda x: x[0], default=None)
    return best[1] if best and best[0] > 0 else None


def hits_us(t: Table, frame: dict, hits) -> bool:
    """Whether an opponent's card frame would hurt me or a teammate (`hits(frame, seat)`)."""
    return frame.get("seat") not in t.team and any(hits(frame, s) for s in t.team)
