"""Tables choose installed packs; a game pins the documents it plays in `game_created`, so
editing or deleting a pack afterwards never changes how it folds, replays or verifies, and
its export verifies offline on its own."""
import json
import random
from pathlib import Path

import pytest
from django.db import connection
from django.test import Client

from games import appends, engine, services, store
from games.errors import ServiceError
from games.models import Game, GameEvent, GameSnapshot, Table
from games.packs import registry
from replay.offline import verify_export_bytes
from replay.verification import verify_game
from tests.packs.conftest import daareka

pytestmark = pytest.mark.django_db(transaction=True)
SEED = "5eed" * 16


def open_table(make_user, characters, packs=None, name="owner"):
    users = [make_user(f"{name}{i}") for i in range(len(characters))]
    options = {} if packs is None else {"packs": packs}
    table = services.table_create(owner=users[0], player_count=len(characters), options=options, turn_seconds=None)
    for user, character in zip(users, characters):
        services.seat_take(table_id=table.pk, user=user, character=character)
    return table, users


def play(game, steps, rng, played):
    """Random legal decisions through the service, chosen from the state the service itself
    loads (a cold cache loads a snapshot or folds from game_created); `played` collects them."""
    for _ in range(steps):
        game.refresh_from_db()
        if game.status == Game.Status.OVER:
            return
        with connection.cursor() as cursor:
            state = store.state_for_read(cursor, game_id=game.pk, seq=game.seq, expected_hash=game.state_hash)
        decision = dict(rng.choice(engine.prompts(state)[0].decisions))
        appends.submit_decision(game_id=game.pk, seat=decision["seat"], decision=decision, actor="test",
                                 expected_seq=game.seq)
        played.append(decision)


def test_a_table_refuses_an_unknown_pack_with_a_code_and_a_sentence(packs_dir, make_user):
    with pytest.raises(ServiceError) as exc:
        services.table_create(owner=make_user("o"), player_count=2, options={"packs": ["daareka"]})
    assert exc.value.code == "unknown_pack"
    assert "No pack 'daareka' is installed" in exc.value.message and "(base)" in exc.value.message
    assert not Table.objects.exists()


def test_an_invalid_pack_in_the_folder_cannot_be_chosen(packs_dir, make_user):
    doc = daareka()
    doc["cards"][0]["quantity"] = "six"
    (packs_dir / "daareka.json").write_text(json.dumps(doc))
    with pytest.raises(ServiceError) as exc:
        services.table_create(owner=make_user("o"), player_count=2, options={"packs": ["daareka"]})
    assert exc.value.code == "invalid_pack"
    assert "card daareka/gambling-im-in, field quantity: Must be a whole number" in exc.value.message
    assert [p["field"] for p in exc.value.problems] == ["quantity"]


def test_a_pack_installed_twice_is_a_problem_of_both(with_daareka, make_user):
    (with_daareka.parent / "copy.json").write_text(with_daareka.read_text())
    pack = registry.installed()["daareka"]
    assert not pack.ok and "installed twice" in pack.problems[0]["message"]


def test_the_api_refuses_an_unknown_pack_as_json(packs_dir, make_user, api_for):
    r = api_for(make_user("o")).post("/api/tables/", {"player_count": 2, "options": {"packs": ["nope"]}},
                                     format="json")
    assert r.status_code == 400 and r.json()["code"] == "unknown_pack"


def test_characters_come_from_the_tables_packs(with_daareka, make_user):
    table, _ = open_table(make_user, ["daareka", "zot"], packs=["daareka"])
    assert [s.character for s in table.seats.order_by("index")] == ["daareka", "zot"]
    base_table = services.table_create(owner=make_user("b"), player_count=2)
    with pytest.raises(ServiceError) as exc:
        services.seat_take(table_id=base_table.pk, user=make_user("c"), character="daareka")
    assert exc.value.code == "unknown_character" and "zot" in exc.value.message


