"""Scenarios: start from any position or from the engine's own deal, play steps, check
expectations, omniscient or through one seat's eyes.

The format is documented in docs/scenarios.md. `run_file` raises
`ScenarioFailure` naming the step and the unmet expectation.
"""
import json
from dataclasses import dataclass
from pathlib import Path

from . import extensions
from .content import BASE_PACK, ContentError, of
from .errors import IllegalDecision
from .flow import apply, current
from .prompt import in_subsets
from .setup import new_game
from .state import State, clone
from .view import effects_view, view
from .zones import held

_CONTROL = {"note", "expect", "expect_prompt", "expect_error", "expect_view", "play", "pass"}
#: What a set-up the engine refuses raises (a seat count a variant does not allow, a
#: character the packs lack, an option that cannot be played).
_REFUSALS = (IllegalDecision, ContentError, ValueError)


class ScenarioFailure(AssertionError):
    """A scenario step did not go as the file says."""


@dataclass
class ScenarioResult:
    path: str
    title: str
    steps: int
    state: State | None     # None: the set-up was refused, as the scenario expected
    used: set          # card keys played or revealed along the way


def setup_from(spec: dict, base: Path | None = None) -> dict:
    """The engine setup of a scenario's `setup`: a written position, or with `"deal": true`
    a table (characters, variant, options, packs, seed) the engine deals itself."""
    pos = {k: v for k, v in spec.items() if k not in ("seed", "variant", "options", "packs", "deal")}
    seats = [{"character": s["character"]} for s in spec["seats"]]
    setup = {"seats": seats, "seed": spec.get("seed", "scenario"), "variant": spec.get("variant", "base"),
             "options": spec.get("options", {})}
    if not spec.get("deal"):
        setup["position"] = pos
    if spec.get("packs"):
        # Pack files named relative to the scenario file, played on top of the base pack.
        root = base or Path(".")
        setup["content"] = [BASE_PACK] + [json.loads((root / p).read_text()) for p in spec["packs"]]
    return setup


def _card_id(state: State, seat: int, name):
    if isinstance(name, int):
        return name
    for cid in held(state, seat):          # the hand, then a Shelf played from as though it were
        key = state.cards[cid]
        if key == name or key.endswith("/" + name):
            return cid
    try:                    # a card it may play from a zone (equipped Treasure)
        return _zone_card_id(state, seat, name)
    except ScenarioFailure:
        raise ScenarioFailure(f"seat {seat} holds no card {name!r}") from None


def _zone_card_id(state: State, seat: int, name, skip=()):
    if isinstance(name, int):
        return name
    defs = of(state).characters[state.seats[seat].character].zones
    zones = sorted(state.seats[seat].zones.items(), key=lambda kv: not defs.get(kv[0], {}).get("playable"))
    for _, ids in zones:                    # zones it plays from first (Items, equipped Treasure)
        for cid in ids:
            key = state.cards[cid]
            if cid not in skip and (key == name or key.endswith("/" + name)):
                return cid
    raise ScenarioFailure(f"seat {seat} has no card {name!r} in play")


def decision_from(state: State, step: dict) -> dict:
    """A step's decision: `play` names a card by slug; `pass: true`; or a raw `type`."""
    seat = step["seat"]
    d = {k: v for k, v in step.items() if k not in _CONTROL}
    if "play" in step:
        d["type"] = "play"
        d["card"] = _card_id(state, seat, step["play"])
    elif step.get("pass"):
        d["type"] = "pass"
    elif d.get("type") in ("discard", "dungeon", "tavern_event") and "cards" in d:   # a discard, or one to an event
        d["cards"] = sorted(_card_id(state, seat, c) for c in d.get("cards", []))
    elif d.get("type") == "calm":
        d["card"] = _card_id(state, seat, d["card"])
    elif d.get("type") == "equip":          # the equipped Treasure to drop, by slug
        taken = []
        for c in d.get("drop", []):
            taken.append(_zone_card_id(state, seat, c, skip=taken))
        d["drop"] = sorted(taken)
    elif d.get("type") == "pick" and isinstance(d.get("option"), str) and _holds(state, seat, {"play": d["option"]}):
        d["option"] = _card_id(state, seat, d["option"])     # a card of the hand (Petrify)
    for name in ("card", "tavern"):         # a card of a table zone, or one a frame holds, by slug (a Prize,
        if isinstance(d.get(name), str):    # a Tavern, a card revealed to choose from)
            held = [extensions.FRAME_CARDS[fr["f"]](fr) for fr in state.stack if fr["f"] in extensions.FRAME_CARDS]
            d[name] = next(cid for ids in [*state.zones.values(), *held] for cid in ids
                           if state.cards[cid] == d[name] or state.cards[cid].endswith("/" + d[name]))
    return d


def lookup(tree, path: str):
    node = tree
    for part in path.split("."):
        if part == "len" and isinstance(node, (list, dict)):
            return len(node)
        if isinstance(node, list):
            node = node[int(part)]
        elif isinstance(node, dict) and part in node:
            node = node[part]
        else:
            raise KeyError(path)
    return node


