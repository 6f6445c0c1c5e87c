"""The pack check: the JSON Schema and the engine together report every problem of a pack,
located by file, card and field; a good pack gets a summary."""
import json

import jsonschema
import pytest
from django.core.management import CommandError, call_command

from games import engine
from games.packs import check, registry
from tests.packs.conftest import FIXTURES, ROOT, daareka


def located(problems):
    return {(p["card"], p["field"]) for p in problems}


def test_the_schema_is_draft_2020_12_and_the_base_pack_passes_it():
    schema = json.loads(check.SCHEMA_PATH.read_text())
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)
    assert check.check(engine.BASE_PACK, file="base") == []


def test_the_base_pack_is_the_engines_own_unless_the_folder_holds_one(packs_dir):
    # A default game then pins nothing: its content is the engine's own base pack.
    base = registry.installed(uploads=False)[registry.BASE_ID]
    assert base.document is engine.BASE_PACK and base.source == registry.BUILT_IN and base.ok
    edited = {**engine.BASE_PACK, "pack": {**engine.BASE_PACK["pack"], "title": "House base"}}
    (packs_dir / "house.json").write_text(json.dumps(edited))
    base = registry.installed(uploads=False)[registry.BASE_ID]
    assert base.document == edited and base.source == "packs/house.json"


def test_a_good_pack_has_no_problem_and_a_summary():
    assert check.check(daareka(), file="daareka.json") == []
    s = check.summary(daareka())
    assert s["characters"] == ["Daareka the Mindbreaker (daareka)"]
    assert s["decks"] == {"daareka": {"kind": "character", "cards": 14, "copies": 40}}
    assert s["primitives"]["lose"] == 3 and "take_control" in s["primitives"]


def test_every_problem_is_reported_once_with_its_card_and_field():
    doc = json.loads((FIXTURES / "bad-daareka.json").read_text())
    problems = check.check(doc, file="bad.json")
    assert {p["file"] for p in problems} == {"bad.json"}
    assert located(problems) == {
        # the schema: structure
        (None, "pack.kind"),
        ("bad-daareka/stop-thinking-so-loudly", "qty"),
        ("bad-daareka/stop-thinking-so-loudly", "quantity"),
        ("bad-daareka/ink-spray", "quantity"),
        ("bad-daareka/if-i-drink-this-well-all-end-up-making-bad-decisions", "drink"),
        ("bad-daareka/if-i-drink-this-well-all-end-up-making-bad-decisions", None),
        # the engine: what only it knows
        (None, "characters.bad-daareka.hooks.0.at"),
        (None, "characters.bad-daareka.deck"),
        ("bad-daareka/ink-spray", "timing"),
        ("bad-daareka/pbthbthbth-old-gods-you-startled-me", "steps.0.do"),
        ("bad-daareka/tip-the-wench", "target"),
        ("bad-daareka/tip-the-wench", "steps.0.amount"),
        ("stash/this-game-is-too-easy", "deck"),
    }
    assert len(problems) == 13
    by = {(p["card"], p["field"]): p["message"] for p in problems}
    assert by[("bad-daareka/stop-thinking-so-loudly", "qty")].startswith('Unknown field "qty"')
    assert by[("bad-daareka/ink-spray", "quantity")] == "Must be a whole number, not text."
    assert "explode" in by[("bad-daareka/pbthbthbth-old-gods-you-startled-me", "steps.0.do")]
    assert "mindbreaker" in by[(None, "characters.bad-daareka.deck")]


def test_a_problem_the_schema_found_is_not_repeated_by_the_engine():
    doc = daareka()
    doc["cards"][0]["quantity"] = -2           # both judges would say so
    assert [(p["card"], p["field"]) for p in check.check(doc, file="x")] == [("daareka/gambling-im-in", "quantity")]


def test_not_json_names_the_line():
    doc, problems = check.parse(b'{"pack": {"id": "x"},\n  "cards": [}', "broken.json")
    assert doc is None and "line 2" in problems[0]["message"] and problems[0]["file"] == "broken.json"


