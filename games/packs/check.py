"""Checking a pack document: every problem with the file, located by card and field.

Two judges, one list. The JSON Schema (pack.schema.json, draft 2020-12) checks structure:
which fields exist, their types, what each card type needs. The engine's `load_content`
checks what only it knows: registered primitives and their parameters, hooks, timings,
targets, and references between decks, characters and cards. A short seeded playout with
each new character then proves the pack can start and run a game.

A problem is a dict {"file", "pack", "card", "field", "message"}: `card` is "deck/slug" (or
null for the pack, a deck or a character), `field` a dotted path inside the card or the pack.
"""
from __future__ import annotations

import json
import random
from collections import Counter
from functools import lru_cache
from pathlib import Path

import jsonschema

from games import engine
from games.ai.policies import random_decision
from games.packs import limits as lim

SCHEMA_PATH = Path(__file__).with_name("pack.schema.json")
#: Bumped when what the check judges changes, so that verdicts remembered in the shared cache
#: (registry.judge) are judged again.
VERSION = 2
#: Seeded playouts per character a pack adds (2 to 4 seats), and the decisions each may take.
PLAYOUTS = 6
PLAYOUT_DECISIONS = 400
#: What a JSON type is called in a message.
_TYPE_WORDS = {"string": "text in quotes", "integer": "a whole number", "number": "a number",
               "boolean": "true or false", "array": "a list [...]", "object": "an object {...}", "null": "null"}


