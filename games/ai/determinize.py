"""Sampling full game states that agree with everything one seat can see.

The search bot cannot look at other hands, deck orders or Drink Me! piles, so it imagines
them: every card instance of a game is known from its setup (each character deck, the Drink
Deck and the side decks characters bring, in the order of the game's content), so the cards a
seat has *not* seen in public (discard piles, the stack, the Drink discard, public zones such
as Minions in play, its own hand) are exactly the ones in hidden places. Each owner's are
dealt at random, with the counts the view shows, into other hands, the decks, the face-down
zones (a side deck's zone only with cards of that deck: bought form cards may be in a seat's
deck, unbought ones only in their zone), the Drink Me! piles and the Drink Deck. The result is
a `games.engine.State` the engine can play forward.

``determinize`` raises ``Unsupported`` when the view does not add up (e.g. a scenario
position with cards left out of play); callers then fall back to the heuristic bot.
"""
from __future__ import annotations

import random

from games import engine
from games.ai import common, hints


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


def _instances(content, seats: list[dict], options: dict | None = None) -> tuple[list[str], list]:
    """Every card instance of the game and its owner, in the order `new_game` makes them:
    each seat's deck, the Drink Deck, then the side decks its character brings (a shared
    one once, owned by the zone's name), then the decks the table options that are on deal
    (the Dungeon Event Deck, Otto's: games/ai/hints.py ``DEALT``)."""
    cards: list[str] = []
    owner: list = []

    def add(keys, who):
        cards.extend(keys)
        owner.extend([who] * len(keys))

    for i, s in enumerate(seats):
        add(content.deck_list(content.characters[s["character"]].deck), i)
    add(content.deck_list("drink"), "drink")
    shared: set = set()
    for i, s in enumerate(seats):
        for name, z in sorted(content.characters[s["character"]].zones.items()):
            if not z.get("deck") or name in shared:
                continue
            if z.get("shared"):
                shared.add(name)
            add(content.deck_list(z["deck"]), name if z.get("shared") else i)
    for name in engine.TABLE_OPTIONS:        # in the order the engine deals them
        deal = hints.DEALT.get(name)
        if deal is not None and (options or {}).get(name):
            add(*deal(content, options))
    return cards, owner


