"""Pages of pack games: the lobby and the table offer the characters of the table's packs
(a sampler pack's marked as such), pages name pack characters, and the log and the replay
narrate pack cards by their titles and the packs' mechanics in words.

Test packs reach these pages only through a packs folder of the test's own (RDI_PACKS_DIR in
a tmp dir): the project's packs folder never holds them."""
import json
import re
import shutil
from pathlib import Path

import pytest

from games import engine, selectors, services
from games.models import Game, Table
from replay import frames
from tests.packs.conftest import daareka, forget_content, packs_dir  # noqa: F401 (fixtures)
from tests.replay.conftest import _fresh_caches, client_for  # noqa: F401 (autouse fixture)
from tests.web.autoplay import bot_turns, play_out

pytestmark = pytest.mark.django_db(transaction=True)
TEST_PACKS = Path(__file__).parents[1] / "packs"
SAMPLER = "Sampler deck: rulebook cards only, not the printed deck"


@pytest.fixture
def with_test_packs(packs_dir):  # noqa: F811
    """The Vlazlo and Torglesnarf test packs, and Daareka marked as a sampler pack."""
    for name in ("vlazlo-blood", "torglesnarf-minions"):
        shutil.copy(TEST_PACKS / f"{name}.json", packs_dir / f"{name}.json")
    doc = daareka()
    doc["pack"]["kind"] = "sampler"
    (packs_dir / "daareka.json").write_text(json.dumps(doc))
    return packs_dir


def test_the_lobby_offers_every_installed_packs_characters_and_marks_a_sampler(with_test_packs, make_user):
    page = client_for(make_user("ana")).get("/").content.decode()
    for name in ("Zot the Wizard", "Baron von Vlazlo", "Torglesnarf Duncleton", "Daareka the Mindbreaker"):
        assert name in page
    assert re.search(r'<optgroup label="[^"]* \(sampler deck\)" data-pack="daareka">', page)
    assert re.search(r'<optgroup label="[^"(]*" data-pack="test-vlazlo">', page)
    assert 'name="packs" value="test-vlazlo"' in page


def test_the_lobby_says_what_a_sampler_is_once_and_marks_each_with_a_word(packs_dir, make_user):  # noqa: F811
    for src in (Path(__file__).parents[2] / "packs").glob("*.json"):     # every sampler the project ships
        shutil.copy(src, packs_dir / src.name)
    page = client_for(make_user("ana")).get("/").content.decode()
    form = page[page.index('id="create-table"'):page.index("</form>", page.index('id="create-table"'))]
    assert form.count(SAMPLER) == 1 and 'id="sampler-note"' in form
    assert form.count("(sampler deck)") >= 4 and form.count('<span class="muted note">sampler deck</span>') >= 4
    assert f"— {SAMPLER}" not in form


def test_without_a_sampler_the_lobby_does_not_explain_one(with_test_packs, make_user):
    (with_test_packs / "daareka.json").unlink()
    page = client_for(make_user("ana")).get("/").content.decode()
    assert SAMPLER not in page and "sampler deck" not in page


def test_the_lobby_offers_only_the_base_game_without_packs(packs_dir, make_user):  # noqa: F811
    page = client_for(make_user("ana")).get("/").content.decode()
    assert "Zot the Wizard" in page and "Baron von Vlazlo" not in page and 'name="packs"' not in page


def test_a_table_page_lists_the_characters_of_the_tables_packs(with_test_packs, make_user):
    ana = make_user("ana")
    with_packs = services.table_create(owner=ana, player_count=3, options={"packs": ["test-vlazlo", "daareka"]})
    services.seat_take(table_id=with_packs.pk, user=ana, character="vlazlo")
    page = client_for(ana).get(f"/tables/{with_packs.pk}/").content.decode()
    assert '<option value="vlazlo">Baron von Vlazlo</option>' in page
    assert '<option value="daareka">Daareka the Mindbreaker</option>' in page
    assert re.search(r'label="[^"]*\(sampler deck\)" data-pack="daareka"', page)
    assert '<option value="zot">Zot the Wizard</option>' in page
    assert "Torglesnarf" not in page                     # installed, but not one of this table's packs
    assert "<strong>Baron von Vlazlo</strong>" in page   # the seat, named from the table's packs
    plain = services.table_create(owner=ana, player_count=2)
    page = client_for(ana).get(f"/tables/{plain.pk}/").content.decode()
    assert "Zot the Wizard" in page and "Baron von Vlazlo" not in page


def test_a_table_page_says_what_a_sampler_is_once(packs_dir, make_user):  # noqa: F811
    ana = make_user("ana")
    shipped = [Path(__file__).parents[2] / "packs" / f"{name}.json" for name in ("amundyr", "vlazlo")]   # samplers we ship
    for src in shipped:
        shutil.copy(src, packs_dir / src.name)
    names = [json.loads(src.read_text())["pack"]["id"] for src in shipped]
    table = services.table_create(owner=ana, player_count=3, options={"packs": names})
    page = client_for(ana).get(f"/tables/{table.pk}/").content.decode()
    line = re.search(r'<p class="muted" id="table-packs">(.*?)</p>', page).group(1)
    assert line.count(SAMPLER) == 1 and line.count("· sampler deck") == 2, line