def test_a_base_game_pins_nothing_and_a_pack_game_pins_its_documents(with_daareka, make_user):
    base_table, users = open_table(make_user, ["deirdre", "zot"], name="base")
    base_game = services.table_start(table_id=base_table.pk, user=users[0], seed=SEED)
    assert "content" not in base_game.setup           # the engine's own base pack, as before packs
    table, users = open_table(make_user, ["daareka", "zot"], packs=["daareka"])
    game = services.table_start(table_id=table.pk, user=users[0], seed=SEED)
    created = GameEvent.objects.get(game=game, seq=0).payload
    assert created["setup"]["content"] == [engine.BASE_PACK, daareka()]
    assert created["setup"]["options"] == {}          # the choice of packs is not an engine option
    assert game.setup == created["setup"]


def test_a_pack_removed_before_the_start_refuses_the_game_and_writes_nothing(with_daareka, make_user):
    table, users = open_table(make_user, ["daareka", "zot"], packs=["daareka"])
    with_daareka.unlink()
    with pytest.raises(ServiceError) as exc:
        services.table_start(table_id=table.pk, user=users[0], seed=SEED)
    assert exc.value.code == "unknown_pack"
    assert not Game.objects.exists() and Table.objects.get(pk=table.pk).status == Table.Status.OPEN


def test_an_edited_or_deleted_pack_never_changes_an_old_game(with_daareka, make_user, forget_content, settings):
    settings.RDI_SNAPSHOT_EVERY = 10
    table, users = open_table(make_user, ["daareka", "zot"], packs=["daareka"])
    game = services.table_start(table_id=table.pk, user=users[0], seed=SEED)
    rng, played = random.Random(3), []
    play(game, 25, rng, played)
    assert GameSnapshot.objects.filter(game=game).exists()
    # The pack now plays differently, then it is gone: the game must not notice either.
    doc = daareka()
    for card in doc["cards"]:
        if card["slug"] == "stop-thinking-so-loudly":
            card["steps"][0]["amount"] = 5
    with_daareka.write_text(json.dumps(doc))
    forget_content()                                  # a fresh worker: a snapshot + the pinned content
    play(game, 10_000, rng, played)
    with_daareka.unlink()
    forget_content()
    game.refresh_from_db()
    assert game.status == Game.Status.OVER and verify_game(game.pk).ok
    twin = engine.new_game({**game.setup, "content": [engine.BASE_PACK, daareka()], "seed": SEED})
    for decision in played:
        twin, _ = engine.apply(twin, decision)
    assert engine.state_hash(twin) == game.state_hash    # folded with the pack as it was at the start
    with connection.cursor() as cursor:
        again = store.load_state(cursor, game_id=game.pk, seq=game.seq, expected_hash=game.state_hash,
                                 use_snapshot=False)
    assert engine.state_hash(again) == game.state_hash
    forget_content()
    viewer = Client()
    for at in range(0, game.seq + 1):           # each frame's state is checked against the log's hash
        r = viewer.get(f"/api/games/{game.pk}/replay/?at={at}")
        assert r.status_code == 200 and r.json()["at"] == at, r.content[:300]
    export = viewer.get(f"/api/games/{game.pk}/export/").content
    forget_content()
    result = verify_export_bytes(export)              # the export carries the content it needs
    assert result.ok, result.problem


def test_an_export_of_a_sampler_game_says_it_plays_sampler_decks(packs_dir, make_user):
    """Sampler packs are marked everywhere a player sees them, the export too (docs/packs.md):
    its header names each sampler pack with the note; a base game's export has no such key."""
    doc = json.loads((Path(__file__).parents[2] / "packs" / "daareka.json").read_text())
    (packs_dir / "daareka.json").write_text(json.dumps(doc))
    table, users = open_table(make_user, ["daareka", "zot"], packs=[doc["pack"]["id"]])
    game = services.table_start(table_id=table.pk, user=users[0], seed=SEED)
    viewer = Client()
    viewer.force_login(users[0])
    header = json.loads(viewer.get(f"/api/games/{game.pk}/export/").content.splitlines()[0])
    assert header["samplers"] == [{"pack": "rdi6-daareka", "title": doc["pack"]["title"],
                                   "characters": ["Daareka the Mindbreaker"],
                                   "note": "Sampler deck: rulebook cards only, not the printed deck"}]
    base_table, base_users = open_table(make_user, ["zot", "fiona"], name="base")
    base_game = services.table_start(table_id=base_table.pk, user=base_users[0], seed=SEED)
    viewer.force_login(base_users[0])
    assert "samplers" not in json.loads(viewer.get(f"/api/games/{base_game.pk}/export/").content.splitlines()[0])