@lru_cache(maxsize=1)
def validator() -> jsonschema.Draft202012Validator:
    schema = json.loads(SCHEMA_PATH.read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def problem(file, pack, card, fld, message) -> dict:
    return {"file": file, "pack": pack, "card": card, "field": fld, "message": message}


def read(path: Path, file: str, limits: lim.Limits | None = None) -> tuple[dict | None, list[dict]]:
    """A pack file's document, its size judged before a byte is read (parse judges the rest)."""
    limits = limits or lim.from_settings()
    try:
        message = lim.too_big(path.stat().st_size, limits)
        if message:
            return None, [problem(file, None, None, None, message)]
        return parse(path.read_bytes(), file, limits)
    except OSError as exc:
        return None, [problem(file, None, None, None, f"The file cannot be read: {exc.strerror}.")]


def parse(text: str | bytes, file: str, limits: lim.Limits | None = None) -> tuple[dict | None, list[dict]]:
    """The document in a file's text, or the problems that stop it being judged further: too
    many bytes, too deep, not JSON, not an object, too many cards or too long a text
    (games/packs/limits.py; each measured before anything costlier runs)."""
    limits = limits or lim.from_settings()
    data = text.encode() if isinstance(text, str) else bytes(text)
    message = lim.too_big(len(data), limits) or lim.too_deep(data, limits)
    if message:
        return None, [problem(file, None, None, None, message)]
    try:
        doc = json.loads(data)
    except json.JSONDecodeError as exc:
        return None, [problem(file, None, None, None,
                              f"The file is not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}.")]
    except UnicodeDecodeError:
        return None, [problem(file, None, None, None, "The file is not UTF-8 text; save it as UTF-8 JSON.")]
    except RecursionError:      # nesting() counts what json.loads recurses on; kept as a last guard
        return None, [problem(file, None, None, None, f"The document nests too deep; at most {limits.depth}.")]
    if not isinstance(doc, dict):
        return None, [problem(file, None, None, None, "A pack is one JSON object {\"pack\": ..., \"cards\": [...]}.")]
    sizes = lim.size_problems(doc, limits)
    if sizes:
        return None, [problem(file, pack_id(doc), None, where, message) for where, message in sizes]
    return doc, []


def check(doc: dict, *, file: str, base: list[dict] | None = None, playout: bool = True) -> list[dict]:
    """Every problem with one pack document. `base`: the packs it is played on top of (the
    installed base pack for anything that is not itself a base pack, then the packs an add-on
    requires, registry.beneath); ignored for a base pack."""
    pid = pack_id(doc)
    sizes = lim.size_problems(doc, lim.from_settings()) if isinstance(doc, dict) else []
    if sizes:       # a document that did not come through parse (an upload stored before the limits)
        return [problem(file, pid, None, where, message) for where, message in sizes]
    found = schema_problems(doc, file=file)
    packs = [doc] if _is_base(doc) else [*(base or [engine.BASE_PACK]), doc]
    try:
        content = engine.load_content(packs)
    except engine.ContentError as exc:
        reported = {(p["card"], p["field"]) for p in found}
        for p in exc.problems:
            if p["pack"] == pid and not _covered(p, reported):
                found.append(problem(file, pid, p["card"], p["field"], p["message"]))
            elif p["pack"] != pid:
                found.append(problem(file, p["pack"], p["card"], p["field"], p["message"]))
        return found
    except Exception:  # noqa: BLE001 - the engine trusts structure the schema already refused
        if found:
            return found
        raise
    if found:
        return found
    if "drink" not in content.decks:
        found.append(problem(file, pid, None, "decks", "The game needs a Drink Deck: a base pack defines the "
                                                       "deck \"drink\" (kind \"drink\")."))
    if playout and not found:
        found += playout_problems(content, doc, file=file)
    return found


def schema_problems(doc: dict, *, file: str) -> list[dict]:
    out, seen = [], set()
    for err in sorted(validator().iter_errors(doc), key=lambda e: [str(x) for x in e.absolute_path]):
        for card, fld, message in _explain(doc, err):
            if (card, fld, message) not in seen:
                seen.add((card, fld, message))
                out.append(problem(file, pack_id(doc), card, fld, message))
    return out


def _explain(doc, err):
    """(card, field, message) for one schema error, in words a game owner can act on."""
    path = list(err.absolute_path)
    v, inst = err.validator, err.instance
    if v == "required":
        for name in err.validator_value:
            if isinstance(inst, dict) and name not in inst:
                card, fld = _locate(doc, [*path, name])
                yield card, fld, f"Add \"{name}\": this field is required here."
        return
    if v == "additionalProperties" and isinstance(inst, dict):
        known = err.schema.get("properties", {})
        for name in inst:
            if name not in known:
                card, fld = _locate(doc, [*path, name])
                allowed = ", ".join(known)
                yield card, fld, f"Unknown field \"{name}\": check its spelling or remove it (allowed: {allowed})."
        return
    card, fld = _locate(doc, path)
    custom = err.schema.get("x-message") if isinstance(err.schema, dict) else None
    if custom:
        message = custom
    elif v == "type":
        message = f"Must be {_TYPE_WORDS.get(err.validator_value, err.validator_value)}, not {_json_type(inst)}."
    elif v in ("enum", "const"):
        allowed = err.validator_value if v == "enum" else [err.validator_value]
        message = f"{json.dumps(inst)} is not allowed here; use one of: {', '.join(json.dumps(a) for a in allowed)}."
    elif v == "minimum":
        message = f"Must be {err.validator_value} or more (it is {inst})."
    elif v == "maximum":
        message = f"Must be {err.validator_value} or less (it is {inst})."
    elif v == "minItems":
        message = "Must not be an empty list."
    elif v in ("minLength", "maxLength"):
        message = ("Must not be empty." if v == "minLength" else
                   f"Is too long: at most {err.validator_value} characters.")
    elif v == "propertyNames":
        message = f"The name {json.dumps(inst)} is not allowed: use lowercase letters a-z, digits and '-'."
    else:
        message = err.message
    yield card, fld, message


def _locate(doc, path) -> tuple[str | None, str | None]:
    """A schema path as the engine names places: ("deck/slug", "drink.alcohol") for a card,
    (None, "characters.zot.hooks.1.at") for a character, (None, "decks.drink.kind")..."""
    if not path:
        return None, None
    head = path[0]
    if head in ("cards", "characters", "decks") and len(path) > 1 and isinstance(path[1], int):
        items = doc.get(head) if isinstance(doc.get(head), list) else []
        item = items[path[1]] if path[1] < len(items) else None
        rest = ".".join(str(x) for x in path[2:]) or None
        if head == "cards":
            if isinstance(item, dict) and isinstance(item.get("deck"), str) and isinstance(item.get("slug"), str):
                return f"{item['deck']}/{item['slug']}", rest
            return f"cards[{path[1]}]", rest
        name = item.get("id") if isinstance(item, dict) and isinstance(item.get("id"), str) else str(path[1])
        return None, ".".join(x for x in (head, name, rest) if x)
    return None, ".".join(str(x) for x in path)


def _covered(p, reported) -> bool:
    """An engine problem at a place the schema already reported (or inside it) says nothing new."""
    for card, fld in reported:
        if card == p["card"] and (fld is None or p["field"] is None or p["field"] == fld
                                  or str(p["field"]).startswith(f"{fld}.") or str(fld).startswith(f"{p['field']}.")):
            return True
    return False


def _json_type(value) -> str:
    if isinstance(value, bool):
        return "true or false"
    if value is None:
        return "null"
    return {str: "text", int: "a whole number", float: "a decimal number", list: "a list",
            dict: "an object"}.get(type(value), type(value).__name__)


def pack_id(doc) -> str | None:
    head = doc.get("pack") if isinstance(doc, dict) else None
    return head.get("id") if isinstance(head, dict) and isinstance(head.get("id"), str) else None


def _is_base(doc) -> bool:
    head = doc.get("pack") if isinstance(doc, dict) else None
    return isinstance(head, dict) and head.get("kind") == "base"


# --- a playout: the pack can start and run a game ---------------------------------------------

def playout_problems(content, doc, *, file: str) -> list[dict]:
    """Seeded random legal play with each character the pack adds (against a character of
    the packs before it): a crash in the engine is a problem with the card being played."""
    pid = pack_id(doc)
    # its own characters, and those whose decks it adds cards to (an add-on's, docs/packs.md)
    grown = {c.deck for c in content.cards.values() if c.pack == pid}
    new = [c for c in content.characters.values() if c.pack == pid or c.deck in grown]
    others = [c.id for c in content.characters.values() if c not in new] or [c.id for c in new]
    def table(n, size):
        return [others[(n + k) % len(others)] for k in range(size)]

    # Each kind of card plays where it can come up: (seats, seed, table options, variant) per try.
    runs = []
    if _adds(content, pid, "Dungeon Event"):        # with the table option on, at a table of the others
        runs.append([(table(n, 2 + n % 3), f"dungeon/{n}", {"dungeon_events": True}, "base") for n in range(PLAYOUTS)])
    for ch in _bosses(content, pid):                # only in a Boss's deck: that villain as the Boss
        runs.append([([ch.id] + table(n, 2 + n % 3), f"boss/{ch.id}/{n}", None, _lone_boss(3 + n % 3))
                     for n in range(PLAYOUTS)])
    if _adds(content, pid, "Otto"):                 # with the table option on, at two or three seats
        runs.append([(table(n, 2 + n % 2), f"otto/{n}", {"otto": True}, "base") for n in range(PLAYOUTS)])
    for ch in new:
        runs.append([([ch.id] + table(n, 1 + n % 3), f"{ch.id}/{n}", None, "base") for n in range(PLAYOUTS)])
    found = []
    for tries in runs:
        for seats, seed, options, variant in tries:
            where = _playout(content, seats, f"pack-check/{seed}", options, variant)
            if where is not None:
                found.append(problem(file, pid, where[0], None, where[1]))
                break
    return found


def _adds(content, pid, card_type: str) -> bool:
    return any(c.type == card_type and c.pack == pid for c in content.cards.values())


def _lone_boss(n: int) -> str:
    """The variant whose one Boss is the first of `n` seats (Boss Battle): a villain's Boss
    cards play there against anyone."""
    return next(v.name for v in engine.VARIANTS.values()
                if not v.check_seats(n) and [i for i in range(n) if v.boss_seat(i, n)] == [0])


def _bosses(content, pid) -> list:
    """The villains whose Boss cards (deck `<their deck>-boss`, games/engine/variants/boss.py) this pack adds."""
    decks = {c.deck for c in content.cards.values() if c.pack == pid and c.deck.endswith("-boss")}
    return [ch for ch in content.characters.values()
            if ch.alignment == "villain" and ch.deck + "-boss" in decks]


def _playout(content, characters, seed, options=None, variant="base"):
    packs = content.documents
    setup = {"seats": [{"character": c} for c in characters], "seed": seed, "content": packs,
             "options": dict(options or {}), "variant": variant}
    try:
        state = engine.new_game(setup)
    except Exception as exc:  # noqa: BLE001 - any failure to set up is the pack's problem
        return None, f"A game with {', '.join(characters)} cannot be set up: {exc}."
    rng = random.Random(seed)
    for _ in range(PLAYOUT_DECISIONS):
        prompts = engine.prompts(state)
        if state.over or not prompts:
            return None
        # (a Dungeon Event's "discard N cards" may be only a subset offer)
        decision = rng.choice(prompts[0].decisions) if prompts[0].decisions else random_decision(prompts[0], rng)
        try:
            state, _ = engine.apply(state, decision)
        except Exception as exc:  # noqa: BLE001
            card = state.cards[decision["card"]] if isinstance(decision.get("card"), int) else None
            what = f"playing {card}" if card else f"the decision {decision.get('type')!r}"
            return card, (f"The engine failed on {what} in a test game ({type(exc).__name__}: {exc}); "
                          "the card's steps say something the engine cannot play yet.")
    return None


# --- a summary of a good pack -----------------------------------------------------------------

def summary(doc: dict) -> dict:
    """What a good pack holds: its characters, decks with card counts, the mechanics it uses."""
    decks = {d["id"]: {"kind": d["kind"], "cards": 0, "copies": 0} for d in doc.get("decks", [])}
    for c in doc["cards"]:
        d = decks.setdefault(c["deck"], {"kind": "another pack's", "cards": 0, "copies": 0})
        d["cards"] += 1
        d["copies"] += c["quantity"]
    used = Counter()
    for c in doc["cards"]:
        each = c.get("each", []) if isinstance(c.get("each"), list) else []     # a Dungeon Event's steps
        each = each + list(c.get("action") or []) + list((c.get("sometimes") or {}).get("steps") or [])   # Otto's boxes
        for step in _steps(c.get("steps", []) + [s for r in c.get("riders", []) for s in r["steps"]] + each):
            used[step["do"]] += 1
    hooks, tokens = set(), set()
    for ch in doc.get("characters", []):
        hooks.update(h["at"] for h in ch.get("hooks", []))
        tokens.update(ch.get("tokens", {}))
        for h in ch.get("hooks", []):
            for step in _steps(h.get("steps", [])):
                used[step["do"]] += 1
    return {"pack": doc["pack"], "characters": [f"{c['name']} ({c['id']})" for c in doc.get("characters", [])],
            "decks": decks, "primitives": dict(sorted(used.items())), "hooks": sorted(hooks),
            "tokens": sorted(tokens)}


def _steps(steps):
    for s in steps:
        yield s
        if s.get("do") == "choose" and isinstance(s.get("options"), dict):
            for sub in s["options"].values():
                yield from _steps(sub)
        if s.get("do") == "by_alignment":
            for side in ("hero", "villain"):
                yield from _steps(s.get(side) or [])