def test_a_character_whose_deck_cannot_deal_a_hand_is_a_problem():
    doc = daareka()
    for card in doc["cards"]:
        card["quantity"] = 0
    doc["cards"][0]["quantity"] = 3
    problems = check.check(doc, file="x")
    assert len(problems) == 1 and "cannot be set up" in problems[0]["message"]


def test_a_base_pack_needs_a_drink_deck():
    doc = daareka()
    doc["pack"]["kind"] = "base"
    problems = check.check(doc, file="x")
    assert located(problems) == {(None, "decks")} and "Drink Deck" in problems[0]["message"]


def test_the_command_prints_a_summary_of_a_good_pack(settings, capsys, tmp_path):
    settings.RDI_PACKS_DIR = str(ROOT / "packs")
    (tmp_path / "base.json").write_text(json.dumps(engine.BASE_PACK))
    call_command("pack", "check", str(FIXTURES / "daareka.json"), str(tmp_path / "base.json"))
    out = capsys.readouterr().out
    assert "daareka.json: OK" in out and "base.json: OK" in out
    assert "characters: Daareka the Mindbreaker (daareka)" in out
    assert "deck daareka (character): 14 cards, 40 copies" in out and "mechanics: ante ×1" in out


def test_the_command_lists_every_problem_and_fails(settings, capsys):
    settings.RDI_PACKS_DIR = str(ROOT / "packs")
    bad = str(FIXTURES / "bad-daareka.json")
    with pytest.raises(CommandError, match="1 of 2 pack files have problems"):
        call_command("pack", "check", bad, str(FIXTURES / "daareka.json"))
    out = capsys.readouterr().out
    assert f"{bad}: 13 problems" in out
    assert f"  {bad}, card bad-daareka/tip-the-wench, field target: Unknown target 'anyone'" in out


def test_the_command_exits_non_zero(tmp_path):
    import subprocess
    import sys

    broken = tmp_path / "broken.json"
    broken.write_text("{")
    run = subprocess.run([sys.executable, "manage.py", "pack", "check", str(broken)], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 1 and "not valid JSON" in run.stdout


def test_the_worked_example_in_the_docs_is_a_good_pack():
    text = (ROOT / "docs" / "packs.md").read_text()
    example = json.loads(text.split("```json\n", 1)[1].split("```", 1)[0])
    assert check.check(example, file="docs/packs.md") == []
    assert sum(c["quantity"] for c in example["cards"]) == 40
    full = {c["slug"]: c for c in daareka()["cards"]}
    assert all(c["title"] == full[c["slug"]]["title"] for c in example["cards"])


def test_every_test_pack_passes_the_schema_and_the_engine():
    """The schema says what the engine accepts: Minions and their Wages, shared zones, hooks
    for any seat or at a token count, token names with '_', the pending-change primitives."""
    docs = {path.name: json.loads(path.read_text()) for path in sorted((ROOT / "tests" / "packs").glob("*.json"))}
    by_id = {check.pack_id(d): d for d in docs.values()}
    for name, doc in docs.items():
        # an add-on is judged on the test packs it requires (docs/packs.md, "Add-on packs")
        under = [by_id[r] for r in doc["pack"].get("requires", [])]
        assert check.check(doc, file=name, base=[engine.BASE_PACK, *under]) == [], name


def test_a_bad_argument_to_a_pending_change_primitive_is_located():
    doc = json.loads((ROOT / "tests" / "packs" / "torglesnarf-minions.json").read_text())
    card = next(c for c in doc["cards"] if c["slug"] == "not-the-face-someone-elses-face")
    card["steps"][0]["to"] = "anyone"
    card["steps"].append({"do": "reduce_change"})
    card["steps"].append({"do": "replace_change", "stat": "gold", "with": "blood"})
    key = "torglesnarf/not-the-face-someone-elses-face"
    problems = check.check(doc, file="t.json")
    assert located(problems) == {(key, "steps.0.to"), (key, "steps.2.amount"), (key, "steps.3.with")}
    assert all(p["file"] == "t.json" and p["message"] for p in problems)
