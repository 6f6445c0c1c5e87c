"""Content packs are bounded (docs/packs.md "Limits", docs/security.md): too many bytes, cards,
characters, too deep a nesting or too long a text is refused with a located sentence on every
way a pack comes in (the admin upload, `pack check`, the packs folder), never a 500 or a hang,
and an upload stored before the limits is flagged, not played."""
import json
import time

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command

from games.models import UploadedPack
from games.packs import check, limits, registry
from tests.packs.conftest import daareka

URL = "/admin/games/uploadedpack/add/"


def many_cards(n: int) -> dict:
    doc = daareka()
    card = doc["cards"][3]
    doc["cards"] = [{**card, "slug": f"c{i}", "quantity": 1} for i in range(n)]
    return doc


def deep(n: int) -> bytes:
    return b'{"pack": {"id": "deep", "version": "1", "title": "Deep", "kind": "custom"}, "cards": ' + \
        b"[" * n + b"]" * n + b"}"


def long_title(at: int = 2, length: int = 2500) -> dict:
    doc = daareka()
    doc["cards"][at]["title"] = "x" * length
    return doc


def upload(client, name, data: bytes):
    return client.post(URL, {"file": SimpleUploadedFile(name, data, content_type="application/json")})


# --- the judge itself ------------------------------------------------------------------------

def test_nesting_is_measured_without_recursion_and_brackets_in_strings_do_not_count():
    assert limits.nesting(b'{"a": ["[[[{{{", {"b": 1}]}') == 3
    assert limits.nesting(b"[" * 1_000_000) == 1_000_000     # json.loads would crash on this


def test_a_huge_pack_is_refused_by_its_size_before_it_is_decoded():
    data = json.dumps(many_cards(30_000)).encode()
    assert len(data) > limits.DEFAULT.bytes
    t = time.perf_counter()
    doc, problems = check.parse(data, "huge.json")
    assert doc is None and len(problems) == 1
    assert "a pack may be at most 1.0 MB" in problems[0]["message"]
    assert time.perf_counter() - t < 5          # a bound against a hang, not a benchmark


def test_too_many_cards_is_one_located_problem():
    doc, problems = check.parse(json.dumps(many_cards(1001)), "many.json")
    assert doc is None
    assert [(p["field"], p["message"]) for p in problems] == [
        ("cards", "The pack has 1001 cards; a pack may have at most 1000. Split it into several packs.")]


def test_too_many_characters_is_refused_before_any_test_game():
    doc = daareka()
    doc["characters"] = [{**doc["characters"][0], "id": f"d{i}"} for i in range(21)]
    problems = check.check(doc, file="crowd.json")
    assert [p["field"] for p in problems] == ["characters"]
    assert "at most 20" in problems[0]["message"]


def test_deep_nesting_is_refused_not_a_crash():
    doc, problems = check.parse(deep(100_000), "deep.json")
    assert doc is None and "nests lists and objects 100001 deep; a pack may nest at most 20" in problems[0]["message"]


def test_an_overlong_text_is_located_by_card_and_field():
    doc, problems = check.parse(json.dumps(long_title()), "long.json")
    assert doc is None
    assert registry.describe(problems[0]) == "long.json, field cards[2].title: Title is longer than 2000 characters (2500)."


def test_limits_come_from_settings(settings):
    settings.RDI_PACK_MAX_CARDS = 10
    doc, problems = check.parse(json.dumps(daareka()), "d.json")
    assert doc is None and "at most 10" in problems[0]["message"]


# --- every way in ------------------------------------------------------------------------------

@pytest.mark.django_db
def test_the_admin_refuses_an_oversized_upload_with_a_sentence(packs_dir, staff):
    r = upload(staff, "huge.json", json.dumps(many_cards(30_000)).encode())
    assert r.status_code == 200 and not UploadedPack.objects.exists()
    page = r.content.decode()
    assert "huge.json: The file is 9.3 MB; a pack may be at most 1.0 MB" in page, page[:3000]


