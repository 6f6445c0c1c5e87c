"""The read replica on a real primary and hot standby started by rdi_service/replica.py (issue 42
item 2; docs/operations.md "Running with a read replica"; the fixtures: conftest.py here).

What reads the log (replays and their timelines, the replay pages, the event list, exports,
verification, dispute evidence, the standings behind the history page) is served by the
standby once it has the game; appends, the game row and the stream's seq check stay on the
primary; and a standby that lags (its replay paused) never shows a player a state older than
their own last decision: those reads go to the primary until it catches up.

Which server answered is read from Django's own query log of each connection, and the
standby's connection is checked to be one (pg_is_in_recovery)."""
import asyncio
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connections, transaction
from django.test.utils import CaptureQueriesContext

from disputes import services as disputes
from games import appends, engine, log_reads, selectors
from games.models import Game
from games.web.stream import Store, _conninfo_from_django
from rdi_service import replica
from replay.export import export_lines
from tests.replay.conftest import client_for, make_user, play, start_game

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _no_state_carried_over():
    """A game's state cached by this process would spare the store a read, hiding where the
    read would have gone."""
    from games import store
    from replay import frames

    store.cache.clear()
    frames.clear_caches()


def event_reads(captured) -> list[str]:
    """The statements that read the event table."""
    return [q["sql"] for q in captured.captured_queries if "games_event" in q["sql"]]


class Where:
    """The statements each server ran inside the block."""

    def __enter__(self):
        self._contexts = [CaptureQueriesContext(connections["default"]), CaptureQueriesContext(connections["replica"])]
        self.primary, self.standby = (context.__enter__() for context in self._contexts)
        return self

    def __exit__(self, *exc):
        for context in reversed(self._contexts):
            context.__exit__(*exc)

    def served_by_the_replica(self) -> bool:
        return bool(event_reads(self.standby)) and not event_reads(self.primary)

    def served_by_the_primary(self) -> bool:
        return bool(event_reads(self.primary)) and not event_reads(self.standby)


def in_recovery(alias: str) -> bool:
    with connections[alias].cursor() as cursor:
        cursor.execute("SELECT pg_is_in_recovery()")
        return cursor.fetchone()[0]


@pytest.fixture
def people(on_the_pair):
    # not pytest-django's django_user_model: it asks for `db`, a transaction never committed
    users = get_user_model()
    ana, bob = make_user(users, "ana"), make_user(users, "bob")
    staff = make_user(users, "sam", is_staff=True)
    return type("People", (), {"ana": ana, "bob": bob, "staff": staff})


def test_the_replica_is_the_standby_and_the_primary_is_not(on_the_pair):
    assert in_recovery("replica") and not in_recovery("default")


def test_replays_exports_verification_and_history_are_served_by_the_replica(on_the_pair, people, api_for):
    game = play(start_game(people.ana, people.bob))
    on_the_pair.caught_up()
    page, api = client_for(people.ana), api_for(people.ana)
    reads = [
        (page, "/history/"),                            # first: the standings fold is cached after it
        (api, f"/api/games/{game.pk}/replay/?at=5"),
        (api, f"/api/games/{game.pk}/replay/"),
        (api, f"/api/games/{game.pk}/replay/timeline/"),
        (page, f"/games/{game.pk}/replay/?at=9"),
        (page, f"/games/{game.pk}/replay/frame/?at=12&as=omniscient"),
        (api, f"/api/games/{game.pk}/events/?after=3"),
        (api, f"/api/games/{game.pk}/export/"),
        (api, f"/api/games/{game.pk}/verify/"),
    ]
    for client, url in reads:
        with Where() as where:
            response = client.get(url)
        assert response.status_code == 200, (url, response.content[:300])
        assert where.served_by_the_replica(), (url, event_reads(where.primary), event_reads(where.standby))
    assert api.get(f"/api/games/{game.pk}/verify/").json()["ok"] is True
    # what the standby answered is what the primary holds
    assert api.get(f"/api/games/{game.pk}/export/").content == \
        b"".join(export_lines(game=Game.objects.get(pk=game.pk), seat=0))
    out = io.StringIO()
    with Where() as where:
        call_command("verify_game", str(game.pk), stdout=out)
    assert f"game {game.pk}: OK" in out.getvalue() and where.served_by_the_replica()


def test_dispute_evidence_is_read_from_the_replica(on_the_pair, people, api_for):
    game = play(start_game(people.ana, people.bob))
    dispute = disputes.dispute_report(game_id=game.pk, user=people.ana, seq=12, category="rules", text="Odd.")
    disputes.dispute_note(dispute_id=dispute.pk, staff=people.staff, text="Looking.")   # an admin_note event
    on_the_pair.caught_up()
    with Where() as where:
        page = client_for(people.staff).get(f"/staff/disputes/{dispute.pk}/")
    assert page.status_code == 200 and b"Looking." in page.content
    assert where.served_by_the_replica(), event_reads(where.primary)
    with Where() as where:
        evidence = api_for(people.staff).get(f"/api/disputes/{dispute.pk}/").json()["evidence"]
    assert evidence["integrity"]["ok"] and evidence["event"]["seq"] == 12
    assert where.served_by_the_replica(), event_reads(where.primary)


