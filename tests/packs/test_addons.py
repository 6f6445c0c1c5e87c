"""Add-on packs (docs/packs.md, "Add-on packs"): a pack that says what it builds on
(`"requires": [...]` in its header) is checked, installed and played on top of those packs;
a game pins all of them; a missing base is a located refusal; removing or replacing the base
of an installed add-on flags the add-on and never touches a started game."""
import json
import shutil

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.db import connection
from django.test import Client

from games import engine, services, store
from games.errors import ServiceError
from games.models import GameEvent, UploadedPack
from games.packs import registry
from tests.packs.conftest import FIXTURES, ROOT

pytestmark = pytest.mark.django_db
ADDON = FIXTURES / "daareka-addon.json"
CARD = "daareka/fixture-addon-mind-poke"
SEED = "ad0e" * 16


def addon() -> dict:
    return json.loads(ADDON.read_text())


@pytest.fixture
def with_sampler(packs_dir):
    """The shipped Daareka sampler installed in the test packs folder (its cards untouched)."""
    path = packs_dir / "daareka.json"
    shutil.copy(ROOT / "packs" / "daareka.json", path)
    return path


def upload(client, data: bytes, name="daareka-addon.json", url="/admin/games/uploadedpack/add/"):
    return client.post(url, {"file": SimpleUploadedFile(name, data, content_type="application/json")})


def test_the_admin_installs_an_add_on_on_top_of_the_pack_it_requires(with_sampler, staff):
    r = upload(staff, ADDON.read_bytes())
    assert r.status_code == 302, r.content.decode()[:3000]
    pack = registry.installed()["test-daareka-addon"]
    assert pack.ok and pack.source.startswith("upload #")


def test_the_command_installs_an_add_on(with_sampler, capsys):
    call_command("pack", "install", str(ADDON))
    assert "installed test-daareka-addon v1 as upload #" in capsys.readouterr().out
    assert UploadedPack.objects.get().pack_id == "test-daareka-addon"
    assert registry.installed()["test-daareka-addon"].ok


def test_pack_check_judges_an_add_on_on_the_pack_it_requires(with_sampler, capsys):
    call_command("pack", "check", str(ADDON))                     # the installed sampler
    out = capsys.readouterr().out
    assert f"{ADDON}: OK" in out and "deck daareka (another pack's): 1 cards, 4 copies" in out


def test_the_rdi8_fixture_pack_checks_on_the_samplers_it_adds_to(packs_dir, capsys):
    """tests/packs/rdi8/fixtures.json adds cards to the RDI 8 samplers' decks: alone it failed
    `pack check` (their decks are no pack's); it names them in `requires` and passes on them
    as the engine plays it (issue 41)."""
    fixture = ROOT / "tests" / "packs" / "rdi8" / "fixtures.json"
    with pytest.raises(CommandError):
        call_command("pack", "check", str(fixture))                 # the samplers are not installed
    assert "pack.requires.0" in capsys.readouterr().out
    for name in ("farai", "nerodia", "samantha"):
        shutil.copy(ROOT / "packs" / f"{name}.json", packs_dir / f"{name}.json")
    call_command("pack", "check", str(fixture))
    out = capsys.readouterr().out
    assert f"{fixture}: OK" in out and "deck brawler (another pack's): 1 cards, 14 copies" in out


def test_an_add_on_whose_base_is_not_installed_is_refused_where_it_says_so(packs_dir, staff, capsys):
    r = upload(staff, ADDON.read_bytes())
    assert r.status_code == 200 and not UploadedPack.objects.exists()
    assert ("daareka-addon.json, field pack.requires.0: This pack builds on &#x27;rdi6-daareka&#x27;, which is not "
            "installed") in r.content.decode()
    with pytest.raises(CommandError):
        call_command("pack", "install", str(ADDON))
    out = capsys.readouterr().out
    assert "field pack.requires.0: This pack builds on 'rdi6-daareka', which is not installed" in out
    assert not UploadedPack.objects.exists()
    shutil.copy(ADDON, packs_dir / "daareka-addon.json")          # the packs folder flags it
    problems = registry.installed()["test-daareka-addon"].problems
    assert [p["field"] for p in problems] == ["pack.requires.0"]


def test_a_table_choosing_an_add_on_plays_its_cards_and_the_game_pins_every_pack(with_sampler, make_user):
    call_command("pack", "install", str(ADDON))
    users = [make_user("a"), make_user("b")]
    table = services.table_create(owner=users[0], player_count=2, options={"packs": ["test-daareka-addon"]},
                                  turn_seconds=None)
    services.seat_take(table_id=table.pk, user=users[0], character="daareka")     # from the required sampler
    services.seat_take(table_id=table.pk, user=users[1], character="zot")
    game = services.table_start(table_id=table.pk, user=users[0], seed=SEED)
    content = GameEvent.objects.get(game=game, seq=0).payload["setup"]["content"]
    assert [d["pack"]["id"] for d in content] == ["base", "rdi6-daareka", "test-daareka-addon"]
    assert content[2] == addon()
    with connection.cursor() as cursor:
        state = store.state_for_read(cursor, game_id=game.pk, seq=game.seq, expected_hash=game.state_hash)
    assert list(state.cards).count(CARD) == 4
    assert engine.load_content(content).cards[CARD].pack == "test-daareka-addon"


