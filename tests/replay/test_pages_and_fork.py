"""The replay page and its frame fragment render from the frame's view only; fork ("play from
here") starts a new game at the same position."""
import pytest

from games import engine, selectors
from games.models import Game
from replay import fork
from tests.replay.conftest import client_for as _client, play, start_game

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_replay_page_renders_board_narration_charts_and_controls(finished_game, players):
    r = _client().get(f"/games/{finished_game.pk}/replay/?at=12&as=omniscient")
    html = r.content.decode()
    assert r.status_code == 200
    for part in ('id="next"', 'id="next-round"', 'class="chart"', 'class="board"', 'id="narration"', 'id="everyone"',
                 'data-at="12"'):
        assert part in html, part
    frag = _client().get(f"/games/{finished_game.pk}/replay/frame/?at=13&as=1").content.decode()
    assert 'data-at="13"' in frag and 'id="everyone"' not in frag


def test_a_player_during_the_game_is_refused_another_seat_on_the_page(players):
    game = play(start_game(*players), steps=10)
    r = _client(players[0]).get(f"/games/{game.pk}/replay/?at=3&as=1")
    assert r.status_code == 403 and "your own seat" in r.content.decode()
    assert _client(players[0]).get(f"/games/{game.pk}/replay/?at=3").status_code == 200


def _forkable_seq(game):
    for at in range(game.seq - 2, 0, -1):
        if fork.forkable(fork.state_at(game=game, at=at)) is None:
            return at
    raise AssertionError("no forkable event")


def test_play_from_here_starts_the_same_position(finished_game, players):
    at = _forkable_seq(finished_game)
    before = fork.state_at(game=finished_game, at=at)
    r = _client(players[1]).post(f"/api/games/{finished_game.pk}/fork/", {"at": at, "seat": 1},
                                 content_type="application/json")
    assert r.status_code == 201, r.content
    new = Game.objects.get(pk=r.json()["game"])
    assert new.table.seats.get(index=1).user == players[1]
    assert all(s.is_ai for s in new.table.seats.exclude(index=1))
    after = selectors.game_state(game=new)
    old_view, new_view = engine.view(before, "omniscient"), engine.view(after, "omniscient")
    for a, b in zip(old_view["seats"], new_view["seats"]):
        for k in ("character", "fortitude", "alcohol", "gold", "status"):
            assert a[k] == b[k]
        for zone in ("hand", "deck", "discard", "drink_me"):
            assert [c["key"] for c in a[zone]] == [c["key"] for c in b[zone]]
    assert [c["key"] for c in old_view["drink_deck"]] == [c["key"] for c in new_view["drink_deck"]]
    for k in ("inn", "active", "phase", "turn"):
        assert old_view[k] == new_view[k]
    p_old, p_new = engine.prompts(before)[0], engine.prompts(after)[0]
    assert (p_old.seat, p_old.kind, len(p_old.decisions)) == (p_new.seat, p_new.kind, len(p_new.decisions))


def test_fork_refuses_a_pending_stack_and_an_unfinished_game(finished_game, players):
    busy = next(at for at in range(1, finished_game.seq) if fork.state_at(game=finished_game, at=at).stack)
    r = _client(players[0]).post(f"/api/games/{finished_game.pk}/fork/", {"at": busy, "seat": 0},
                                 content_type="application/json")
    assert r.status_code == 409 and r.json()["code"] == "not_forkable"
    live = play(start_game(*players, seed="cd" * 32), steps=5)
    r = _client(players[0]).post(f"/api/games/{live.pk}/fork/", {"at": 2, "seat": 0}, content_type="application/json")
    assert r.status_code == 409 and r.json()["code"] == "game_not_over"


def test_the_page_fork_button_redirects_to_the_new_game(finished_game, players):
    at = _forkable_seq(finished_game)
    r = _client(players[0]).post(f"/games/{finished_game.pk}/replay/fork/", {"at": at, "seat": 0})
    assert r.status_code == 302 and r["Location"].startswith("/games/")


def test_the_page_says_where_forking_is_offered(finished_game, players):
    import json as _json
    import re as _re

    busy = next(at for at in range(1, finished_game.seq) if fork.state_at(game=finished_game, at=at).stack)
    quiet = _forkable_seq(finished_game)

    def fork_note(at):
        html = _client(players[0]).get(f"/games/{finished_game.pk}/replay/frame/?at={at}").content.decode()
        data = _re.search(r'<script type="application/json" id="frame-data">(.*?)</script>', html, _re.S).group(1)
        return _json.loads(data)["fork"]

    assert fork_note(quiet) is None
    assert "waiting to resolve" in fork_note(busy)


def test_the_replay_opens_at_the_deal_unless_an_event_is_linked(finished_game):
    html = _client().get(f"/games/{finished_game.pk}/replay/").content.decode()
    assert 'data-at="0"' in html and 'id="gameover"' not in html
    linked = _client().get(f"/games/{finished_game.pk}/replay/", {"at": 9}).content.decode()
    assert 'data-at="9"' in linked
    # the API's frame keeps its documented default: the latest event
    assert _client().get(f"/api/games/{finished_game.pk}/replay/").json()["at"] == finished_game.seq


def test_the_replays_game_over_panel_does_not_offer_the_replay(finished_game, players):
    end = _client(players[0]).get(f"/games/{finished_game.pk}/replay/", {"at": finished_game.seq}).content.decode()
    panel = end[end.index('id="gameover"'):]
    panel = panel[:panel.index("</section>")]
    assert "Download the game" in panel and "Watch the replay" not in panel
    table = _client(players[0]).get(f"/games/{finished_game.pk}/").content.decode()
    assert f'href="/games/{finished_game.pk}/replay/">Watch the replay' in table
