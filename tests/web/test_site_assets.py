"""What the site serves from itself: the API docs' Swagger UI (no CDN, so /api/docs/ works
offline) and the favicon, at /favicon.ico and linked from every page."""
import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def _assets(html: str) -> list[str]:
    return re.findall(r'<(?:script|link)[^>]+(?:src|href)="([^"]+)"', html)


def test_the_api_docs_load_swagger_ui_from_the_site_itself():
    client = Client()
    page = client.get("/api/docs/")
    assert page.status_code == 200
    html = page.content.decode()
    assets = _assets(html)
    assert any("swagger-ui-bundle" in a for a in assets) and any(a.endswith(".css") for a in assets), assets
    assert not re.search(r"(?:src|href)=\"(?:https?:)?//", html), "an asset from another host"
    assert "cdn" not in html.lower()
    for url in assets:
        got = client.get(url)
        assert got.status_code == 200, url
        assert b"".join(got.streaming_content if got.streaming else [got.content]), url


def test_favicon_ico_answers_with_an_icon():
    got = Client().get("/favicon.ico")
    assert got.status_code == 200 and got["Content-Type"] == "image/x-icon"
    body = b"".join(got.streaming_content)
    assert body[:4] == b"\x00\x00\x01\x00"          # an ICO file's header


def test_every_page_links_the_favicon_and_it_is_served():
    client = Client()
    html = client.get("/login/").content.decode()
    icons = re.findall(r'<link rel="icon" href="([^"]+)"', html)
    assert any(i.endswith("favicon.svg") for i in icons) and "data:," not in icons
    for url in icons:
        assert client.get(url).status_code == 200, url