def test_removing_the_base_of_an_add_on_flags_it_and_keeps_started_games(with_sampler, make_user):
    call_command("pack", "install", str(ADDON))
    users = [make_user("a"), make_user("b")]
    table = services.table_create(owner=users[0], player_count=2, options={"packs": ["test-daareka-addon"]},
                                  turn_seconds=None)
    services.seat_take(table_id=table.pk, user=users[0], character="daareka")
    services.seat_take(table_id=table.pk, user=users[1], character="zot")
    game = services.table_start(table_id=table.pk, user=users[0], seed=SEED)
    with_sampler.unlink()
    pack = registry.installed()["test-daareka-addon"]
    assert not pack.ok and pack.problems[0]["field"] == "pack.requires.0"
    with pytest.raises(ServiceError) as exc:
        services.table_create(owner=users[0], player_count=2, options={"packs": ["test-daareka-addon"]})
    assert exc.value.code == "invalid_pack" and "which is not installed" in str(exc.value)
    game.refresh_from_db()
    assert [d["pack"]["id"] for d in game.setup["content"]] == ["base", "rdi6-daareka", "test-daareka-addon"]


def test_replacing_the_base_re_judges_the_add_on_on_the_new_version(with_sampler):
    call_command("pack", "install", str(ADDON))
    sampler = json.loads(with_sampler.read_text())
    sampler["decks"][0]["id"] = "mindbreaker"                  # a new version that renames the deck
    sampler["characters"][0]["deck"] = "mindbreaker"
    for c in sampler["cards"]:
        c["deck"] = "mindbreaker"
    with_sampler.write_text(json.dumps(sampler))
    packs = registry.installed()
    assert packs["rdi6-daareka"].ok
    problems = packs["test-daareka-addon"].problems
    assert problems and problems[0]["card"] == CARD and problems[0]["field"] == "deck"


def test_a_pack_may_not_require_itself_through_another(packs_dir):
    a, b = addon(), addon()
    a["pack"].update(id="loop-a", requires=["loop-b"])
    b["pack"].update(id="loop-b", requires=["loop-a"])
    (packs_dir / "a.json").write_text(json.dumps(a))
    (packs_dir / "b.json").write_text(json.dumps(b))
    packs = registry.installed()
    assert not packs["loop-a"].ok and not packs["loop-b"].ok
    assert "cannot build on itself" in json.dumps(packs["loop-a"].problems + packs["loop-b"].problems)


def test_the_lobby_offers_an_installed_add_on_as_a_card_pack(with_sampler, make_user):
    call_command("pack", "install", str(ADDON))
    c = Client()
    c.force_login(make_user("reader"))
    page = c.get("/").content.decode()
    assert 'name="packs" value="test-daareka-addon"' in page
    assert page.count('name="packs" value="rdi6-daareka"') == 1      # Daareka stays in her own pack's group


def test_the_admin_names_the_add_ons_a_deleted_upload_breaks(packs_dir, staff):
    sampler = (ROOT / "packs" / "daareka.json").read_bytes()
    assert upload(staff, sampler, name="daareka.json").status_code == 302
    assert upload(staff, ADDON.read_bytes()).status_code == 302
    base = UploadedPack.objects.get(pack_id="rdi6-daareka")
    r = staff.post(f"/admin/games/uploadedpack/{base.pk}/delete/", {"post": "yes"}, follow=True)
    assert r.status_code == 200 and not UploadedPack.objects.filter(pack_id="rdi6-daareka").exists()
    page = r.content.decode()
    assert "The pack test-daareka-addon (upload #" in page and "builds on rdi6-daareka and cannot be played" in page


def test_crossing_requirements_are_each_judged_once(packs_dir, monkeypatch):
    """20 packs each requiring the two before it: walked without remembering, the chain is read
    about 2^14 times (2^30 for 30 packs: a hang)."""
    base = addon()
    docs = []
    for n in range(20):
        d = json.loads(json.dumps(base))
        d["pack"].update(id=f"chain-{n}", requires=[f"chain-{n - 1}", f"chain-{n - 2}"][:min(n, 2)])
        d["cards"] = []
        docs.append(d)
    packs = {d["pack"]["id"]: registry.Installed(d["pack"]["id"], f"f{n}", d) for n, d in enumerate(docs)}
    reads = []
    real = registry.requires
    monkeypatch.setattr(registry, "requires", lambda doc: reads.append(1) or real(doc))
    under, problems = registry.beneath(docs[-1], "last", packs)
    assert problems == [] and [d["pack"]["id"] for d in under] == [f"chain-{n}" for n in range(19)]
    assert len(reads) <= 20
