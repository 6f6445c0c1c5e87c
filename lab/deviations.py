"""Where the search bot overrules the heuristic bot, counted (docs/lab/ai-notes.md, "heuristic@9 and mcts@10").

    .venv/bin/python lab/deviations.py --games 40 --seed 779 [--search mcts|VARIANT] [--top 30] [--effects]

Plays the search bot (today's, or `--search` a variant of lab/variants.py) against the
heuristic bot in two-seat base games, seated and dealt as `manage.py tournament` does. At each
of the search's decisions it also asks the heuristic bot (which the search ranks and rolls out
with) what it would play, and
counts the decisions where the two differ, by what was asked (the prompt's kind and, in a
window, the effect of the card or Drink being answered) and what each chose. The most
frequent pairs are the heuristic's most frequent mistakes as the search sees them: heuristic@9's
early heals were found this way. A pair can be noise (two copies of one card), and a rule
read off a pair is only kept when self-play says it wins (`manage.py tournament`). Cards
are named by their title's slug, or with `--effects` by their effect word, which gathers the
copies and the characters' versions of one kind of card (every heal) into one pair.
"""
from __future__ import annotations

import argparse
import os
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games import engine  # noqa: E402
from games.ai import get_bot  # noqa: E402
from games.ai.common import Table, decision_seed  # noqa: E402
from games.ai.match import MAX_DECISIONS, cast_characters, seating  # noqa: E402
from lab import variants  # noqa: E402


def describe(view: dict, decision: dict, effects: bool = False) -> str:
    """A decision in a few words: its type, the card's name (or effect word) and whom it aims at."""
    t = Table(view)

    def name(card):
        return card.effect if effects else card.key.split("/")[1]
    if decision["type"] == "discard":
        return "discard " + ", ".join(sorted(name(t.card(c)) for c in decision.get("cards") or [])) \
            if decision.get("cards") else "keep the hand"
    card = t.card(decision.get("card"))
    words = decision["type"] + (f" {name(card)}" if card is not None else "")
    if "target" in decision:
        words += " at " + ("me" if decision["target"] == t.me else f"seat {decision['target']}")
    return words


def asked(view: dict) -> str:
    """What the prompt asks: its kind, and in a window the effect it answers (a Drink's "drink")."""
    kind = view["prompt"]["kind"]
    if kind == "respond" and view["stack"]:
        top = view["stack"][-1]
        return f"respond to {top.get('effect') or top.get('f', '?')}"
    return kind


def play(game: int, seed: int, search: str, effects: bool = False) -> Counter:
    """One game: the (asked, heuristic's choice, search's choice) triples where the two differ."""
    searcher, rules = variants.get(search), get_bot("heuristic")
    names = seating("search", "heuristic", game, 2)
    game_seed = f"tournament-{seed}-{game // 2}"
    chars = cast_characters("base", game, 2, None, None)
    state = engine.new_game({"seats": [{"character": c} for c in chars], "seed": game_seed})
    found, seq = Counter(), 0
    while not state.over and seq < MAX_DECISIONS:
        prompt = engine.prompts(state)[0]
        view = engine.view(state, prompt.seat)
        seed_for = decision_seed(secret=game_seed, seq=seq, seat=prompt.seat)
        decision = rules.decide(view, seed=seed_for)
        if names[prompt.seat] == "search":
            chosen = searcher.decide(view, seed=seed_for)
            if chosen != decision:
                found[(asked(view), describe(view, decision, effects), describe(view, chosen, effects))] += 1
            decision = chosen
        state, _ = engine.apply(state, decision)
        seq += 1
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=779)
    parser.add_argument("--search", default="mcts",
                        help=f"the search: mcts (today's), another of today's bots or a lab variant "
                             f"({', '.join(variants.VARIANTS)})")
    parser.add_argument("--top", type=int, default=30, help="how many pairs to print")
    parser.add_argument("--effects", action="store_true", help="name cards by their effect word")
    args = parser.parse_args()
    try:
        variants.get(args.search)
    except ValueError as e:
        parser.error(str(e))
    total = Counter()
    for game in range(args.games):
        total += play(game, args.seed, args.search, args.effects)
        print(f"\r{game + 1}/{args.games} games", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    label = get_bot("heuristic").label
    print(f"{sum(total.values())} of the search's decisions differ from {label}'s:")
    for (what, mine, theirs), n in total.most_common(args.top):
        print(f"{n:4d}  {what}: {label} {mine!r}, the search {theirs!r}")


if __name__ == "__main__":
    main()