def test_an_ai_seat_added_on_the_table_page_picks_from_the_tables_packs(with_test_packs, make_user):
    ana = make_user("ana")
    table = services.table_create(owner=ana, player_count=2, options={"packs": ["test-torglesnarf"]})
    client = client_for(ana)
    client.post(f"/tables/{table.pk}/join/", {"character": "torglesnarf"})
    client.post(f"/tables/{table.pk}/ai/", {"character": "vlazlo"})   # not this table's: a random one instead
    seats = [s.character for s in table.seats.order_by("index")]
    assert seats[0] == "torglesnarf" and seats[1] in {"deirdre", "fiona", "gerki", "zot", "torglesnarf"}


def test_choosing_a_packs_character_in_the_lobby_plays_that_pack(with_test_packs, make_user):
    ana = make_user("ana")
    r = client_for(ana).post("/tables/new/", {"player_count": 2, "character": "vlazlo", "ai_seats": 1,
                                              "packs": ["test-torglesnarf"], "start": 1})
    game = Game.objects.get()
    assert r.status_code == 302 and r["Location"] == f"/games/{game.pk}/"
    assert Table.objects.get().options == {"packs": ["test-torglesnarf", "test-vlazlo"]}
    assert [doc["pack"]["id"] for doc in game.setup["content"]] == ["base", "test-torglesnarf", "test-vlazlo"]
    assert game.setup["seats"][0] == {"character": "vlazlo"}


def _pack_game(make_user, seed="7a" * 32):
    ana = make_user("ana")
    table = services.table_create(owner=ana, player_count=3, turn_seconds=None,
                                  options={"packs": ["test-vlazlo", "test-torglesnarf"]})
    for character in ("vlazlo", "torglesnarf", "zot"):
        services.seat_take(table_id=table.pk, user=ana, character=character, ai=True)
    return services.table_start(table_id=table.pk, user=ana, seed=seed)


def test_the_log_names_pack_cards_and_tells_their_mechanics(with_test_packs, make_user):
    game = _pack_game(make_user)
    spectator, vlazlo = [], []
    play_out(game, told={None: spectator, 0: vlazlo})
    text = "\n".join(spectator)
    titles = {c["title"] for doc in game.setup["content"][1:] for c in doc["cards"]}
    assert any(title in text for title in titles if title.startswith("[test fixture]"))
    assert "Grunt the Brawler" in text
    assert "“a card”" not in text and " a card" not in text
    assert "Baron's Blood rose by" in text
    assert "Minion “Grunt the Brawler” acted" in text
    # A bought form card goes to Vlazlo's hand: the table is told he bought, not what.
    assert "Baron bought the top card of their" in text
    assert "Baron bought “[test fixture]" in "\n".join(vlazlo)
    assert "Baron bought “" not in text


def test_the_replay_narrates_a_pack_game_with_the_same_words(with_test_packs, make_user):
    game = _pack_game(make_user, seed="7b" * 32)
    play_out(game)
    game.refresh_from_db()
    lines = [line for at in range(1, game.seq + 1)
             for line in frames.frame(game=game, at=at, viewer="omniscient")["narration"]]
    text = "\n".join(lines)
    assert "Grunt the Brawler" in text and "[test fixture]" in text and " a card" not in text
    assert "Baron bought “[test fixture]" in text         # after the end everything is public


def test_pages_name_pack_characters_from_the_games_pinned_content(with_test_packs, make_user,
                                                                   forget_content):  # noqa: F811
    game = _pack_game(make_user, seed="7c" * 32)
    (with_test_packs / "vlazlo-blood.json").unlink()      # uninstalled since: the game still knows him
    forget_content()
    watcher = make_user("watcher")
    page = client_for(watcher).get("/").content.decode()
    assert f"Watch game {game.pk}" in page and "Baron (" in page


def test_the_board_shows_tokens_zones_and_pack_decisions_but_no_face_down_card(with_test_packs, make_user):
    ana = make_user("ana")
    table = services.table_create(owner=ana, player_count=3, turn_seconds=None,
                                  options={"packs": ["test-vlazlo", "test-torglesnarf"]})
    services.seat_take(table_id=table.pk, user=ana, character="torglesnarf")
    services.seat_take(table_id=table.pk, user=ana, character="vlazlo", ai=True)
    services.seat_take(table_id=table.pk, user=ana, character="zot", ai=True)
    game = services.table_start(table_id=table.pk, user=ana, seed="7d" * 32)
    seen_minion_labels = False
    for _, prompt, _ in bot_turns(game, limit=400):
        if prompt.seat == 0 and any(d["type"] == "activate" for d in prompt.decisions):
            page = client_for(ana).get(f"/games/{game.pk}/board/").content.decode()
            assert re.search(r'Minions: <details class="in-play card-peek" data-peek="\d+"><summary>Grunt the Brawler'
                             r'(?: <span class="chip">acted</span>)?</summary><span class="peek-text">[^<]*Wages 2', page)
            assert "Grunt the Brawler acts at" in page            # the activation's button, in words
            seen_minion_labels = True
            break
    assert seen_minion_labels
    page = client_for(make_user("watcher")).get(f"/games/{game.pk}/board/").content.decode()
    assert "<dt>Blood</dt>" in page and "face down" in page
    omni = engine.view(selectors.game_state(game=game), "omniscient")
    public = {c["title"] for s in omni["seats"] for c in s["discard"]}
    for title in ("[test fixture] Bat form", "[test fixture] Wolf form"):
        if title not in public:
            assert title not in page
