"""Staff upload packs in the admin: a good pack is installed beside the folder's, a bad one
is refused with every located problem on the page."""
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from games.models import UploadedPack
from games.packs import registry
from tests.packs.conftest import FIXTURES, daareka

pytestmark = pytest.mark.django_db
URL = "/admin/games/uploadedpack/add/"


def upload(client, name, data: bytes, url=URL):
    return client.post(url, {"file": SimpleUploadedFile(name, data, content_type="application/json")})


def test_a_good_upload_is_installed(packs_dir, staff):
    r = upload(staff, "daareka.json", json.dumps(daareka()).encode())
    assert r.status_code == 302, r.content.decode()[:2000]
    pack = UploadedPack.objects.get()
    assert (pack.pack_id, pack.title, pack.version, pack.kind) == ("daareka", "Daareka the Mindbreaker", "1", "custom")
    assert pack.uploaded_by.username == "staff" and pack.document == daareka()
    installed = registry.installed()["daareka"]
    assert installed.ok and installed.source == f"upload #{pack.pk}"
    assert "daareka" in registry.characters(["daareka"])


def test_a_bad_upload_is_refused_with_every_located_problem(packs_dir, staff):
    r = upload(staff, "bad.json", (FIXTURES / "bad-daareka.json").read_bytes())
    assert r.status_code == 200 and not UploadedPack.objects.exists()
    page = r.content.decode()
    assert page.count('<li>bad.json') == 13
    assert "bad.json, card bad-daareka/tip-the-wench, field target: Unknown target &#x27;anyone&#x27;" in page
    assert "bad.json, field pack.kind:" in page


def test_an_upload_may_not_take_an_installed_packs_id(packs_dir, staff):
    doc = daareka()
    doc["pack"]["id"] = "base"
    r = upload(staff, "base.json", json.dumps(doc).encode())
    assert r.status_code == 200 and "already installed (the engine&#x27;s games/engine/data/base-pack.json)" in r.content.decode()


def test_a_new_file_replaces_an_upload(packs_dir, staff):
    upload(staff, "daareka.json", json.dumps(daareka()).encode())
    pack = UploadedPack.objects.get()
    doc = daareka()
    doc["pack"]["version"] = "2"
    r = upload(staff, "daareka.json", json.dumps(doc).encode(), url=f"/admin/games/uploadedpack/{pack.pk}/change/")
    assert r.status_code == 302
    pack.refresh_from_db()
    assert pack.version == "2" and pack.document["pack"]["version"] == "2"


def test_only_staff_can_upload(packs_dir, make_user):
    c = Client()
    c.force_login(make_user("player"))
    r = upload(c, "daareka.json", json.dumps(daareka()).encode())
    assert r.status_code == 403 and not UploadedPack.objects.exists()
