"""The characters a page offers or names: a table's come from its packs (base first, then the
chosen packs, docs/packs.md), a started game's from the content it pinned."""
from __future__ import annotations

from games import engine
from games.engine.core.cards import CHARACTER_INFO
from games.models import Game, Table
from games.packs import registry

#: Shown next to the characters of a pack whose header says it is a sampler (kind "sampler").
SAMPLER_NOTE = engine.words.SAMPLER_NOTE
BASE_NAMES = {key: info["name"] for key, info in CHARACTER_INFO.items()}


def _group(header: dict, characters: list) -> dict:
    return {"pack": header.get("id"), "title": header.get("title") or header.get("id"),
            "sampler": header.get("kind") == "sampler", "characters": characters}


def groups(chosen: list | None) -> list[dict]:
    """The characters a table playing `chosen` packs offers, one group per pack (base first),
    each `{"pack", "title", "sampler", "characters": [(id, name)]}`; the engine's own base
    game's when those packs cannot be played (a pack gone since the table was made)."""
    try:
        return _groups(engine.load_content(registry.content_for(chosen)))
    except registry.PackError:
        return _groups(engine.load_content([engine.BASE_PACK]))


def _groups(content) -> list[dict]:
    headers = {h["id"]: h for h in content.packs}
    by_pack: dict[str, list] = {}
    for ch in content.characters.values():
        by_pack.setdefault(ch.pack, []).append((ch.id, ch.name))
    return [_group(headers[pid], chars) for pid, chars in by_pack.items()]


def lobby_groups() -> list[dict]:
    """The base game's characters, then each installed pack's (a table may choose any of
    those packs, each played on the installed base pack); a pack with problems, or one that
    cannot be played on that base, is not offered."""
    packs = registry.installed()
    base = packs.get(registry.BASE_ID)
    base_docs = [base.document] if base is not None and base.ok else [engine.BASE_PACK]
    out = _groups(engine.load_content(base_docs))
    offered = {key for g in out for key, _ in g["characters"]}
    for pack in packs.values():
        if not pack.ok or pack.header.get("kind") == "base":
            continue
        try:
            # an add-on on the packs it requires (docs/packs.md), offering only its own characters
            content = engine.load_content(base_docs + registry.beneath(pack.document, pack.source, packs)[0]
                                          + [pack.document])
        except engine.ContentError:
            continue
        chars = [(c.id, c.name) for c in content.characters.values() if c.id not in offered and c.pack == pack.id]
        if chars:
            out.append(_group(pack.header, chars))
    return out


def of_table(table: Table) -> dict[str, str]:
    """id -> name of the characters a table's packs offer (the base game's if a pack is gone)."""
    try:
        return registry.characters((table.options or {}).get("packs"))
    except registry.PackError:
        return dict(BASE_NAMES)


def of_game(game: Game) -> dict[str, str]:
    """id -> name of the characters of a game's pinned content."""
    if not game.setup.get("content"):
        return dict(BASE_NAMES)
    try:
        return {c.id: c.name for c in engine.load_content(game.setup["content"]).characters.values()}
    except engine.ContentError:
        # content this engine cannot play (a database shared with another build): list the
        # game by its characters' ids rather than break the lobby
        return {**{s["character"]: s["character"] for s in game.setup.get("seats", [])}, **BASE_NAMES}


def pack_of(character: str | None, chosen: list[str]) -> list[str]:
    """The pack to add to a table so that it offers `character` (chosen in the lobby from an
    installed pack's group), or nothing when the table already offers it."""
    if not character or character in registry.characters(chosen):
        return []
    for group in lobby_groups():
        if group["pack"] != registry.BASE_ID and any(key == character for key, _ in group["characters"]):
            return [group["pack"]]
    return []


def villains(groups: list[dict]) -> set[str]:
    """The ids among `groups` (lobby_groups) whose pack calls them villains: the characters
    that may take a Boss seat (docs/boss.md)."""
    offered = {key for g in groups for key, _ in g["characters"]}
    found = {c.get("id") for p in registry.installed().values() if p.ok
             for c in (p.document or {}).get("characters") or [] if c.get("alignment") == "villain"}
    return offered & found
