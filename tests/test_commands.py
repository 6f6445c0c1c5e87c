"""manage.py simulate, tournament and scenario: output and exit status."""
import sys
import types
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command


class FakeScenarioFailure(AssertionError):
    pass


@pytest.fixture
def fake_scenario_runner(monkeypatch):
    """Stands in for games.engine.core.scenario so the command's own behaviour is tested apart
    from the engine's: a file whose name contains 'bad' fails, 'crash' raises."""
    module = types.ModuleType("games.engine.core.scenario")

    def run_file(path):
        if "bad" in path:
            raise FakeScenarioFailure("step 3: expected seats.1.fortitude == 18, got 20")
        if "crash" in path:
            raise KeyError("no-such-card")
        return types.SimpleNamespace(path=path, steps=4)

    module.run_file = run_file
    module.ScenarioFailure = FakeScenarioFailure
    monkeypatch.setitem(sys.modules, "games.engine.core.scenario", module)
    return module


def test_scenario_run_all_ok(fake_scenario_runner, tmp_path, capsys):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text("{}")
    b.write_text("{}")
    call_command("scenario", "run", str(a), str(b))
    out = capsys.readouterr().out
    assert f"ok   {a}" in out and f"ok   {b}" in out
    assert "2 passed, 0 failed" in out


def test_scenario_run_reports_failures_and_fails(fake_scenario_runner, tmp_path, capsys):
    good, bad, crash = tmp_path / "good.json", tmp_path / "bad.json", tmp_path / "crash.json"
    for p in (good, bad, crash):
        p.write_text("{}")
    with pytest.raises(CommandError) as caught:
        call_command("scenario", "run", str(good), str(bad), str(crash))
    assert caught.value.returncode == 1
    out = capsys.readouterr().out
    assert f"ok   {good}" in out
    assert f"FAIL {bad}: step 3: expected seats.1.fortitude == 18, got 20" in out
    assert f"FAIL {crash}: KeyError" in out
    assert "1 passed, 2 failed" in out


def test_scenario_run_folder(fake_scenario_runner, tmp_path, capsys):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "one.json").write_text("{}")
    (tmp_path / "two.json").write_text("{}")
    call_command("scenario", "run", str(tmp_path))
    assert "2 passed, 0 failed" in capsys.readouterr().out


PACKS = ",".join(str(Path(__file__).parent / "packs" / f"{name}.json")
                 for name in ("vlazlo-blood", "torglesnarf-minions"))


def test_simulate_plays_tables_of_exactly_the_named_characters_of_the_packs(capsys):
    call_command("simulate", "--games", "3", "--packs", PACKS, "--characters", "vlazlo,torglesnarf,zot",
                 "--policy", "heuristic", "--seed", "5", "--no-progress")
    out = capsys.readouterr().out
    assert "policy heuristic, 3 players" in out and "finished: 3  errors: 0" in out
    wins = out.split("wins by character: ")[1].splitlines()[0]
    assert {part.split()[0] for part in wins.split(", ")} <= {"vlazlo", "torglesnarf", "zot"}


def test_simulate_refuses_a_character_the_packs_do_not_offer():
    with pytest.raises(CommandError, match="unknown character 'samantha'"):
        call_command("simulate", "--games", "1", "--packs", PACKS, "--characters", "vlazlo,samantha", "--no-progress")
    with pytest.raises(CommandError, match="not a readable JSON pack"):
        call_command("simulate", "--games", "1", "--packs", "no-such-pack.json", "--no-progress")


def test_tournament_plays_pack_characters_to_the_end(capsys):
    call_command("tournament", "--a", "heuristic", "--b", "random", "--games", "2", "--packs", PACKS,
                 "--characters", "vlazlo,torglesnarf", "--no-progress")
    out = capsys.readouterr().out
    assert "2 games, 2 players" in out and "unfinished: 0" in out


@pytest.mark.django_db
def test_simulate_finds_the_installed_packs_of_the_named_characters(capsys):
    """`--characters spyke,flower,zakhan,sera` needs no --packs: the packs folder's sampler
    packs that define them are played (games/management/commands/simulate.py)."""
    call_command("simulate", "--games", "2", "--characters", "spyke,flower,zakhan,sera", "--policy", "heuristic",
                 "--seed", "1", "--no-progress")
    out = capsys.readouterr().out
    assert "4 players" in out and "finished: 2  errors: 0" in out


def test_simulate_plays_the_rdi8_samplers_from_the_installed_packs(capsys):
    """Without --packs the installed sampler packs (packs/) seat the RDI 8 characters."""
    call_command("simulate", "--games", "3", "--characters", "farai,lucky,nerodia,phyll,samantha",
                 "--policy", "heuristic", "--seed", "8", "--no-progress")
    out = capsys.readouterr().out
    assert "policy heuristic, 5 players" in out and "finished: 3  errors: 0" in out
    with pytest.raises(CommandError, match="unknown character 'nobody'"):
        call_command("simulate", "--games", "1", "--characters", "farai,nobody", "--no-progress")


def test_tournament_casts_a_villain_boss_and_seats_one_bot_against_the_challengers(capsys):
    """`--variant boss-battle` plays the installed villain packs: seat 0 is a villain Boss as
    at a table (games/bosses.py), one bot plays the Boss, the other both Challengers."""
    from games import engine
    from games.ai.match import cast_characters, play_one, seating
    from games.bosses import content_with_villains

    content = content_with_villains(None)
    villains = {c.id for c in engine.load_content(content).characters.values() if c.alignment == "villain"}
    rules = engine.VARIANTS["boss-battle"]
    for game in range(4):
        chars = cast_characters("boss-battle", game, 3, content, None)
        assert chars[0] in villains and len(set(chars)) == 3
        assert chars == cast_characters("boss-battle", game ^ 1, 3, content, None)    # both seatings of a pair
        names = seating("heuristic", "random", game, 3, lambda s: rules.mat_of(s, 3))
        assert names[1] == names[2] != names[0]
    outcome = play_one("heuristic", "random", 0, 3, 7, content, None, "boss-battle")
    assert outcome["names"] == ["heuristic", "random", "random"]
    call_command("tournament", "--a", "heuristic", "--b", "random", "--games", "2", "--players", "3",
                 "--variant", "boss-battle", "--no-progress")
    out = capsys.readouterr().out
    assert "2 games, 3 players (seed 0), variant boss-battle" in out


def test_tournament_seats_named_characters_of_a_boss_variant_as_given():
    from games.ai.match import cast_characters

    assert all(cast_characters("boss-battle", game, 3, None, ("daareka", "zot", "gerki")) == ["daareka", "zot", "gerki"]
               for game in range(4))


def test_tournament_refuses_a_hero_boss():
    with pytest.raises(CommandError, match="a Boss must be a villain"):
        call_command("tournament", "--a", "heuristic", "--b", "random", "--games", "1", "--variant", "boss-battle",
                     "--characters", "zot,gerki,fiona", "--no-progress")


def test_simulate_plays_a_pack_of_its_own_taverns_instead_of_the_sampler(capsys):
    """A pack with taverns of its own (here test-only ones with Tavern Events) is played
    without the installed sampler's taverns, which would be a second Red Dragon Inn."""
    own = str(Path(__file__).parent / "packs" / "pub-crawl" / "tavern-events.json")
    call_command("simulate", "--variant", "pub-crawl", "--packs", own,
                 "--policy", "heuristic", "--games", "3", "--players", "3", "--no-progress")
    assert "games: 3  finished: 3  errors: 0" in capsys.readouterr().out