def _check_expect(state, exp: dict, where: str):
    omni = view(state, "omniscient")
    for path, want in exp.items():
        try:
            got = lookup(omni, path)
        except (KeyError, IndexError, ValueError, TypeError):
            raise ScenarioFailure(f"{where}: expected {path} = {want!r}, but there is no {path}") from None
        if isinstance(want, str) and isinstance(got, dict) and "key" in got:
            got = got["key"].split("/", 1)[1]        # a card: compare by slug
        if got != want:
            raise ScenarioFailure(f"{where}: expected {path} = {want!r}, got {got!r}")


def _check_prompt(state, exp: dict, where: str):
    p = current(state)
    if p is None:
        raise ScenarioFailure(f"{where}: expected a prompt, but the game is over")
    if "seat" in exp and p.seat != exp["seat"]:
        raise ScenarioFailure(f"{where}: expected seat {exp['seat']} to be deciding, but seat {p.seat} is ({p.kind})")
    if "kind" in exp and p.kind != exp["kind"]:
        raise ScenarioFailure(f"{where}: expected a {exp['kind']!r} prompt, got {p.kind!r}")
    for key, must in (("has", True), ("lacks", False)):
        for item in exp.get(key, []):
            d = decision_from(state, {"seat": p.seat, **item}) if _holds(state, p.seat, item) else None
            present = d is not None and (d in p.decisions or in_subsets(d, p.subsets))
            if present != must:
                raise ScenarioFailure(f"{where}: expected {item!r} to be {'offered' if must else 'not offered'}")


def _check_view(state, exp: dict, effects: list[dict], before, where: str):
    """What one viewer (`as`: a seat or "spectator") sees: `has` paths with their values in
    its view (and `effects`, the last step's Effects as it is told them), `lacks` paths it
    must not find there at all (a hand, a deck order: hidden, not even counted)."""
    viewer = exp["as"]
    seen = {**view(state, viewer), "effects": effects_view(before, state, effects, viewer)}
    for path, want in exp.get("has", {}).items():
        try:
            got = lookup(seen, path)
        except (KeyError, IndexError, ValueError, TypeError):
            raise ScenarioFailure(f"{where}: expected {viewer!r} to see {path} = {want!r}, but it sees no {path}") from None
        if isinstance(want, str) and isinstance(got, dict) and "key" in got:
            got = got["key"].split("/", 1)[1]
        if got != want:
            raise ScenarioFailure(f"{where}: expected {viewer!r} to see {path} = {want!r}, it sees {got!r}")
    for path in exp.get("lacks", []):
        try:
            got = lookup(seen, path)
        except (KeyError, IndexError, ValueError, TypeError):
            continue
        raise ScenarioFailure(f"{where}: expected {viewer!r} not to see {path}, but it sees {got!r}")


def _holds(state, seat, item):
    try:
        if "play" in item:
            _card_id(state, seat, item["play"])
        return True
    except ScenarioFailure:
        return False


def run(spec: dict, path: str = "<scenario>") -> ScenarioResult:
    refused = spec.get("refused")
    try:
        state = new_game(setup_from(spec["setup"], Path(path).parent))
    except _REFUSALS as exc:
        said = getattr(exc, "message", None) or str(exc)
        if refused is None or refused not in said:
            raise ScenarioFailure(f"{path}: the set-up was refused: {said}") from None
        return ScenarioResult(path, spec.get("title", path), 0, None, set())
    if refused is not None:
        raise ScenarioFailure(f"{path}: expected the set-up to be refused ({refused!r}), but it was dealt")
    used = set()
    before, effects = state, []
    for n, step in enumerate(spec["steps"], 1):
        where = f"{path}: step {n}" + (f" ({step['note']})" if "note" in step else "")
        if "expect" in step and "seat" not in step:
            _check_expect(state, step["expect"], where)
            continue
        if "expect_prompt" in step:
            _check_prompt(state, step["expect_prompt"], where)
            continue
        if "expect_view" in step:
            _check_view(state, step["expect_view"], effects, before, where)
            continue
        if state.over:
            raise ScenarioFailure(f"{where}: the game is already over")
        d = decision_from(state, step)
        was = clone(state)
        try:
            _, effects = apply(state, d)
            before = was
        except IllegalDecision as e:
            if step.get("expect_error") == e.code:
                continue
            p = current(state)
            raise ScenarioFailure(f"{where}: {d} was refused ({e.code}: {e.message}); "
                                  f"seat {p.seat} is deciding ({p.kind})") from None
        used.update(state.cards[e["card"]] for e in effects if e["type"] in ("played", "revealed"))
        if "expect_error" in step:
            raise ScenarioFailure(f"{where}: expected {step['expect_error']}, but {d} was accepted")
        if "expect" in step:
            _check_expect(state, step["expect"], where)
    return ScenarioResult(path, spec.get("title", path), len(spec["steps"]), state, used)


def run_file(path) -> ScenarioResult:
    spec = json.loads(Path(path).read_text())
    return run(spec, str(path))
