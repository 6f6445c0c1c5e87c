"""Which imagined hands agree with what the other seats did: an experiment of
lab/search_ceiling.py (`--knows history`; docs/lab/ai-notes.md, "Where the gap is"), not a bot.

The search deals the hands it cannot see at random. But an opponent's recent choices say
something about its hand: a seat that let a Drink through held nothing it would have answered
it with; a seat that played one Action held none it liked better. The rollouts already assume
every other seat plays like the heuristic bot, so a sampled hand with which the heuristic
would have chosen otherwise is unlikely, and the search draws another.

A choice is only judged while the hand behind it can be rebuilt from the sample: the hand
then is the hand now plus the cards of that seat that have come into the open since, which
holds when it has drawn nothing in between: its own turn has not come round again (the turn
count has moved on by less than the number of seats playing), its deck is as big as then,
its discard pile still holds what it held, and the counts add up; otherwise the choice is
skipped. The seat's view then is rebuilt from the deciding seat's own view of that moment
(`Seen.view`), with that hand, and the heuristic bot scores its decisions there: the choice
must be one of its best. Nothing else of the sample is constrained, and a choice the rebuild
cannot follow (the state asks someone else, or nothing was on offer) says nothing.

Every decision of a base game is public once made (a card played or discarded is seen), so
telling the search the decisions tells it nothing a player at the table does not know.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from games import engine
from games.ai import heuristic
from games.ai.determinize import Skeleton, Unsupported, engine_key

#: The most recent choices judged per decision; older ones are usually before a draw anyway.
MAX_CHOICES = 6
#: Deals tried for each sample before one that disagrees with the history is played anyway.
TRIES = 16


@dataclass(frozen=True)
class Seen:
    """Another seat's decision and the deciding seat's view just before it was taken."""
    view: dict
    decision: dict


@dataclass(frozen=True)
class _Choice:
    seat: int
    past: Skeleton          # the deciding seat's view of that moment
    unseen: frozenset       # the card ids hidden then
    extra: tuple            # that seat's cards hidden then and in the open now (played since)
    key: str                # the decision taken, as `engine_key` writes it


class Inference:
    """The other seats' latest choices that can be judged from `skeleton`'s view (at most
    ``MAX_CHOICES``, the most recent first), and whether a deal agrees with them."""

    def __init__(self, skeleton: Skeleton, history, me: int, tuning: heuristic.Tuning):
        self.tuning = tuning
        seats = skeleton.view["seats"]
        mat = seats[me].get("mat", me)
        unseen_now = {cid for ids in skeleton.pools.values() for cid in ids}
        self.choices: list[_Choice] = []
        for seen in reversed(history or ()):
            seat = seen.decision.get("seat")
            if not isinstance(seat, int) or seats[seat].get("mat", seat) == mat or "hand" in seats[seat]:
                continue                          # mine, a teammate's, or a hand I see
            choice = _choice(seen, seat, skeleton, unseen_now)
            if choice is not None:
                self.choices.append(choice)
                if len(self.choices) == MAX_CHOICES:
                    break

    def agrees(self, state: engine.State) -> bool:
        """Whether every judged choice is one the heuristic bot makes with the hand `state`
        deals (most recent first: it is the likeliest to tell)."""
        for c in self.choices:
            hand = list(state.seats[c.seat].hand) + list(c.extra)
            if not c.unseen.issuperset(hand):
                continue                          # came to hand some way the counts missed
            past = c.past.sample(random.Random(0), {c.seat: hand})
            prompts = engine.prompts(past)
            if not prompts or prompts[0].seat != c.seat:
                continue
            scored = heuristic.ranked(engine.view(past, c.seat), self.tuning)
            if len(scored) > 1 and not any(s == scored[0][0] and engine_key(d) == c.key for s, d in scored):
                return False
        return True


def _choice(seen: Seen, seat: int, skeleton: Skeleton, unseen_now: set) -> _Choice | None:
    view = dict(seen.view)
    asked = view.get("prompt") or {}
    # The deciding seat's view hides who is asked in a response window and what they are
    # offered; the decision says who, and its offer comes from the rebuilt state.
    view["prompt"] = {"seat": seat, "kind": asked.get("kind"), "decisions": []}
    try:
        past = Skeleton(view, skeleton.options)
    except (Unsupported, KeyError, ValueError):
        return None
    unseen = frozenset(cid for ids in past.pools.values() for cid in ids)
    extra = tuple(sorted(cid for cid in unseen - unseen_now if skeleton.owner[cid] == seat))
    if _drew_since(view, skeleton.view, seat, len(extra)):
        return None
    return _Choice(seat, past, unseen, extra, engine_key(seen.decision))


def _drew_since(then: dict, now: dict, seat: int, played: int) -> bool:
    """Whether `seat`'s hand may have taken in cards unseen between the two views, so that
    the hand now and the `played` cards seen since do not make the hand then."""
    playing = sum(s["status"] == "in" for s in now["seats"])
    was, is_ = then["seats"][seat], now["seats"][seat]
    return (now["turn"] - then["turn"] >= playing                  # its own turn came round
            or is_["deck_count"] != was["deck_count"]
            or not {c["id"] for c in is_["discard"]}.issuperset(c["id"] for c in was["discard"])
            or is_["hand_count"] + played != was["hand_count"])
