"""The ladder: rating maths on known inputs, multi-seat results as comparisons, a small run."""
import math
from io import StringIO

import pytest
from django.core.management import call_command

from games.ai import mcts
from games.ai.ladder import bootstrap, comparisons, fit, placing, play_ladder


def _games(*pairs):
    """Games of one comparison each: (winner, loser) pairs."""
    return [[(w, l, 1.0)] for w, l in pairs]


def test_two_bots_three_wins_in_four_is_log_odds_three():
    games = _games(*[("a", "b")] * 3, ("b", "a"))
    ratings = fit(["a", "b"], games, prior=0)
    assert ratings["a"] == 0
    assert ratings["b"] == pytest.approx(-400 * math.log10(3), abs=1e-6)


def test_three_bots_with_consistent_results_recover_their_strengths():
    # strengths 1, 2, 4: b beats a 2 in 3, c beats b 2 in 3, c beats a 4 in 5; those
    # proportions are exactly the model's, so they are the maximum-likelihood fit.
    games = (_games(("a", "b"), ("b", "a"), ("b", "a"))
             + _games(("b", "c"), ("c", "b"), ("c", "b"))
             + _games(("a", "c"), *[("c", "a")] * 4))
    ratings = fit(["a", "b", "c"], games, prior=0)
    assert ratings["b"] == pytest.approx(400 * math.log10(2), abs=1e-4)
    assert ratings["c"] == pytest.approx(400 * math.log10(4), abs=1e-4)


def test_draws_count_half_and_even_results_rate_equal():
    games = [[("a", "b", 0.5)]] * 3 + _games(("a", "b"), ("b", "a"))
    assert fit(["a", "b"], games, prior=0)["b"] == pytest.approx(0, abs=1e-9)


def test_prior_keeps_a_clean_sweep_finite():
    games = _games(*[("a", "b")] * 5)
    # 5 wins plus half a virtual win each way: 5.5 to 0.5
    assert fit(["a", "b"], games, prior=0.5)["b"] == pytest.approx(-400 * math.log10(11), abs=1e-6)


def test_bootstrap_interval_contains_the_fit_and_is_seeded():
    games = _games(*[("a", "b")] * 30, *[("b", "a")] * 10)
    point = fit(["a", "b"], games)["b"]
    low, high = bootstrap(["a", "b"], games, samples=200, seed=1)["b"]
    assert low < point < high
    assert high - low > 50         # 40 games cannot pin a rating to a few points
    assert bootstrap(["a", "b"], games, samples=200, seed=1)["b"] == (low, high)
    assert bootstrap(["a", "b"], games, samples=200, seed=1)["a"] == (0.0, 0.0)   # the anchor


def test_multi_seat_game_ranks_winners_then_who_left_later():
    names = ["a", "b", "a", "b"]
    # seat 2 won; seats 1 and 3 left on the same decision, seat 0 earlier
    place = placing(4, [2], {0: 10, 1: 20, 3: 20})
    assert place[2] > place[1] == place[3] > place[0]
    got = sorted(comparisons(names, place))
    assert got == [("a", "b", 0.0), ("a", "b", 0.0), ("a", "b", 1.0), ("b", "a", 0.0)]
    # same bot's seats compare nothing; a two-winner tie is a draw; the seat out lost to both
    assert comparisons(["a", "a", "b"], placing(3, [0, 2], {1: 5})) == [("a", "b", 0.5), ("a", "b", 0.0)]


def test_small_ladder_end_to_end(monkeypatch):
    monkeypatch.setattr(mcts, "ITERATIONS", 8)
    result = play_ladder(["random", "heuristic", "mcts"], games=2, seed=4, sizes=(2, 3))
    assert len(result.games) == 2 * 2 * 3
    assert all(g.finished for g in result.games)
    for g in result.games:
        assert set(g.names) == set(g.pairing)
        assert len(g.comparisons) == sum(1 for i in range(g.size) for j in range(i + 1, g.size)
                                         if g.names[i] != g.names[j])
    ratings = result.ratings()
    assert set(ratings) == {"random@1", "heuristic@9", f"mcts@{mcts.VERSION}"}
    assert ratings["heuristic@9"] > ratings["random@1"]
    assert result.mean_time("mcts@%d" % mcts.VERSION) > 0
    again = play_ladder(["random", "heuristic", "mcts"], games=2, seed=4, sizes=(2, 3))
    assert [g.winners for g in again.games] == [g.winners for g in result.games]


@pytest.mark.django_db
def test_tournament_ladder_command_prints_ratings_with_intervals():
    out = StringIO()
    call_command("tournament", ladder="random,heuristic", games=2, seed=1, bootstrap=50, stdout=out, stderr=StringIO())
    text = out.getvalue()
    assert "Ladder: 6 games" in text
    assert "heuristic@9" in text and "random@1" in text and "[" in text
    assert "random@1    vs heuristic@9" in text


@pytest.mark.django_db
def test_ladder_with_mixed_characters_from_installed_packs():
    out = StringIO()
    call_command("tournament", ladder="random,heuristic", games=1, seed=2, sizes="2,3", characters="vlazlo,zot,deirdre",
                 bootstrap=20, stdout=out, stderr=StringIO())
    assert "Ladder: 2 games" in out.getvalue()


class _Terminal(StringIO):
    def isatty(self):
        return True


@pytest.mark.django_db
@pytest.mark.parametrize("stderr, quiet, shown", [(_Terminal, False, True), (_Terminal, True, False),
                                                  (StringIO, False, False)])
def test_ladder_progress_bar_only_on_a_terminal_and_not_quiet(stderr, quiet, shown):
    err = stderr()
    call_command("tournament", ladder="random,heuristic", games=1, sizes="2", bootstrap=5, no_progress=quiet,
                 stdout=StringIO(), stderr=err)
    assert ("1/1" in err.getvalue()) is shown
