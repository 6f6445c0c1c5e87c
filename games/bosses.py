"""The Boss Battle family around the engine (docs/boss.md): which installed packs a Boss table
plays, and a table's characters cast from a shuffled pool.

A Boss must be a villain, and the base game has none, so a table of a variant that
`needs_villains` plays the installed packs that define villains (the RDI 6 samplers,
Nerodia's) and the installed `boss-cards` sampler, as a Dungeon Events table plays the
`dungeon-events` pack. Who is a Boss, who may sit where and who is cast for a seat are the
variant's own (`games.engine.VARIANTS`: `boss_seat`, `check_character`, `owner_seat`, `cast`).
"""
from __future__ import annotations

import random

from games import engine

BOSS_CARDS = "boss-cards"


def villain_packs(chosen: list[str] | None = None) -> list[str]:
    """Installed pack ids to add to `chosen` so that a Boss table has villains and Boss cards."""
    from games.packs import registry

    chosen = list(chosen or [])
    out = []
    for pid, pack in sorted(registry.installed(uploads=False).items()):
        if pid in chosen or not pack.ok:
            continue
        villains = any(c.get("alignment") == "villain" for c in (pack.document or {}).get("characters", []))
        if villains or pid == BOSS_CARDS:
            out.append(pid)
    return out


def content_with_villains(content: list[dict] | None) -> list[dict]:
    """`content` (pack documents, or None for the base game) as given if it has a villain, else
    plus every installed villain pack and the Boss cards (`simulate --variant boss-battle`)."""
    from games.packs import registry

    docs = list(content or [engine.BASE_PACK])
    if any(c.alignment == "villain" for c in engine.load_content(docs).characters.values()):
        return docs
    have = {d.get("pack", {}).get("id") for d in docs}
    installed = registry.installed(uploads=False)
    return docs + [installed[pid].document for pid in villain_packs(sorted(have))]


def ai_characters(variant: str, n: int, taken: dict[int, str], offered, seed=None) -> dict[int, str]:
    """Characters for the free seats of a table (`taken`: index -> character already seated),
    the variant's cast from the shuffled `offered`: villains for Boss seats, anyone else
    elsewhere, each character once while there are enough."""
    pool = list(offered)
    random.Random(seed).shuffle(pool)
    full = engine.VARIANTS[variant].cast(n, pool, taken)
    return {i: full[i] for i in range(n) if i not in taken}


def random_owner(variant: str, n: int, pool, seed=None) -> str:
    """"Random" as the owner's character at a Boss table: the variant's cast for the first seat
    (a villain, so the owner is a Boss or a Leader) from the shuffled pool; ValueError with the
    engine's sentence when there is no villain."""
    return ai_characters(variant, n, {}, pool, seed)[0]