@pytest.mark.django_db
@pytest.mark.parametrize("name,data,says", [
    ("deep.json", deep(50_000), "a pack may nest at most 20"),
    ("many.json", json.dumps(many_cards(1200)).encode(), "The pack has 1200 cards"),
    ("long.json", json.dumps(long_title()).encode(), "field cards[2].title: Title is longer than 2000 characters"),
])
def test_the_admin_refuses_a_pack_over_a_limit_without_a_500(packs_dir, staff, name, data, says):
    r = upload(staff, name, data)
    assert r.status_code == 200 and not UploadedPack.objects.exists()
    assert says in r.content.decode()


def test_the_command_refuses_an_oversized_or_deep_file(tmp_path, capsys, settings, packs_dir):
    (tmp_path / "huge.json").write_text(json.dumps(many_cards(30_000)))
    (tmp_path / "deep.json").write_bytes(deep(100_000))
    with pytest.raises(CommandError, match="2 of 2 pack files have problems"):
        call_command("pack", "check", str(tmp_path / "huge.json"), str(tmp_path / "deep.json"))
    out = capsys.readouterr().out
    assert "a pack may be at most 1.0 MB" in out and "a pack may nest at most 20" in out


@pytest.mark.django_db
def test_the_packs_folder_flags_a_pack_over_a_limit(packs_dir):
    (packs_dir / "huge.json").write_text(json.dumps(many_cards(30_000)))
    (packs_dir / "deep.json").write_bytes(deep(100_000))
    packs = registry.installed()
    assert not packs["huge"].ok and "at most 1.0 MB" in packs["huge"].problems[0]["message"]
    assert not packs["deep"].ok and "nest at most 20" in packs["deep"].problems[0]["message"]
    assert packs[registry.BASE_ID].ok


@pytest.mark.django_db
def test_an_upload_stored_before_the_limits_is_flagged_and_cannot_be_chosen(packs_dir, make_user):
    from games import services
    from games.errors import ServiceError

    doc = many_cards(1500)
    doc["pack"]["id"] = "old-huge"
    UploadedPack.objects.create(pack_id="old-huge", title="t", version="1", kind="custom", document=doc)
    pack = registry.installed()["old-huge"]
    assert not pack.ok and pack.problems[0]["field"] == "cards"
    with pytest.raises(ServiceError) as exc:
        services.table_create(owner=make_user("o"), player_count=2, options={"packs": ["old-huge"]})
    assert exc.value.code == "invalid_pack" and "1500 cards" in str(exc.value)


# --- pages do not pay for installed packs -----------------------------------------------------

@pytest.mark.django_db
def test_installed_packs_are_read_again_only_when_the_folder_or_the_uploads_change(packs_dir, monkeypatch):
    reads = []
    real = check.parse
    monkeypatch.setattr(check, "parse", lambda text, name, *a: reads.append(name) or real(text, name, *a))
    (packs_dir / "daareka.json").write_text(json.dumps(daareka()))
    assert registry.installed()["daareka"].ok
    first = len(reads)
    for _ in range(5):
        assert registry.installed()["daareka"].ok
    assert len(reads) == first                                  # nothing read again
    doc = daareka()
    doc["pack"]["version"] = "2"
    (packs_dir / "daareka.json").write_text(json.dumps(doc))
    assert registry.installed()["daareka"].header["version"] == "2"
    UploadedPack.objects.create(pack_id="other", title="t", version="1", kind="custom",
                                document={**doc, "pack": {**doc["pack"], "id": "other"}, "characters": [],
                                          "decks": [], "cards": [{**doc["cards"][0], "slug": "x"}]})
    assert "other" in registry.installed()


@pytest.mark.django_db
def test_a_verdict_is_shared_with_a_fresh_process(packs_dir, monkeypatch):
    registry._VERDICTS.clear()                                  # this test's own cache namespace
    (packs_dir / "daareka.json").write_text(json.dumps(daareka()))
    assert registry.installed()["daareka"].ok
    registry._VERDICTS.clear()                                  # what another worker knows
    registry._INSTALLED.clear()

    def no_check(*a, **k):
        raise AssertionError("judged again")
    monkeypatch.setattr(check, "check", no_check)
    assert registry.installed()["daareka"].ok
