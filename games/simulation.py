"""Bots and whole-game simulation on top of the engine's public surface.

Pure Python, no Django: used by ``manage.py simulate``, the property tests and the benchmarks.

    >>> from games.simulation import simulate
    >>> summary = simulate(games=10, players=4, seed=1, policy="random")
    >>> summary.errors
    0

A *policy* is a function ``policy(state, prompts, rng) -> decision``: it gets the live state
(read it only, never change it), the non-empty list of prompts and a ``random.Random``, and
returns one of the decision dicts some prompt offers. Policies only ever pick among the
enumerated decisions, so they can never play an illegal move. Besides ``random`` and
``greedy``, every bot of ``games.ai`` (``heuristic``, ``mcts``) is a policy by its name.

Games play the base game, or the content of pack documents (``content_from_files``): a
table's characters are then drawn from every character of that content, or named exactly.
"""
from __future__ import annotations

import hashlib
import json
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from games import engine
from games.ai import BOTS, decision_seed, get_bot
from games.ai.policies import Decision, Policy, greedy_policy, random_policy

#: Decisions per game after which a game counts as an error (a loop or a stall).
DEFAULT_MAX_DECISIONS = 20_000
#: How many error messages a summary keeps.
KEEP_ERRORS = 5


def per_seat(policies: list) -> Policy:
    """A policy that lets seat i's policy decide for seat i (names or functions): for matches
    between bots, e.g. ``per_seat(["greedy", "random", "random", "random"])``."""
    chosen = [get_policy(p) for p in policies]

    def policy(state, prompts: list, rng: random.Random) -> Decision:
        return chosen[prompts[0].seat % len(chosen)](state, prompts, rng)

    policy.__name__ = "per_seat(" + ",".join(getattr(p, "__name__", "?") for p in chosen) + ")"
    return policy


POLICIES: dict[str, Policy] = {"random": random_policy, "greedy": greedy_policy}


def bot_policy(name: str) -> Policy:
    """A games.ai bot as a policy: it decides from the asked seat's view, with the decision
    seed a game would give it (docs/ai.md)."""
    bot = get_bot(name)

    def policy(state, prompts: list, rng: random.Random) -> Decision:
        seat = prompts[0].seat
        return bot.decide(bot.sees(state, seat), seed=decision_seed(secret=state.seed, seq=state.decisions,
                                                                       seat=seat))

    policy.__name__ = bot.label
    return policy


def policy_names() -> list[str]:
    return sorted(set(POLICIES) | set(BOTS))


def get_policy(policy: str | Policy) -> Policy:
    if callable(policy):
        return policy
    if policy in POLICIES:
        return POLICIES[policy]
    try:
        return bot_policy(policy)
    except ValueError:
        raise ValueError(f"unknown policy {policy!r}; choose one of {', '.join(policy_names())}") from None


# --------------------------------------------------------------------------- one game


@dataclass
class GameResult:
    setup: dict
    decisions: int = 0
    over: bool = False
    winners: list[int] = field(default_factory=list)
    error: str | None = None
    seconds: float = 0.0
    log: list[Decision] = field(default_factory=list)


def game_seed(seed: int | str, number: int) -> str:
    """The secret seed of game ``number`` of a simulation run, as a hex string."""
    return hashlib.sha256(f"rdi-simulate:{seed}:{number}".encode()).hexdigest()


def content_from_files(paths: Iterable[str]) -> list[dict]:
    """The pack documents of a game playing the JSON pack files `paths`, in order, after the
    engine's own base pack unless one of them is itself a base pack (as tables choose packs,
    docs/packs.md). Raises ValueError (unreadable file) or engine.ContentError (what is wrong)."""
    docs = []
    for path in paths:
        try:
            with open(path, encoding="utf-8") as f:
                docs.append(json.load(f))
        except (OSError, ValueError) as exc:
            raise ValueError(f"{path}: not a readable JSON pack ({exc})") from None
    if not any(isinstance(d, dict) and (d.get("pack") or {}).get("kind") == "base" for d in docs):
        docs.insert(0, engine.BASE_PACK)
    engine.load_content(docs)
    return docs


def check_characters(characters: Iterable[str], content: list[dict] | None) -> None:
    """ValueError naming the first of `characters` that `content` (or the base game) lacks."""
    offered = engine.load_content(content).characters if content else engine.CHARACTERS
    unknown = [c for c in characters if c not in offered]
    if unknown:
        raise ValueError(f"unknown character {unknown[0]!r}; choose from {', '.join(offered)}")


def make_setup(players: int, seed_hex: str, characters: Iterable[str] | None = None,
               content: list[dict] | None = None, variant: str = "base", options: dict | None = None) -> dict:
    """A setup for ``players`` seats of ``variant`` (the base game by default) playing
    ``content`` (pack documents; the base game's when None). Unless named exactly, characters
    are the variant's cast from a seeded shuffle of every character the content offers: they
    cycle through it (so with more seats than characters, characters repeat), and a Boss
    variant gives its Boss seats villains."""
    if characters is None:      # the variant's cast (villains for a Boss variant's Boss seats)
        catalogue = engine.load_content(content) if content else engine.content_of("")     # the base game's, loaded once
        pool = list(catalogue.characters.values())
        random.Random(seed_hex).shuffle(pool)
        characters = engine.VARIANTS.get(variant, engine.VARIANTS["base"]).cast(players, pool)
    setup = {
        "seats": [{"character": c} for c in characters],
        "seed": seed_hex,
        "variant": variant,
        "options": dict(options or {}),          # table options, e.g. {"dungeon_events": True}
    }
    if content:
        setup["content"] = content
    return setup