def test_appends_the_game_row_and_the_streams_seq_stay_on_the_primary(on_the_pair, people):
    game = play(start_game(people.ana, people.bob), steps=10)
    on_the_pair.caught_up()
    state = selectors.game_state(game=game)
    prompt = engine.prompts(state)[0]
    with log_reads.reading_the_log(game.pk, game.seq) as alias:
        assert alias == "replica" and log_reads.log_alias() == "replica"
        assert Game.objects.filter(pk=game.pk).db == "replica"
        # the standby refuses every write, so each of these succeeding says it went to the primary
        appended = appends.submit_decision(game_id=game.pk, seat=prompt.seat, decision=prompt.decisions[0],
                                           actor="ai:random@1", expected_seq=game.seq)
        dispute = disputes.dispute_report(game_id=game.pk, user=people.ana, seq=3, category="bot", text="Hm.")
        assert dispute._state.db == "default"
        with transaction.atomic():
            # a writer reading what its transaction holds: the primary
            assert log_reads.log_alias() == "default"
            assert Game.objects.select_for_update().filter(pk=game.pk).db == "default"
            assert Game.objects.select_for_update().get(pk=game.pk).seq == appended.seq
    game.refresh_from_db()
    assert game.seq == appended.seq

    # the live stream reads each game's seq from the primary, whatever the standby has
    with on_the_pair.lagging():
        before = on_the_pair.seq_on_standby(game.pk)
        game = play(game, steps=2)
        assert on_the_pair.seq_on_standby(game.pk) == before < game.seq
        store = Store(_conninfo_from_django())

        async def read():
            try:
                return await store.seq(game.pk)
            finally:
                await (await store._pool()).close()

        assert asyncio.run(read()) == game.seq
        assert f"host={on_the_pair.primary}" in store.conninfo


def test_a_lagging_replica_never_shows_a_player_a_state_older_than_their_decision(on_the_pair, people, api_for):
    game = start_game(people.ana, people.bob)
    player, detail = None, None
    for _ in range(300):                               # on to a turn of ana's or bob's
        for user in (people.ana, people.bob):
            detail = api_for(user).get(f"/api/games/{game.pk}/").json()
            if detail["your_prompt"]:
                player = user
                break
        if player:
            break
        game = play(game, steps=1)
    assert player is not None
    api, page = api_for(player), client_for(player)
    seat = detail["your_seat"]
    on_the_pair.caught_up()
    old = detail["seq"]

    with on_the_pair.lagging():
        made = api.post(f"/api/games/{game.pk}/decisions/",
                        {"expected_seq": old, "decision": detail["view"]["prompt"]["decisions"][0]}, format="json")
        assert made.status_code == 201, made.content
        mine = made.json()["seq"]
        assert on_the_pair.seq_on_standby(game.pk) == old < mine           # the standby has not seen it

        with Where() as where:
            frame = api.get(f"/api/games/{game.pk}/replay/").json()
        assert frame["at"] == frame["last"] == mine
        assert frame["event"]["seat"] == seat and frame["event"]["actor"] == f"user:{player.pk}"
        assert where.served_by_the_primary()
        with Where() as where:
            timeline = api.get(f"/api/games/{game.pk}/replay/timeline/").json()
            events = api.get(f"/api/games/{game.pk}/events/?after={old}").json()["events"]
            export = b"".join(api.get(f"/api/games/{game.pk}/export/")).splitlines()
            replay_page = page.get(f"/games/{game.pk}/replay/?at={mine}")
        assert timeline["last"] == mine and len(timeline["series"]) == mine + 1
        assert [e["seq"] for e in events][:1] == [mine]
        assert len(export) == 1 + mine + 1
        assert replay_page.status_code == 200 and f'data-last="{mine}"'.encode() in replay_page.content
        assert where.served_by_the_primary(), event_reads(where.standby)
        # the standby was asked only how far it had got
        assert {q["sql"].split(" WHERE")[0] for q in where.standby.captured_queries} == {
            "SELECT seq FROM games_game"}

        # what the standby already has does not wait for it: an event before the lag
        with Where() as where:
            earlier = api.get(f"/api/games/{game.pk}/replay/?at={old}").json()
        assert earlier["at"] == old and where.served_by_the_replica()

    on_the_pair.caught_up()
    with Where() as where:
        frame = api.get(f"/api/games/{game.pk}/replay/").json()
    assert frame["at"] == mine and where.served_by_the_replica()


def test_the_script_reports_the_pair_and_a_second_start_finds_it_running(on_the_pair):
    env = {**os.environ, "RDI_VAR_DIR": str(on_the_pair.var.parent), "PYTHONPATH": str(ROOT)}

    def script(*args):
        return subprocess.run([sys.executable, "-m", "rdi_service.replica", *args], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=120)

    status = script("status")
    assert status.returncode == 0, status.stdout + status.stderr
    assert "primary: running" in status.stdout and "a standby streaming" in status.stdout
    assert "standby: running" in status.stdout and "a hot standby" in status.stdout
    again = script("start")
    assert again.returncode == 0, again.stderr
    exports = dict(line.removeprefix("export ").split("=", 1) for line in again.stdout.splitlines())
    assert exports == {name: f"'{url}'" for name, url in replica.Pair(on_the_pair.primary,
                                                                      on_the_pair.standby).exports().items()}
    assert "creating" not in again.stderr              # nothing made twice
    # replication is for the replication role alone, over the primary's socket alone
    with replica.superuser(on_the_pair.primary) as primary:
        rules = primary.execute("SELECT type, database, user_name FROM pg_hba_file_rules ORDER BY line_number")
        assert rules.fetchall() == [("local", ["all"], ["all"]), ("local", ["replication"], [replica.REPLICATOR])]
        assert primary.execute("SHOW listen_addresses").fetchone()[0] == ""
    with pytest.raises(Exception, match="read-only transaction"):
        with connections["replica"].cursor() as cursor:
            cursor.execute("INSERT INTO games_gameseed (game_id, seed) VALUES (0, 'x')")
    assert script("bogus").returncode == 2