class Skeleton:
    """What a view fixes once (instances, seen cards, the stack), so each sample is cheap."""

    def __init__(self, view: dict, options: dict | None = None):
        seats = view["seats"]
        self.view, self.options = view, dict(view.get("options") or {} if options is None else options)
        content = common.content(view)
        try:
            cards, owner = _instances(content, seats, self.options)
        except KeyError as exc:
            raise Unsupported(f"the game's content has no {exc}") from None
        seen: set = set()
        _seen(view, seen)
        if any(cid >= len(cards) for cid in seen):
            raise Unsupported("the view shows card instances that the setup does not make")
        self.cards, self.owner = cards, owner
        pools: dict = {}
        for cid, o in enumerate(owner):
            if cid not in seen:
                pools.setdefault(o, []).append(cid)
        # Face-down zones: (owner, where, how many, the deck their cards come from).
        self.hidden = []
        for i, s in enumerate(seats):
            for name, z in (s.get("zones") or {}).items():
                if "cards" not in z:
                    deck = content.characters[s["character"]].zones.get(name, {}).get("deck")
                    self.hidden.append((i, (i, name), z["count"], deck))
        for name, z in (view.get("zones") or {}).items():
            if "cards" not in z:
                self.hidden.append((name, (None, name), z["count"], None))
        owners = set(pools) | set(range(len(seats))) | {"drink"} | {who for who, *_ in self.hidden}
        for o in owners:
            need = sum(n for who, _, n, _ in self.hidden if who == o)
            if isinstance(o, int):
                s = seats[o]
                need += s["deck_count"] + (0 if "hand" in s else s["hand_count"])   # mine, and a teammate's
            elif o == "drink":
                need += view["drink_deck_count"] + sum(s["drink_me_count"] for s in seats)
            if len(pools.get(o, ())) != need:
                raise Unsupported(f"{o}: {len(pools.get(o, ()))} unseen cards for {need} hidden places")
        self.pools = pools
        self.decks = {key: c.deck for key, c in content.cards.items()}
        stack = []
        top_index = len(view["stack"]) - 1
        prompt = view["prompt"]
        for n, fr in enumerate(view["stack"]):
            raw = _raw(fr)
            if raw.get("f") == "then":       # the resolving card's own frame under its waiting changes
                del raw["card"]
            if "poll" in raw and "i" not in raw:
                poll = raw["poll"]
                raw["i"] = poll.index(prompt["seat"]) if (n == top_index and prompt["kind"] == "respond"
                                                         and prompt["seat"] in poll) else 0
            stack.append(raw)
        self.stack = stack
        self.next_id = max([fr.get("id", 0) for fr in stack] + [0]) + 1000
        self.decisions = sorted(engine_key(d) for d in prompt["decisions"])

    def _deal(self, rng: random.Random, fixed: set) -> tuple[dict, dict]:
        """Each owner's unseen cards but the `fixed` ones, shuffled, with the face-down zones
        filled first (a side deck's zone only with cards of its deck): (what is left per
        owner, each zone's cards)."""
        pools = {o: [cid for cid in ids if cid not in fixed] if fixed else list(ids) for o, ids in self.pools.items()}
        for ids in pools.values():
            rng.shuffle(ids)
        zones = {}
        for who, where, n, deck in self.hidden:
            pool = pools.get(who, [])
            fits = [cid for cid in pool if deck is None or self.decks[self.cards[cid]] == deck]
            if len(fits) < n:
                raise Unsupported(f"zone {where[1]}: {len(fits)} unseen cards of its deck for {n} places")
            zones[where] = fits[:n]
            taken = set(zones[where])
            pools[who] = [cid for cid in pool if cid not in taken]
        return pools, zones

    def sample(self, rng: random.Random, hands: dict | None = None) -> engine.State:
        """A full state; `hands` (seat -> unseen card ids) puts exactly those in a hand the
        view hides (lab/hand_inference.py asks what another seat held)."""
        view, hands = self.view, hands or {}
        pools, zones = self._deal(rng, {cid for ids in hands.values() for cid in ids})
        seats, mats = [], {}
        for i, s in enumerate(view["seats"]):
            pool = pools.get(i, [])
            if "hand" in s:                     # mine, and a teammate's (docs/teams.md)
                hand = [c["id"] for c in s["hand"]]
            elif i in hands:
                hand = list(hands[i])
            else:
                hand, pool = pool[:s["hand_count"]], pool[s["hand_count"]:]
            mat = s.get("mat", i)
            mats[mat] = [s["fortitude"], s["alcohol"], s["gold"]]
            seats.append({"character": s["character"], "mat": mat, "hand": hand, "deck": pool,
                          "discard": [c["id"] for c in s["discard"]], "drink_me": [],
                          "out": "" if s["status"] == "in" else s["status"], "tokens": dict(s.get("tokens") or {}),
                          "zones": {name: zones[(i, name)] if "cards" not in z else [c["id"] for c in z["cards"]]
                                    for name, z in (s.get("zones") or {}).items()}})
        drinks = pools.get("drink", [])
        for i, s in enumerate(view["seats"]):
            n = s["drink_me_count"]
            seats[i]["drink_me"], drinks = drinks[:n], drinks[n:]
        shared = {name: zones[(None, name)] if "cards" not in z else [c["id"] for c in z["cards"]]
                  for name, z in (view.get("zones") or {}).items()}
        shuffles = {f"seat{i}": 0 for i in range(len(seats))}
        shuffles["drink"] = 0
        shuffles.update({name: 0 for name in shared if not name.endswith(":discard")})
        data = {
            "seed": "%032x" % rng.getrandbits(128), "variant": view["variant"], "options": dict(self.options),
            "cards": self.cards, "owner": self.owner, "seats": seats, "drink_deck": drinks,
            "mats": [mats.get(m, [20, 0, 10]) for m in range(max(mats) + 1)], "zones": shared,
            "drink_discard": [c["id"] for c in view["drink_discard"]], "shuffles": shuffles, "box": [],
            "inn": view["inn"], "pot": view["pot"], "active": view["active"], "phase": view["phase"],
            "turn": view["turn"], "counts": dict(view.get("counts") or {}), "stack": _raw(self.stack),
            "next_id": self.next_id, "over": False, "winners": [], "decisions": 0,
            "content": view.get("content", ""), "tokens": dict(view.get("tokens") or {}),
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
