"""Otto, Our Mechanical Friend (games/engine/options/otto/turn.py): his scenarios, his set-up, random play with
him at 2-6 seats, and the rulings that keep him out of team games."""
import json
import random
from pathlib import Path

import pytest

from games.engine import BASE_PACK, IllegalDecision, apply, new_game, prompts, view
from games.engine.core.content import of
from games.engine.core.scenario import run_file
from games.packs import check
from tests.test_properties import play_and_check

HERE = Path(__file__).parents[1]
SCENARIOS = sorted((HERE / "scenarios" / "otto").glob("*.json"))
FIXTURES = json.loads((HERE / "packs" / "otto" / "fixtures.json").read_text())
CONTENT = [BASE_PACK, FIXTURES]


def _setup(n=2, options=None, content=CONTENT, seed="otto", variant="base"):
    chars = ["deirdre", "fiona", "gerki", "zot"]
    return {"seats": [{"character": chars[i % 4]} for i in range(n)], "seed": seed, "variant": variant,
            "options": {"otto": True} if options is None else options, "content": content}


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_otto_scenario(path):
    run_file(path)


def test_every_scenario_is_in_the_readme():
    readme = (HERE / "scenarios" / "otto" / "README.md").read_text()
    assert all(p.name in readme for p in SCENARIOS)


def test_the_fixture_pack_is_good_and_marked_as_fixtures():
    assert check.check(FIXTURES, file="otto/fixtures.json") == []
    assert all(c["title"].startswith("[test fixture]") for c in FIXTURES["cards"])


def test_the_summary_names_otto_s_steps():
    assert set(check.summary(FIXTURES)["primitives"]) >= {"lose", "pay", "give", "self", "gain", "ignore"}


def test_a_bad_otto_card_is_located():
    doc = json.loads(json.dumps(FIXTURES))
    doc["cards"][0]["faction"] = "bard"
    doc["cards"][1]["action"][0]["who"] = "tallest"
    doc["cards"][2]["action"][0] = {"do": "explode"}
    doc["cards"][4]["sometimes"]["types"] = ["Curse"]
    doc["cards"][6]["sometimes"]["steps"][1] = {"do": "self", "stat": "gold", "amount": 1}
    where = {(p["card"], p["field"]) for p in check.check(doc, file="o.json")}
    assert ("otto/mend-himself", "sometimes.types") in where
    assert ("otto/fizzing-flask", "sometimes.steps.1.stat") in where
    assert ("otto/swing-at-the-strongest", "faction") in where
    assert ("otto/swing-at-everyone", "action.0.who") in where
    assert ("otto/pick-the-richest-pocket", "action.0.do") in where


def test_a_bad_gambling_box_is_located():
    doc = json.loads(json.dumps(FIXTURES))
    doc["cards"][0]["gambling"] = {"play": "fold"}
    doc["cards"][1]["gambling"] = {"play": "gamble", "times": 2}
    doc["cards"][2]["gambling"] = "cheat"
    where = {(p["card"], p["field"]) for p in check.check(doc, file="o.json")}
    assert ("otto/swing-at-the-strongest", "gambling.play") in where
    assert ("otto/swing-at-everyone", "gambling") in where
    assert ("otto/pick-the-richest-pocket", "gambling") in where


def test_set_up_two_factions_ten_cards_tracks_and_ten_gold():
    state = new_game(_setup(options={"otto": ["warrior", "wizard"]}))     # his first card pays nobody
    assert len(state.zones["otto"]) + len(state.zones["otto:discard"]) == 10
    factions = {of(state).cards[state.cards[c]].facts.faction for c in state.zones["otto"] + state.zones["otto:discard"]}
    assert len(factions) == 2 and sorted(factions) == state.options["otto_factions"]
    assert len(state.zones["otto:discard"]) == 1               # his first turn is behind him
    assert all(s.gold == 10 for s in state.seats)               # 10 Gold, not 8 [002:410]
    assert {k for k in state.tokens if k.startswith("otto:fortitude")} == {"otto:fortitude:0", "otto:fortitude:1"}


def test_named_factions_are_the_ones_dealt():
    state = new_game(_setup(options={"otto": ["rogue", "cleric"]}))
    keys = {state.cards[c].split("/")[1] for c in state.zones["otto"] + state.zones["otto:discard"]}
    assert keys == {"pick-the-richest-pocket", "share-the-loot", "mend-himself", "bless-the-sober", "ring-the-dice-bell"}


def test_his_deck_order_is_hidden_and_his_tracks_are_public():
    state = new_game(_setup())
    for viewer in (0, 1, "spectator"):
        v = view(state, viewer)
        assert v["zones"]["otto"] == {"count": len(state.zones["otto"])}
        assert v["tokens"]["otto:fortitude:0"] == state.tokens["otto:fortitude:0"]


