"""Sampling full game states that agree with everything one seat can see.

The search bot cannot look at other hands, deck orders or Drink Me! piles, so it imagines
them: every card instance of a game is known from its setup (each character deck and the
Drink Deck in catalogue order), so the cards a seat has *not* seen in public (discard piles,
the stack, the Drink discard, its own hand) are exactly the ones in hidden zones. They are
dealt at random, with the counts the view shows, into other hands, the decks and the Drink Me!
piles and Drink Deck. The result is a `games.engine.State` the engine can play forward.

``determinize`` raises ``Unsupported`` when the view does not add up (e.g. a scenario
position with cards left out of play); callers then fall back to the heuristic bot.
"""
from __future__ import annotations

import random

from games import engine
from games.engine.cards import deck_list


class Unsupported(Exception):
    """This view cannot be turned into a consistent full state."""


def _is_card(d) -> bool:
    return isinstance(d, dict) and "key" in d and "title" in d and "id" in d


def _seen(obj, out: set) -> None:
    if _is_card(obj):
        out.add(obj["id"])
    elif isinstance(obj, dict):
        for v in obj.values():
            _seen(v, out)
    elif isinstance(obj, list):
        for v in obj:
            _seen(v, out)


def _raw(obj):
    """A public frame back into engine data: card views become instance ids."""
    if _is_card(obj):
        return obj["id"]
    if isinstance(obj, dict):
        return {k: _raw(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_raw(v) for v in obj]
    return obj


class Skeleton:
    """What a view fixes once (instances, seen cards, the stack), so each sample is cheap."""

    def __init__(self, view: dict, options: dict | None = None):
        seats = view["seats"]
        me = view["prompt"]["seat"]
        self.view, self.me, self.options = view, me, dict(options or {})
        cards, owner = [], []
        for i, s in enumerate(seats):
            keys = deck_list(s["character"])
            cards += keys
            owner += [i] * len(keys)
        keys = deck_list("drink")
        cards += keys
        owner += [-1] * len(keys)
        seen: set = set()
        _seen(view, seen)
        if any(cid >= len(cards) for cid in seen):
            raise Unsupported("the view shows card instances that the setup does not make")
        self.cards, self.owner = cards, owner
        pools: dict[int, list[int]] = {i: [] for i in range(-1, len(seats))}
        for cid, o in enumerate(owner):
            if cid not in seen:
                pools[o].append(cid)
        for i, s in enumerate(seats):
            need = s["deck_count"] + (0 if "hand" in s else s["hand_count"])   # mine, and a teammate's
            if len(pools[i]) != need:
                raise Unsupported(f"seat {i}: {len(pools[i])} unseen cards for {need} hidden places")
        need = view["drink_deck_count"] + sum(s["drink_me_count"] for s in seats)
        if len(pools[-1]) != need:
            raise Unsupported(f"{len(pools[-1])} unseen Drink cards for {need} hidden places")
        self.pools = pools
        stack = []
        top_index = len(view["stack"]) - 1
        prompt = view["prompt"]
        for n, fr in enumerate(view["stack"]):
            raw = _raw(fr)
            if raw.get("f") == "card" and "params" not in raw:
                raw["params"] = dict(engine.CARDS[cards[raw["card"]]].params)
            if "poll" in raw and "i" not in raw:
                poll = raw["poll"]
                raw["i"] = poll.index(prompt["seat"]) if (n == top_index and prompt["kind"] == "respond"
                                                         and prompt["seat"] in poll) else 0
            stack.append(raw)
        self.stack = stack
        self.next_id = max([fr.get("id", 0) for fr in stack] + [0]) + 1000
        self.decisions = sorted(engine_key(d) for d in prompt["decisions"])

    def sample(self, rng: random.Random) -> engine.State:
        view, me = self.view, self.me
        seats = []
        for i, s in enumerate(view["seats"]):
            pool = list(self.pools[i])
            rng.shuffle(pool)
            if "hand" in s:
                hand = [c["id"] for c in s["hand"]]
            else:
                hand, pool = pool[:s["hand_count"]], pool[s["hand_count"]:]
            seats.append({"character": s["character"], "mat": s["mat"], "tokens": dict(s.get("tokens") or {}),
                          "hand": hand, "deck": pool,
                          "discard": [c["id"] for c in s["discard"]], "drink_me": [],
                          "out": "" if s["status"] == "in" else s["status"]})
        drinks = list(self.pools[-1])
        rng.shuffle(drinks)
        for i, s in enumerate(view["seats"]):
            n = s["drink_me_count"]
            seats[i]["drink_me"], drinks = drinks[:n], drinks[n:]
        shuffles = {f"seat{i}": 0 for i in range(len(seats))}
        shuffles["drink"] = 0
        mats = {}                                 # a team shares one mat (docs/teams.md)
        for s in view["seats"]:
            mats.setdefault(s["mat"], [s["fortitude"], s["alcohol"], s["gold"]])
        data = {
            "mats": [mats[m] for m in sorted(mats)],
            "seed": "%032x" % rng.getrandbits(128), "variant": view["variant"], "options": dict(self.options),
            "cards": self.cards, "owner": self.owner, "seats": seats, "drink_deck": drinks,
            "drink_discard": [c["id"] for c in view["drink_discard"]], "shuffles": shuffles, "box": [],
            "inn": view["inn"], "pot": view["pot"], "active": view["active"], "phase": view["phase"],
            "turn": view["turn"], "counts": dict(view.get("counts") or {}), "stack": _raw(self.stack), "next_id": self.next_id, "over": False,
            "winners": [], "decisions": 0,
        }
        return engine.State.from_dict(data)

    def check(self, state: engine.State) -> None:
        """Raise Unsupported unless the sampled state asks the same seat the same question."""
        prompts = engine.prompts(state)
        want = self.view["prompt"]
        if not prompts or prompts[0].seat != want["seat"] or prompts[0].kind != want["kind"]:
            raise Unsupported("the sampled state asks someone else")
        if sorted(engine_key(d) for d in prompts[0].decisions) != self.decisions:
            raise Unsupported("the sampled state offers other decisions")


def engine_key(decision: dict) -> str:
    import json
    return json.dumps(decision, sort_keys=True)


def determinize(view: dict, rng: random.Random, options: dict | None = None) -> engine.State:
    """One full state consistent with `view` (raises Unsupported)."""
    skeleton = Skeleton(view, options)
    state = skeleton.sample(rng)
    skeleton.check(state)
    return state
