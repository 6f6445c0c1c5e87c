"""Bot hints beside each mechanic (games/ai/hints.py, docs/ai.md "Bot hints beside each
mechanic"): the bots name no mechanic, every decision type and pick the engine can ask for has
a hint, every hint names something the engine has, and a new mechanic's hint is one entry."""
import ast
import json
import subprocess
import sys
from pathlib import Path

from games import engine
from games.ai import heuristic, hints
from games.engine.core import extensions
from games.engine.core.scenario import decision_from, setup_from

ROOT = Path(__file__).parents[2]
#: The decision types the core plays itself (games/engine/core/flow.py), "pick" being a rule's
#: choice whose hint goes by its prompt kind (hints.PICKS).
CORE = {"pass", "drink", "order", "split", "discard", "play", "pick"}
TABLES = {"DECISIONS": hints.DECISIONS, "PICKS": hints.PICKS, "CARDS": hints.CARDS, "KEEP": hints.KEEP,
          "TARGETS": hints.TARGETS, "BONUSES": hints.BONUSES, "PLAYS": hints.PLAYS, "DEALT": hints.DEALT}


def _shipped(table: dict) -> dict:
    """A table's entries registered by the service's own modules (a test fixture's mechanic,
    registered from tests/, brings its own hints and is no part of it)."""
    return {k: v for k, v in table.items() if getattr(v, "__module__", "games.").startswith("games.")}


def _engine_decision_types() -> set:
    """Every decision type beyond the core's that the engine's mechanics, options and variants
    add (a test fixture's own, registered from tests/, is no part of the shipped engine)."""
    added = {kind for kind, execute in extensions.DECISIONS.items() if execute.__module__.startswith("games.engine.")}
    for variant in engine.VARIANTS.values():
        added |= set(variant.decisions)
    return added - CORE


def _engine_pick_kinds() -> set:
    """Every `pick` prompt kind the engine asks: the kind of each `choices.ask(state, seat, kind, ...)`."""
    kinds = set()
    for path in (ROOT / "games" / "engine").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == "ask" \
                    and len(node.args) >= 3 and isinstance(node.args[2], ast.Constant):
                kinds.add(node.args[2].value)
    return kinds


def _strings(path: Path) -> set:
    """The string constants of a module, its docstrings left out."""
    tree = ast.parse(path.read_text())
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body
            and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    return {node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs}


def test_the_heuristic_and_the_search_name_no_mechanic():
    names = set().union(*TABLES.values()) | _engine_decision_types() | _engine_pick_kinds()
    for module in ("heuristic", "mcts", "determinize"):
        named = _strings(ROOT / "games" / "ai" / f"{module}.py") & names
        assert not named, f"games/ai/{module}.py names {sorted(named)}: look them up in games/ai/hints.py"


def test_every_decision_type_and_pick_the_engine_asks_for_has_a_hint():
    kinds = _engine_pick_kinds()
    assert {"petrify", "heat", "brew", "brawler", "discard_type", "otto_reward"} <= kinds    # the scan reads them
    assert kinds <= set(hints.PICKS), f"picks with no hint: {sorted(kinds - set(hints.PICKS))}"
    types = _engine_decision_types()
    assert {"equip", "wages", "potion", "dungeon", "crawl"} <= types
    assert types <= set(hints.DECISIONS), f"decision types with no hint: {sorted(types - set(hints.DECISIONS))}"


def test_every_hint_names_what_the_engine_has():
    assert set(_shipped(hints.DECISIONS)) <= _engine_decision_types()
    assert set(_shipped(hints.PICKS)) <= _engine_pick_kinds()
    assert set(hints.CARDS) == set(hints.KEEP) and set(hints.CARDS) <= set(engine.PRIMITIVES)
    assert not set(hints.KEEP) & set(heuristic.KEEP), "the heuristic's own KEEP holds the core's effect words only"
    assert set(hints.DEALT) <= set(engine.TABLE_OPTIONS)
    assert set(hints.TARGETS) <= {p for option in engine.TABLE_OPTIONS.values() for p in option.participants}
    assert list(hints.PLAYS) == sorted(hints.PLAYS) and list(hints.BONUSES) == sorted(hints.BONUSES)


def test_importing_any_bot_module_registers_every_hint():
    """The hint modules are imported in one place (games/ai/__init__.py), which runs before any
    module of games/ai: a process that imports only the heuristic has every hint."""
    code = ("import json; from games.ai import heuristic, hints; "
            "print(json.dumps({k: sorted(getattr(hints, k)) for k in %r}))" % sorted(TABLES))
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert json.loads(out) == {k: sorted(_shipped(table)) for k, table in TABLES.items()}


def _scenario(name: str, until=None):
    """The state of a scenario's set-up, after its steps up to the first prompt `until` says."""
    path = ROOT / "tests" / "scenarios" / name
    spec = json.loads(path.read_text())
    state = engine.new_game(setup_from(spec["setup"], path.parent))
    for step in spec["steps"]:
        if until is None or until(engine.prompts(state)[0]):
            break
        if "seat" in step:
            state, _ = engine.apply(state, decision_from(state, step))
    return state


def _decide(state) -> dict:
    prompt = engine.prompts(state)[0]
    return heuristic.decide(engine.view(state, prompt.seat), seed="hints")


def test_a_new_mechanic_s_decision_hint_is_one_entry(monkeypatch):
    import tests.mechanics.grudges  # noqa: F401  (the fixture mechanic: its `forgive` decision)
    state = _scenario("fixture-mechanic/grudges-forgive.json")
    assert _decide(state)["type"] == "play"        # no hint: a decision of a type it doesn't know is worth little
    monkeypatch.setitem(hints.DECISIONS, "forgive", lambda t, d, kit: 20.0)
    assert _decide(state) == {"seat": 0, "type": "forgive"}


def test_a_pick_s_hint_decides_the_pick(monkeypatch):
    state = _scenario("rdi8/lucky-three-heat-penalty.json", until=lambda prompt: prompt.kind == "heat")
    assert _decide(state)["option"] == "gold"      # Lucky's hint: pay while 4 Gold stay after
    monkeypatch.setitem(hints.PICKS, "heat", lambda t, d, kit: 1.0 if d["option"] == "alcohol" else 0.0)
    assert _decide(state)["option"] == "alcohol"
