"""The router's other cases, on the suite's own database (games/log_reads.py): with no
replica configured, as in every deployment without DATABASE_REPLICA_URL, everything is read
and written on `default` and choosing costs no statement; DATABASE_REPLICA_URL's settings;
and a replica that cannot be reached."""
import logging

from django.conf import settings
from django.db import connection, connections
from django.test.utils import CaptureQueriesContext

from games import log_reads
from games.models import Game, GameEvent
from tests.replay.conftest import client_for, make_user, play, start_game
from tests.settings_probe import settings_in_process


def test_without_a_replica_the_log_is_read_where_everything_else_is(db, django_user_model):
    ana, bob = make_user(django_user_model, "ana"), make_user(django_user_model, "bob")
    game = play(start_game(ana, bob), steps=8)
    assert list(connections) == ["default"] and not log_reads.configured()
    router = log_reads.LogReplicaRouter()
    with CaptureQueriesContext(connection) as choosing:
        with log_reads.reading_the_log(game.pk, game.seq) as alias:
            assert alias == log_reads.log_alias() == "default" and log_reads.log_db() is connections["default"]
            assert router.db_for_read(GameEvent) == router.db_for_write(Game) == "default"
    assert len(choosing) == 0
    assert router.db_for_read(Game) == "default" and router.allow_migrate("default", "games")
    response = client_for(ana).get(f"/api/games/{game.pk}/replay/timeline/")
    assert response.status_code == 200 and response.json()["last"] == game.seq


def test_a_replica_that_cannot_be_reached_leaves_reads_on_the_primary_for_a_while(django_db_blocker, monkeypatch,
                                                                                  caplog):
    monkeypatch.setattr(log_reads, "_replica_down_until", 0.0)
    settings.DATABASES["replica"] = {**settings.DATABASES["default"], "HOST": "", "PORT": "",
                                     "OPTIONS": {"host": "/nonexistent/rdi-replica"}}
    try:
        with django_db_blocker.unblock(), caplog.at_level(logging.WARNING, logger="games.log_reads"):
            with log_reads.reading_the_log(1, 0) as alias:
                assert alias == "default"
            assert "the read replica cannot be reached" in caplog.text
            caplog.clear()
            with log_reads.reading_the_log(1, 0) as alias:      # not tried again at once
                assert alias == "default"
            assert caplog.text == "" and connections["replica"].connection is None
    finally:
        connections["replica"].close()
        del connections["replica"]
        del settings.DATABASES["replica"]


def _databases(module: str, **env) -> dict:
    return settings_in_process(module, "{'routers': settings.DATABASE_ROUTERS, 'databases': {alias: {k: db[k] for k in "
                               "('USER', 'NAME', 'OPTIONS', 'CONN_MAX_AGE', 'CONN_HEALTH_CHECKS')} "
                               "for alias, db in settings.DATABASES.items()}}", unset=("CONN_MAX_AGE", "DATABASE_REPLICA_URL"),
                               **env)


def test_database_replica_url_adds_the_replica_with_the_primarys_connection_settings():
    url = "postgres://rdi_service@/rdi?host=/srv/rdi/standby"
    assert _databases("rdi_service.wsgi", DATABASE_REPLICA_URL=url)["databases"]["replica"] == {
        "USER": "rdi_service", "NAME": "rdi", "OPTIONS": {"host": "/srv/rdi/standby"}, "CONN_MAX_AGE": 60,
        "CONN_HEALTH_CHECKS": True}
    # under ASGI neither keeps its connections (rdi_service/asgi.py)
    served = _databases("rdi_service.asgi", DATABASE_REPLICA_URL=url)["databases"]
    assert served["default"]["CONN_MAX_AGE"] == served["replica"]["CONN_MAX_AGE"] == 0
    without = _databases("rdi_service.wsgi")
    assert list(without["databases"]) == ["default"]
    assert without["routers"] == ["games.log_reads.LogReplicaRouter"]
