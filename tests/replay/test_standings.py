"""Game-over standings follow the order players went out (issue 43 item 4, R-STANDINGS), the
same in all four places that show them: the game's game-over table, the history page, the
replay's last frame and the export's header. The order comes from the log (the replay
timeline's eliminations stand for it here), never from Gold or margins."""
import re

import orjson
import pytest

from games import standings
from replay import frames
from replay.offline import verify_export_bytes
from tests.replay.conftest import client_for, play, start_game

pytestmark = pytest.mark.django_db(transaction=True)


def _expected(game) -> list[list[int]]:
    """Groups of seats from first place down: the winners, then who went out last, ..."""
    data = frames.timeline(game=game)
    by_seq: dict[int, list[int]] = {}
    for e in data["eliminations"]:
        if e["seat"] not in game.winners:
            by_seq.setdefault(e["seq"], []).append(e["seat"])
    return [sorted(game.winners)] + [sorted(by_seq[s]) for s in sorted(by_seq, reverse=True)]


def _order_in(html: str, names: list[str], section: str) -> list[int]:
    """The seats in the order their names appear in the first `section` list of `html`."""
    block = re.search(section, html, re.S)
    assert block, section
    items = re.findall(r"<li.*?</li>", block.group(1), re.S)
    return [next(i for i, n in enumerate(names) if f" {n} " in re.sub(r"<[^>]+>", " ", li)) for li in items]


def _places(html: str, section: str) -> list[int]:
    block = re.search(section, html, re.S).group(1)
    return [int(p) for p in re.findall(r"<(?:strong|b class=\"place\")>(\d+)\.</", block)]


STANDINGS = r'<ol class="standings">(.*?)</ol>'
HISTORY = r'<ol class="placings">(.*?)</ol>'


def _four_places(game, user):
    data = frames.timeline(game=game)
    names = data["names"]
    first_names = [n.split()[0] for n in names]
    table = client_for(user).get(f"/games/{game.pk}/").content.decode()
    history = client_for(user).get("/history/").content.decode()
    replay = client_for(user).get(f"/games/{game.pk}/replay/", {"at": game.seq}).content.decode()
    fragment = client_for(user).get(f"/games/{game.pk}/replay/frame/", {"at": game.seq}).content.decode()
    export = client_for(user).get(f"/api/games/{game.pk}/export/").content
    header = orjson.loads(export.split(b"\n", 1)[0])
    return {
        "table": (_order_in(table, names, STANDINGS), _places(table, STANDINGS)),
        "history": (_order_in(history, first_names, HISTORY), _places(history, HISTORY)),
        "replay": (_order_in(replay, names, STANDINGS), _places(replay, STANDINGS)),
        "replay fragment": (_order_in(fragment, names, STANDINGS), _places(fragment, STANDINGS)),
        "export": ([r["seat"] for r in header["standings"]], [r["place"] for r in header["standings"]]),
    }, export, table


def _places_of(groups):
    places, place = [], 1
    for g in groups:
        places += [place] * len(g)
        place += len(g)
    return places


def test_a_player_who_lasted_longer_ranks_higher_everywhere(finished_game, players):
    groups = _expected(finished_game)
    assert len(groups) == 3 and all(len(g) == 1 for g in groups), "this seed's game: one out early, one later"
    seats = [s for g in groups for s in g]
    shown, export, table = _four_places(finished_game, players[0])
    for where, (order, places) in shown.items():
        assert order == seats, f"{where}: {order}, expected {seats} (the last to go out ranks higher)"
        assert places == [1, 2, 3], where
    rows = standings.of_game(finished_game)
    first_out, second_out = rows[2], rows[1]
    assert first_out["turn"] <= second_out["turn"] and first_out["seq"] < second_out["seq"]
    assert f"on turn {second_out['turn']}" in table and "(tied)" not in table
    assert verify_export_bytes(export).ok


def test_players_who_went_out_together_share_a_place(players):
    game = play(start_game(*players), rng_seed=4)          # two seats pass out at one event
    groups = _expected(game)
    assert [len(g) for g in groups] == [1, 2], groups
    shown, export, table = _four_places(game, players[0])
    for where, (order, places) in shown.items():
        assert order == [s for g in groups for s in g], where
        assert places == [1, 2, 2], where
    assert table.count("(tied)") == 2
    assert [r["tied"] for r in standings.of_game(game)] == [False, True, True]
    assert verify_export_bytes(export).ok


