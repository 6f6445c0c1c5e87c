"""The opt-in Server-Timing header (rdi_service/server_timing.py)."""
import re

import pytest

pytestmark = pytest.mark.django_db


def test_no_header_by_default(client, settings):
    assert settings.RDI_SERVER_TIMING is False
    response = client.get("/api/games/999999/")
    assert "Server-Timing" not in response.headers


def test_header_gives_the_server_time_when_on(client, settings):
    settings.RDI_SERVER_TIMING = True
    response = client.get("/api/games/999999/")
    assert response.status_code == 404     # error responses carry it too
    match = re.fullmatch(r"app;dur=(\d+\.\d{3})", response.headers["Server-Timing"])
    assert match and float(match[1]) > 0