def test_not_in_a_team_variant():
    with pytest.raises(IllegalDecision) as e:
        new_game(_setup(n=4, variant="two-headed-dragon"))
    assert "team" in e.value.message


def test_a_bad_option_value_is_refused():
    with pytest.raises(IllegalDecision):
        new_game(_setup(options={"otto": ["warrior", "bard"]}))


def test_without_the_option_nothing_of_otto_is_in_the_state():
    state = new_game(_setup(options={}))
    assert "otto" not in state.zones and not state.tokens and state.seats[0].gold == 8


def _past_his_first_turn(state):
    """His Drink waits in a window where the players may change it (R-OTTO-DRINK): they pass."""
    while True:
        p = prompts(state)[0]
        if not any(fr["f"] == "otto" for fr in state.stack):
            return state
        assert p.kind == "respond" and state.stack[-1]["f"] == "drink"
        state, _ = apply(state, {"seat": p.seat, "type": "pass"})


def test_with_no_otto_cards_he_still_drinks_and_goes_first():
    """The shipped content has no Otto card (none is printed): his Action does nothing."""
    state = _past_his_first_turn(new_game(_setup(content=None)))
    assert state.zones["otto"] == [] and state.drink_discard
    assert state.tokens["otto:alcohol:0"] == state.tokens["otto:alcohol:1"]


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("seed", range(2))
def test_random_play_with_otto_keeps_invariants(players, seed):
    assert play_and_check(players, 104729 * (seed + 1) + players, options={"otto": True}, content=CONTENT)


@pytest.mark.parametrize("players", (2, 3))
def test_random_play_with_otto_and_no_otto_cards(players):
    assert play_and_check(players, 31 + players, options={"otto": True})


@pytest.mark.parametrize("players", (2, 4))
def test_random_play_with_otto_and_dungeon_events(players):
    events = json.loads((HERE.parent / "packs" / "dungeon-events.json").read_text())
    assert play_and_check(players, 77 + players, options={"otto": True, "dungeon_events": True},
                          content=CONTENT + [events])


def test_random_games_finish_and_otto_acts_and_rewards():
    seen = set()
    for seed in range(12):
        state = new_game(_setup(n=2 + seed % 3, seed=f"r{seed}"))
        rng = random.Random(seed)
        for _ in range(4000):
            if state.over:
                break
            p = prompts(state)[0]
            state, fx = apply(state, rng.choice(p.decisions))
            seen.update(e["type"] for e in fx)
            # what players now do to him: pick him, Negate his box, change his Drink
            seen.update(f"{e['type']}:otto" for e in fx if "otto" in (
                (e.get("args") or {}).get("target"), e.get("target_seat"), e.get("holder")))
        assert state.over
    assert {"otto_turn", "otto_action", "otto_drinks", "otto_passed_out", "otto_reward", "otto_track",
            "otto_sometimes", "otto_ignores", "otto_event", "played:otto", "negated:otto",
            "drink_changed:otto"} <= seen


def test_simulate_variant_otto_plays_with_bots(capsys):
    """`simulate --variant otto` switches the table option on (the base game's variant) and the
    bots play legally alongside him, with his fixture deck or with none."""
    from django.core.management import call_command
    fixtures = str(HERE / "packs" / "otto" / "fixtures.json")
    call_command("simulate", "--variant", "otto", "--games", "3", "--players", "3", "--policy", "heuristic",
                 "--packs", fixtures, "--no-progress")
    call_command("simulate", "--variant", "otto", "--games", "2", "--players", "2", "--no-progress")
    out = capsys.readouterr().out
    assert out.count("errors: 0") == 2 and "finished: 3" in out and "finished: 2" in out


def test_no_reshuffle_of_his_deck_during_a_round_of_gambling():
    """[002:420, 450]: his deck runs out in a Round: no card, so no response, until it is over."""
    from games.engine.options.otto import turn as otto
    state = new_game(_setup())
    state.zones["otto:discard"] += state.zones["otto"]
    state.zones["otto"] = []
    state.stack.append({"f": "round", "ended": False, "id": 99})
    from games.engine.options.otto.sometimes import respond
    before = len(state.stack)
    respond(state, [0], "Action", 1, None, {"hits": [[0, "fortitude", -1]], "why": {}})
    assert otto.draw_his_card(state) is None and len(state.stack) == before          # no card: no response,
    assert state.tokens["otto:fortitude:0"] == 5                              # the trigger lands
    state.stack[-1]["ended"] = True
    assert otto.draw_his_card(state) is not None            # the Round is over: reshuffled at once


