"""games.simulation: bots play whole games legally, errors are counted, greedy beats random."""
import random

import pytest
from django.core.management import CommandError, call_command

from games import simulation
from games.simulation import game_seed, make_setup, per_seat, play_game, simulate


@pytest.mark.parametrize("policy", ["random", "greedy"])
@pytest.mark.parametrize("players", [2, 5, 8])
def test_bots_finish_games_without_errors(policy, players):
    summary = simulate(games=4, players=players, seed=11, policy=policy)
    assert summary.errors == 0, summary.error_messages
    assert summary.finished == 4
    assert sum(summary.wins_by_character.values()) + summary.ties + summary.no_winner == 4
    assert summary.decisions > 0 and summary.decisions_per_second > 0
    assert "games: 4  finished: 4  errors: 0" in summary.format()


def test_simulation_is_reproducible():
    first = simulate(games=3, players=3, seed="x", policy="random")
    again = simulate(games=3, players=3, seed="x", policy="random")
    assert (first.decisions, first.wins_by_character, first.ties) == (again.decisions, again.wins_by_character, again.ties)


def test_characters_cycle_through_a_seeded_shuffle():
    setup = make_setup(8, game_seed(1, 0))
    names = [s["character"] for s in setup["seats"]]
    assert sorted(names[:4]) == sorted(simulation.engine.CHARACTERS)
    assert names[4:] == names[:4]


def test_decision_cap_counts_as_error():
    summary = simulate(games=2, players=2, seed=3, policy="random", max_decisions=5)
    assert summary.errors == 2 and summary.finished == 0
    assert "decision cap (5)" in summary.error_messages[0]


def test_engine_exception_counts_as_error():
    def broken(state, prompts, rng):
        return {"seat": prompts[0].seat, "type": "no-such-decision"}

    result = play_game(make_setup(2, game_seed(0, 0)), broken, random.Random(0))
    assert result.error and result.error.startswith("IllegalDecision after 0 decisions")
    summary = simulate(games=1, players=2, seed=0, policy=broken)
    assert summary.errors == 1 and summary.error_messages


def test_greedy_beats_random_heads_up():
    """Greedy against one random bot, seats alternating: it wins clearly more than half."""
    games, greedy_wins = 120, 0
    for number in range(games):
        seed = game_seed("greedy-vs-random", number)
        greedy_seat = number % 2
        policies = ["greedy" if seat == greedy_seat else "random" for seat in range(2)]
        result = play_game(make_setup(2, seed), per_seat(policies), random.Random(seed))
        assert result.error is None, result.error
        greedy_wins += result.winners == [greedy_seat]
    assert greedy_wins > games * 0.55, f"greedy won {greedy_wins} of {games}"


def test_simulate_command_prints_summary(capsys):
    call_command("simulate", games=3, players=3, seed="5", policy="greedy", no_progress=True)
    out = capsys.readouterr().out
    assert "games: 3  finished: 3  errors: 0" in out
    assert "wins by character:" in out


def test_simulate_command_fails_on_errors(capsys):
    with pytest.raises(CommandError) as caught:
        call_command("simulate", games=2, players=2, seed="5", max_decisions=3, no_progress=True)
    assert caught.value.returncode == 1
    assert "error: game 0" in capsys.readouterr().out
