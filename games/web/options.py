"""Table options and card-only packs the lobby offers (docs/web.md): Starting Gold, Dungeon Events (RDI 6;
the engine's `dungeon_events` table option, games/engine/options/dungeon.py) and installed packs that
add cards but no character (the RDI 6 Drink Event "The Wench Dares You...")."""
from __future__ import annotations

from games import engine
from games.packs import registry
from games.web.characters import SAMPLER_NOTE

DUNGEON = "dungeon_events"
DUNGEON_EVENT = "Dungeon Event"
DUNGEON_TITLE = "Dungeon Events (RDI 6)"
OTTO_TITLE = "With Otto, Our Mechanical Friend (Allies)"
GOLD = "starting_gold"


def gold_offer() -> dict:
    """The lobby's Starting Gold field: the engine's range for it (games/engine/options/starting_gold.py);
    the browser keeps to it and the engine refuses anything else with its own sentence."""
    from games.engine.options import starting_gold

    return {"name": GOLD, "min": starting_gold.MIN, "max": starting_gold.MAX}


def _has_events(docs: list[dict]) -> bool:
    return any(isinstance(c, dict) and c.get("type") == DUNGEON_EVENT for d in docs for c in d.get("cards") or [])


def card_packs() -> list[dict]:
    """Installed packs with cards and no character, playable on the installed base: each
    {"pack", "title", "sampler", "dungeon"} (`dungeon`: it holds Dungeon Events)."""
    out = []
    packs = registry.installed()
    base = packs.get(registry.BASE_ID)
    base_docs = [base.document] if base is not None and base.ok else [engine.BASE_PACK]
    for pack in packs.values():
        if not pack.ok or pack.header.get("kind") == "base" or (pack.document or {}).get("characters"):
            continue
        try:
            engine.load_content(base_docs + registry.beneath(pack.document, pack.source, packs)[0] + [pack.document])
        except engine.ContentError:
            continue
        out.append({"pack": pack.id, "title": pack.header.get("title") or pack.id,
                    "sampler": pack.header.get("kind") == "sampler", "dungeon": _has_events([pack.document])})
    return out


def dungeon_offer() -> dict | None:
    """The lobby's Dungeon Events checkbox: the installed pack it plays (a sampler is marked),
    or None when no installed pack holds Dungeon Events."""
    found = [p for p in card_packs() if p["dungeon"]]
    if not found:
        return None
    pick = next((p for p in found if p["pack"] == "dungeon-events"), found[0])
    return {**pick, "label": DUNGEON_TITLE, "note": SAMPLER_NOTE if pick["sampler"] else ""}


def dungeon_packs(chosen: list[str]) -> list[str]:
    """The pack to add so that a table choosing `chosen` has Dungeon Events to play, or []."""
    if _has_events(registry.content_for(chosen)):
        return []
    offer = dungeon_offer()
    return [offer["pack"]] if offer else []


def table_lines(table) -> list[str]:
    """What the table setup page says about the table's options and its card-only packs, e.g.
    "Dungeon Events (RDI 6) — Sampler deck: rulebook cards only, not the printed deck"."""
    options = table.options or {}
    try:
        docs = registry.content_for(options.get("packs"))
    except registry.PackError:
        return [DUNGEON_TITLE] if options.get(DUNGEON) else []
    out = []
    if GOLD in options:
        out.append(f"Starting Gold: {options[GOLD]} on every mat")
    if options.get(DUNGEON):
        sampler = any(d.get("pack", {}).get("kind") == "sampler" and _has_events([d]) for d in docs)
        out.append(DUNGEON_TITLE + (f" — {SAMPLER_NOTE}" if sampler else ""))
    if options.get("otto"):
        out.append(OTTO_TITLE)
    for d in docs:
        head = d.get("pack") or {}
        if head.get("kind") != "base" and not d.get("characters") and not _has_events([d]):
            out.append((head.get("title") or head.get("id", "")) + (f" — {SAMPLER_NOTE}" if head.get("kind") == "sampler" else ""))
    return out
