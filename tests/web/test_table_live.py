"""The table page before the game (issue 43 item 3): its seats follow the table's own live
stream instead of reloading the page (which wiped what a joiner or the owner had chosen),
and it tells the owner how to invite friends. The stream runs under uvicorn on the real
Redis and this run's Postgres."""
import queue
import socket
import time

import pytest
from django.test import Client

from games import live_channels, services
from tests.web.test_stream_namespace import Sse, stream_port  # noqa: F401  (stream_port: a fixture)

pytestmark = pytest.mark.django_db(transaction=True)


def _user(django_user_model, name):
    return django_user_model.objects.create_user(username=name, password="a long enough password 1")


def _client(user):
    c = Client()
    c.force_login(user)
    return c


@pytest.fixture
def table(django_user_model):
    ana, bob = _user(django_user_model, "ana"), _user(django_user_model, "bob")
    table = services.table_create(owner=ana, player_count=3)
    services.seat_take(table_id=table.pk, user=ana, character="zot")
    return table, ana, bob


def table_sse(port: int, table: int, last: int | None = None) -> Sse:
    return Sse(port, table, last, kind="tables")


def test_the_table_stream_announces_each_seat_and_the_start(table, stream_port):  # noqa: F811
    table, ana, bob = table
    sse = table_sse(stream_port, table.pk)
    try:
        assert sse.messages.get(timeout=10) == (1, {"table": table.pk, "version": 1})  # the store's, on connect
        time.sleep(0.3)                                                  # the subscriber is listening
        services.seat_take(table_id=table.pk, user=bob, character="fiona")
        assert sse.messages.get(timeout=10) == (2, {"table": table.pk, "version": 2})
        services.seat_take(table_id=table.pk, user=ana, character="gerki", ai=True)
        assert sse.messages.get(timeout=10)[0] == 3
        services.table_start(table_id=table.pk, user=ana, seed="ab" * 32)
        assert sse.messages.get(timeout=10)[0] == 4
    finally:
        sse.close()


def test_a_reconnect_gets_what_it_missed_and_a_ping_alone_changes_nothing(table, stream_port):  # noqa: F811
    import redis
    from django.conf import settings

    table, ana, bob = table
    services.seat_take(table_id=table.pk, user=bob, character="fiona")
    sse = table_sse(stream_port, table.pk, last=1)
    try:
        assert sse.messages.get(timeout=10)[0] == 2
        time.sleep(0.3)
        # a ping is only "read the table again": the store says nothing changed, so nothing is sent
        redis.Redis.from_url(settings.REDIS_URL).publish(live_channels.table_channel(table.pk), b'{"table": 1}')
        with pytest.raises(queue.Empty):
            sse.messages.get(timeout=0.6)
    finally:
        sse.close()


def test_the_stream_of_a_table_that_does_not_exist_is_a_404(stream_port):  # noqa: F811
    sock = socket.create_connection(("127.0.0.1", stream_port), timeout=10)
    try:
        sock.sendall(b"GET /stream/tables/999999999/ HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
        answer = b""
        while chunk := sock.recv(4096):
            answer += chunk
    finally:
        sock.close()
    assert answer.startswith(b"HTTP/1.1 404") and b"There is no such table." in answer


def test_the_seat_list_is_a_fragment_and_a_started_table_points_to_its_game(table):
    table, ana, bob = table
    c = _client(bob)
    r = c.get(f"/tables/{table.pk}/seats/")
    assert r.status_code == 200
    page = r.content.decode()
    assert 'data-version="1"' in page and 'data-full="0"' in page and "ana" in page and "<form" not in page
    services.seat_take(table_id=table.pk, user=bob, character="fiona")
    services.seat_take(table_id=table.pk, user=ana, character="gerki", ai=True)
    assert 'data-full="1"' in c.get(f"/tables/{table.pk}/seats/").content.decode()
    game = services.table_start(table_id=table.pk, user=ana, seed="ab" * 32)
    r = c.get(f"/tables/{table.pk}/seats/")
    assert r.status_code == 204 and r["X-Game-Url"] == f"/games/{game.pk}/"


def test_the_page_no_longer_reloads_itself_and_keeps_its_forms_out_of_the_live_part(table):
    table, ana, bob = table
    page = _client(bob).get(f"/tables/{table.pk}/").content.decode()
    assert "location.reload" not in page
    live = page[page.index('id="table-seats"'):page.index('class="seat-forms"')]
    assert "<select" not in live, "a form inside the part the stream replaces would lose its input"
    assert f'data-stream="/stream/tables/{table.pk}/"' in page and 'id="join"' in page


def test_the_owner_is_told_how_to_invite_friends(table):
    table, ana, bob = table
    owner = _client(ana).get(f"/tables/{table.pk}/").content.decode()
    assert f'value="http://testserver/tables/{table.pk}/"' in owner and 'id="copy-invite"' in owner
    assert 'id="invite-link"' not in _client(bob).get(f"/tables/{table.pk}/").content.decode()
    anonymous = Client().get(f"/tables/{table.pk}/").content.decode()
    assert f"/login/?next=/tables/{table.pk}/" in anonymous and "sign up" in anonymous
