"""Fixtures of the content-pack tests: a packs folder of their own (settings.RDI_PACKS_DIR)
holding the base pack, the Daareka test pack, and a way to forget every loaded content as a
fresh process would."""
import json
from pathlib import Path

import pytest

from games import store
from games.engine.core import content as engine_content

FIXTURES = Path(__file__).parent / "fixtures"
ROOT = Path(__file__).parents[2]


def daareka() -> dict:
    return json.loads((FIXTURES / "daareka.json").read_text())


@pytest.fixture
def packs_dir(tmp_path, settings):
    folder = tmp_path / "packs"
    folder.mkdir()      # the base pack is the engine's own (registry.BUILT_IN)
    settings.RDI_PACKS_DIR = str(folder)
    return folder


@pytest.fixture
def with_daareka(packs_dir):
    path = packs_dir / "daareka.json"
    path.write_text(json.dumps(daareka()))
    return path


@pytest.fixture
def forget_content():
    """forget() drops every loaded content but the engine's own base pack and the store's
    cached states: what a freshly started worker knows."""
    def forget():
        store.cache.clear()
        for cid in list(engine_content._LOADED):
            if cid != engine_content.BASE.id:
                del engine_content._LOADED[cid]
    yield forget
    store.cache.clear()


@pytest.fixture
def staff(django_user_model):
    """A test client logged in as a superuser (the admin's pack pages)."""
    from django.test import Client

    user = django_user_model.objects.create_superuser(username="staff", password="a long enough password 1")
    client = Client()
    client.force_login(user)
    return client