def test_his_first_turn_takes_a_dungeon_counter_and_the_first_player_still_takes_theirs():
    """[002:468]: a counter at the end of his turn too, his first one included (set-up puts 2)."""
    events = json.loads((HERE.parent / "packs" / "dungeon-events.json").read_text())
    # no Otto cards: only his Drink's window may wait on the players (they let it be)
    state = _past_his_first_turn(new_game(_setup(options={"otto": True, "dungeon_events": True},
                                                  content=[BASE_PACK, events])))
    assert state.tokens["dungeon_progress"] == 1 and "dungeon" not in state.counts
    first, turn = state.active, state.turn
    rng = random.Random(3)
    while state.turn == turn and not state.over:
        p = prompts(state)[0]
        state, _ = apply(state, next((d for d in p.decisions if d["type"] in ("pass", "drink", "discard")),
                                     rng.choice(p.decisions)))
    assert state.active != first and state.tokens["dungeon_progress"] != 1   # 0 revealed an event: re-armed


def _random_games(content, seeds, n_of=lambda seed: 2 + seed % 3):
    seen, winners = set(), []
    for seed in seeds:
        state = new_game(_setup(n=n_of(seed), seed=f"g{seed}", content=content))
        rng = random.Random(seed)
        for _ in range(4000):
            if state.over:
                break
            p = prompts(state)[0]
            # start Rounds and play into them more often than at random, so he gambles
            wanted = [d for d in p.decisions if d["type"] == "play" and p.kind in ("gamble", "phase:action")]
            state, fx = apply(state, rng.choice(wanted if wanted and rng.random() < 0.7 else p.decisions))
            seen.update(e["type"] for e in fx)
            winners += [e["winner"] for e in fx if e["type"] == "round_ended"]
            assert state.pot >= 0
            rnd = next((fr for fr in state.stack if fr["f"] == "round"), None)
            assert rnd is None or rnd.get("otto") is True      # he is in every Round
        assert state.over
    return seen, winners


def test_random_games_otto_gambles_takes_control_passes_and_wins():
    """[002:436-438]: in random Rounds he antes, plays his Gambling boxes, passes on an illegal
    play or a card with no box, and sometimes wins the Round (the pot goes to the Inn)."""
    seen, winners = _random_games(CONTENT, range(10))
    assert {"otto_gambles", "otto_control", "otto_gamble_pass", "round_ended", "otto_starts_round"} <= seen
    assert "otto" in winners


def test_with_no_otto_cards_he_antes_and_always_passes():
    """The shipped content holds no Otto card (R-OTTO-GAMBLING): he antes from the Inn and passes."""
    seen, _ = _random_games([BASE_PACK], range(4), n_of=lambda seed: 2)
    # he may still win one when every player has left it: the last one in wins [000:171]
    assert "otto_gamble_pass" in seen and "otto_control" not in seen and "otto_gambles" not in seen


def test_otto_in_control_wins_when_every_player_passes_and_the_pot_goes_to_the_inn():
    from games.engine.core.frames import push
    state = new_game(_setup(seed="ctl"))
    state.stack[:] = [fr for fr in state.stack if fr["f"] != "otto"]
    inn, golds = state.inn, [s.gold for s in state.seats]
    state.pot = 3
    rnd = push(state, {"f": "round", "starter": 0, "participants": [0, 1], "controller": "otto", "turn": 0,
                       "passes": 0, "cheat_only": False, "ended": False, "winner": None, "won_open": False,
                       "otto": True, "otto_seen": 0})
    from games.engine.core import gambling
    gambling.pass_turn(state, rnd)
    assert gambling.step(state, rnd) == 1 and not rnd["ended"]       # one player still to pass
    gambling.pass_turn(state, rnd)
    assert gambling.step(state, rnd) is None and rnd["winner"] == "otto"
    assert state.pot == 0 and state.inn == inn + 3 and [s.gold for s in state.seats] == golds
    assert not any(fr["f"] in ("round", "won") for fr in state.stack)


def test_he_is_in_a_round_nobody_antes_to_and_antes_nothing_then():
    """The ante card's player has no Gold, so nobody antes (digest §12.1): he is in the Round all
    the same, and the Inn pays nothing for him."""
    from games.engine.core import extensions
    state = new_game(_setup(seed="broke"))
    inn, pot = state.inn, state.pot
    rnd = {"starter": 1}
    extensions.anted(state, rnd, paid=False)
    assert rnd == {"starter": 1, "otto": True, "otto_seen": 1} and (state.inn, state.pot) == (inn, pot)
    extensions.anted(state, rnd, paid=True)
    assert (state.inn, state.pot) == (inn - 1, pot + 1)


