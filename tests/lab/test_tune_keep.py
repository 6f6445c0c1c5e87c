"""lab/tune_keep.py: the heuristic's keep-worths tuned by self-play (docs/lab/ai-notes.md, "heuristic@8 and mcts@9")."""
from concurrent.futures import ThreadPoolExecutor

from games.ai import heuristic
from lab import tune_keep


def test_a_challenger_unchanged_wins_exactly_half():
    """Each deal is played from both seats; with nothing changed both games are the same game,
    so the challenger wins exactly one of the two."""
    for game in range(0, 6, 2):
        pair = [tune_keep.play(g, 3, 2, heuristic.TUNING, {}) for g in (game, game + 1)]
        assert sum(pair) == 1.0


def test_a_changed_worth_changes_the_games():
    """Today's heuristic with heuristic@8's keep-worths plays other games than today's."""
    keep = {"damage": 4, "ignore_card": 5, "mass_heal": 3}
    assert all(heuristic.KEEP[k] != v for k, v in keep.items())
    results = [tune_keep.play(g, 3, 2, heuristic.TUNING, keep) for g in range(12)]
    assert any(results[i] + results[i + 1] != 1.0 for i in range(0, 12, 2))


def test_the_search_tries_each_step_and_keeps_what_wins():
    lines = []
    with ThreadPoolExecutor(1) as pool:
        best = tune_keep.search(pool, {}, [-2, 2], 8, 5, 2, heuristic.TUNING, 0.006, ["damage_each", "gamble"],
                                out=lines.append)
    assert lines[0].startswith("start {}")
    tried = lines[1:-1]
    assert {line.split()[0] for line in tried} == {"damage_each", "gamble"}
    assert all(" -> " in line and "%" in line for line in tried)
    kept = [line for line in tried if line.endswith("kept")]
    assert set(best) == {line.split()[0] for line in kept}
    assert lines[-1].startswith("best ")


def test_the_base_games_effect_words_are_priced():
    effects = tune_keep.base_effects()
    assert {"damage", "gamble", "drink_mod", "heal_self"} <= set(effects)
    assert "feed_scarabs" not in effects          # an expansion's word: no base deck holds it