def test_an_export_without_standings_still_verifies_and_altered_ones_do_not(finished_game):
    data = client_for().get(f"/api/games/{finished_game.pk}/export/").content
    head, rest = data.split(b"\n", 1)
    header = orjson.loads(head)
    old = dict(header)
    del old["standings"]                                   # an export made before standings existed
    assert verify_export_bytes(orjson.dumps(old) + b"\n" + rest).ok
    swapped = dict(header, standings=[header["standings"][0], header["standings"][2], header["standings"][1]])
    result = verify_export_bytes(orjson.dumps(swapped) + b"\n" + rest)
    assert not result.ok and "standings" in result.problem


def test_ranking_rules():
    # everyone left went out at once: a tie for the win (R-WIN), ranked above earlier losers
    outs = [{"seat": 3, "reason": "broke", "seq": 10, "turn": 4, "moment": 1},
            {"seat": 1, "reason": "passed_out", "seq": 20, "turn": 6, "moment": 2},
            {"seat": 0, "reason": "passed_out", "seq": 50, "turn": 9, "moment": 3},
            {"seat": 2, "reason": "passed_out", "seq": 50, "turn": 9, "moment": 3}]
    rows = standings.rank(seats=4, winners=[0, 2], outs=outs)
    assert [(r["seat"], r["place"], r["winner"], r["tied"], r["turn"]) for r in rows] == \
        [(0, 1, True, True, 9), (2, 1, True, True, 9), (1, 3, False, False, 6), (3, 4, False, False, 4)]
    # seat 1 never went out and did not win: only a voided game ends like that
    rows = standings.rank(seats=4, winners=[], outs=outs[:1])
    assert [(r["seat"], r["place"]) for r in rows] == [(0, 1), (1, 1), (2, 1), (3, 4)]
    # order unknown (a game this server can't fold): the winner, then everyone else together
    rows = standings.rank(seats=3, winners=[2], outs=None)
    assert [(r["seat"], r["place"]) for r in rows] == [(2, 1), (0, 2), (1, 2)]


def test_outs_tell_apart_two_losses_in_one_event():
    outs = standings.Outs()
    outs.see(7, [{"type": "in_danger", "seats": [1]}, {"type": "eliminated", "seat": 1, "reason": "broke"},
                 {"type": "turn", "turn": 5, "seat": 2}, {"type": "in_danger", "seats": [2, 3]},
                 {"type": "eliminated", "seat": 2, "reason": "passed_out"},
                 {"type": "eliminated", "seat": 3, "reason": "broke"}])
    got = [(o["seat"], o["moment"], o["turn"]) for o in outs.result()]
    assert got == [(1, 1, 1), (2, 2, 5), (3, 2, 5)]


def test_the_tables_words_for_each_finish():
    from games.presentation import board

    seats = [{"index": i, "out": i != 0, "status_words": "passed out"} for i in range(4)]
    outs = [{"seat": 3, "reason": "broke", "seq": 10, "turn": 4, "moment": 1},
            {"seat": 2, "reason": "passed_out", "seq": 20, "turn": 6, "moment": 2}]
    team = board._standings(seats, {}, standings.rank(seats=4, winners=[0, 1], outs=outs))   # a team won
    assert [(s["index"], s["place"], s["finish"]) for s in team] == [
        (0, 1, "last team standing"), (1, 1, "last team standing"), (2, 3, "passed out on turn 6"),
        (3, 4, "out of Gold on turn 4")]
    both = outs + [{"seat": 0, "reason": "passed_out", "seq": 30, "turn": 7, "moment": 3},
                   {"seat": 1, "reason": "broke", "seq": 30, "turn": 7, "moment": 3}]
    tie = board._standings(seats, {}, standings.rank(seats=4, winners=[0, 1], outs=both))
    assert tie[0]["finish"].startswith("shared the win") and tie[1]["place"] == 1
    alone = board._standings(seats, {"winners": [0]})      # no order known: the rest share 2nd
    assert [(s["index"], s["place"]) for s in alone] == [(0, 1), (1, 2), (2, 2), (3, 2)]