def _his_turn(state, deck):
    """Otto's turn comes now, his deck (top first) as named (slugs of the fixture pack)."""
    from games.engine.core.frames import push
    keys = {state.cards[c].split("/")[1]: c for c in state.zones["otto"] + state.zones["otto:discard"]}
    state.zones["otto"] = [keys[k] for k in reversed(deck)]
    push(state, {"f": "otto", "step": "action"})
    state._prompt = None


def test_his_round_players_ante_he_controls_and_his_gambling_turn_comes_past_his_place():
    """[002:436, 466] (R-OTTO-STARTS-ROUND): at three players his Action box starts a Round: the
    players ante, he antes from the Inn and is in control; the gambling turns go clockwise from
    his place, and when all three players have passed he wins (the pot goes to the Inn)."""
    state = new_game(_setup(n=3, options={"otto": ["cleric", "wizard"]}, seed="round"))
    first, inn = state.tokens["otto:before"], state.inn
    golds = [s.gold for s in state.seats]
    _his_turn(state, ["ring-the-dice-bell", "whirr-and-click", "mend-himself"])
    p = prompts(state)[0]
    rnd = next(fr for fr in state.stack if fr["f"] == "round")
    assert (rnd["starter"], rnd["controller"], rnd["participants"]) == ("otto", "otto", [0, 1, 2])
    assert state.pot == 4 and state.inn == inn - 1 and [s.gold for s in state.seats] == [g - 1 for g in golds]
    assert (p.seat, p.kind) == (first, "gamble")
    order = [(first + k) % 3 for k in range(3)]
    state, _ = apply(state, {"seat": first, "type": "pass"})
    assert prompts(state)[0].seat == order[1]
    state, _ = apply(state, {"seat": order[1], "type": "pass"})
    assert prompts(state)[0].seat == order[2]
    state, fx = apply(state, {"seat": order[2], "type": "pass"})
    # three players passed after him: he wins, the pot goes to the Inn, his Drink comes next
    assert any(e["type"] == "round_ended" and e["winner"] == "otto" for e in fx)
    assert state.pot == 0 and not any(fr["f"] == "round" for fr in state.stack)


def test_in_a_round_already_his_round_starting_box_does_nothing():
    """An illegal play does nothing [002:460]: no second Round while one is under way."""
    from games.engine.options.otto import turn as otto
    state = new_game(_setup(options={"otto": ["cleric", "wizard"]}))
    state.stack.append({"f": "round", "ended": False, "id": 98})
    inn, pot, stack = state.inn, state.pot, list(state.stack)
    assert otto._start_round(state, state.zones["otto"][-1]) == []
    assert (state.inn, state.pot, state.stack) == (inn, pot, stack)


def test_of_the_cards_that_change_a_drink_only_those_for_any_drink_reach_his():
    """R-OTTO-DRINK: a card that changes "a revealed Drink" may change his [002:428]; one that
    names your own Drink (Ignore, pass, split, halve, courage) can't, nor one that has him drink
    more (nobody orders him a Drink [002:414])."""
    from games.engine.core import steps
    state = new_game(_setup(options={"otto": ["wizard", "warrior"]}))
    drink = {"f": "drink", "id": 1, "portions": [{"holder": "otto", "alcohol": 2, "fortitude": 0, "ignored": False,
                                                  "courage": False, "reveal": 0, "event": False, "tracks": [0, 1]}]}
    ctx = ("window", drink)
    assert steps._args_modify_drink(state, 0, None, {"alcohol": 2}, ctx, {}) == [{"portion": 0}]
    for args in (steps._args_ignore_drink, steps._args_pass_or_split, steps._args_halve, steps._args_courage,
                 steps._args_extra_drink):
        assert args(state, 0, None, {}, ctx, {}) == []


def test_a_card_may_pick_him_only_when_he_can_take_all_it_does():
    """R-OTTO-TARGETING: "pick another player" offers Otto for a card whose every step he can
    take (a Fortitude or Alcohol change, Gold); not one that makes its target drink, discard or
    anything a player alone can do [002:430, 452-458]."""
    from games.engine.options.otto import turn as otto
    state = new_game(_setup(options={"otto": ["wizard", "warrior"]}))
    cards = of(state).cards
    assert otto.targets(state, 0, cards["zot/down-pooky"]) == [{"target": "otto"}]
    assert otto.targets(state, 1, cards["gerki/well-i-dont-see-your-name-on-it"]) == [{"target": "otto"}]
    assert otto.targets(state, 0, cards["fiona/drink-up-friend"]) == []