def play_game(setup: dict, policy: str | Policy, rng: random.Random, *,
              max_decisions: int = DEFAULT_MAX_DECISIONS, keep_log: bool = False,
              after_decision: Callable[[Any, Decision], None] | None = None) -> GameResult:
    """Play one game from ``setup`` to the end with ``policy`` deciding for every seat.

    Never raises for an engine failure: an exception, a stall (no prompts but not over) or
    reaching ``max_decisions`` is reported in ``GameResult.error``.
    ``after_decision(state, decision)`` is called after each applied decision (for checks).
    """
    choose = get_policy(policy)
    result = GameResult(setup=setup)
    started = time.perf_counter()
    try:
        state = engine.new_game(setup)
        while not state.over:
            if result.decisions >= max_decisions:
                result.error = f"hit the decision cap ({max_decisions}) without the game ending"
                break
            ps = engine.prompts(state)
            if not ps:
                result.error = f"stalled after {result.decisions} decisions: no prompts but the game is not over"
                break
            decision = choose(state, ps, rng)
            engine.apply(state, decision)
            result.decisions += 1
            if keep_log:
                result.log.append(decision)
            if after_decision is not None:
                after_decision(state, decision)
        result.over = state.over
        result.winners = list(state.winners) if state.over else []
    except Exception as exc:  # noqa: BLE001 - every failure is a finding to report
        result.error = f"{type(exc).__name__} after {result.decisions} decisions: {exc}"
    result.seconds = time.perf_counter() - started
    return result


# --------------------------------------------------------------------------- many games


@dataclass
class SimulationSummary:
    games: int
    players: int
    seed: int | str
    policy: str
    variant: str = "base"
    finished: int = 0
    errors: int = 0
    error_messages: list[str] = field(default_factory=list)
    decisions: int = 0
    seconds: float = 0.0
    wins_by_character: Counter = field(default_factory=Counter)
    ties: int = 0
    ties_by_character: Counter = field(default_factory=Counter)
    no_winner: int = 0

    @property
    def average_decisions(self) -> float:
        return self.decisions / self.games if self.games else 0.0

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds if self.seconds else 0.0

    def add(self, result: GameResult, game_number: int) -> None:
        self.decisions += result.decisions
        self.seconds += result.seconds
        if result.error is not None:
            self.errors += 1
            if len(self.error_messages) < KEEP_ERRORS:
                self.error_messages.append(f"game {game_number} (seed {result.setup['seed'][:12]}…): {result.error}")
            return
        self.finished += 1
        characters = [s["character"] for s in result.setup["seats"]]
        rules = engine.VARIANTS.get(self.variant) or engine.VARIANTS["base"]
        if len({rules.mat_of(w, len(characters)) for w in result.winners}) == 1:   # one player, or one whole team
            self.wins_by_character["+".join(characters[w] for w in result.winners)] += 1
        elif result.winners:
            self.ties += 1
            for w in result.winners:
                self.ties_by_character[characters[w]] += 1
        else:
            self.no_winner += 1

    def format(self) -> str:
        lines = [
            f"policy {self.policy}, {self.players} players, seed {self.seed}"
            + ("" if self.variant == "base" else f", variant {self.variant}"),
            f"games: {self.games}  finished: {self.finished}  errors: {self.errors}",
            f"decisions: {self.decisions}  average per game: {self.average_decisions:.1f}  "
            f"decisions/s: {self.decisions_per_second:,.0f}  engine time: {self.seconds:.2f}s",
            "wins by character: " + (", ".join(f"{c} {n}" for c, n in sorted(self.wins_by_character.items())) or "none"),
            f"ties: {self.ties}" + (" (" + ", ".join(f"{c} {n}" for c, n in sorted(self.ties_by_character.items())) + ")"
                                    if self.ties else "") + f"  no winner: {self.no_winner}",
        ]
        for message in self.error_messages:
            lines.append(f"error: {message}")
        return "\n".join(lines)


def simulate(games: int, players: int, seed: int | str = 0, policy: str | Policy = "random", *,
             max_decisions: int = DEFAULT_MAX_DECISIONS, content: list[dict] | None = None,
             characters: list[str] | None = None, variant: str = "base", options: dict | None = None,
             on_game: Callable[[int, GameResult], None] | None = None) -> SimulationSummary:
    """Play ``games`` games of ``players`` seats, every seat run by ``policy``, with the
    base game or ``content`` (pack documents); ``characters``: every table seats exactly
    these (then ``players`` is their number).

    Game ``i`` uses the secret seed ``game_seed(seed, i)``; the policy's ``random.Random`` is
    seeded from that game seed, so a run is reproducible from ``(seed, i)`` alone.
    """
    if characters:
        players = len(characters)
        check_characters(characters, content)
    if not 2 <= players <= 8:
        raise ValueError("players must be between 2 and 8")
    name = policy if isinstance(policy, str) else getattr(policy, "__name__", "custom")
    get_policy(policy)  # fail fast on an unknown name
    summary = SimulationSummary(games=games, players=players, seed=seed, policy=name, variant=variant)
    for number in range(games):
        seed_hex = game_seed(seed, number)
        result = play_game(make_setup(players, seed_hex, characters, content, variant, options), policy,
                           random.Random(seed_hex),
                           max_decisions=max_decisions)
        summary.add(result, number)
        if on_game is not None:
            on_game(number, result)
    return summary
