"""The Boss Battle family around the engine (docs/boss.md): which installed packs a Boss table
plays, which characters its AI seats take, and the sentence when a seat may not be a Boss.

A Boss must be a villain, and the base game has none, so a table of a Boss variant plays
the installed packs that define villains (the RDI 6 samplers, Nerodia's) and the installed
`boss-cards` sampler, as a Dungeon Events table plays the `dungeon-events` pack.
"""
from __future__ import annotations

import random

from games import engine
from games.engine.variants.boss import cast, is_boss_variant

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
    """Characters for the free seats of a table (`taken`: index -> character already seated):
    villains for Boss seats, anyone else elsewhere, each character once while there are enough."""
    pool = list(offered)
    random.Random(seed).shuffle(pool)
    if not is_boss_variant(variant):
        free = [c.id for c in pool if c.id not in taken.values()] or [c.id for c in pool]
        return {i: free[k % len(free)] for k, i in enumerate(i for i in range(n) if i not in taken)}
    used = set(taken.values())
    ordered = [c for c in pool if c.id not in used] + [c for c in pool if c.id in used]
    full = cast(variant, n, ordered)
    out, picked = {}, set(used)
    rules = engine.VARIANTS[variant]
    for i in range(n):
        if i in taken:
            continue
        need_villain = rules.boss_seat(i, n)
        fits = [c.id for c in ordered if (c.alignment == "villain" or not need_villain)]
        fresh = [c for c in fits if c not in picked]
        out[i] = (fresh or fits or [full[i]])[0]
        picked.add(out[i])
    return out


def seat_problem(variant: str, index: int, n: int, character) -> str | None:
    """The sentence refusing `character` at seat `index` of a table of `variant`, or None."""
    rules = engine.VARIANTS.get(variant)
    return rules.check_character(index, n, character) if rules else None


def owner_seat(variant: str, n: int, character) -> int | None:
    """Where the owner sits: a villain takes the first seat (a Boss, a Leader); anyone else the
    first seat that is no Boss's (a Challenger in Boss Battle, Team A's Lackey in Leaders and
    Lackeys, digest §17.4), leaving the Boss's seat to a villain (R-BOSS-SEAT). None: the first
    free, where the variant's check refuses a non-villain (every seat is a Boss)."""
    rules = engine.VARIANTS.get(variant)
    if character is None or character.alignment == "villain" or not is_boss_variant(variant):
        return None
    return next((i for i in range(n) if not rules.boss_seat(i, n)), None)


def every_seat_a_boss(variant: str, n: int) -> bool:
    """Whether no seat of the table is open to a hero (Two-Headed Boss Battle, Boss Versus Boss)."""
    rules = engine.VARIANTS.get(variant)
    return is_boss_variant(variant) and all(rules.boss_seat(i, n) for i in range(n))


def random_owner(variant: str, n: int, pool, seed=None) -> str:
    """"Random" as the owner's character at a Boss table: the engine's cast for the first seat
    (a villain, so the owner is a Boss or a Leader) from the shuffled pool; ValueError with the
    engine's sentence when there is no villain."""
    pool = list(pool)
    random.Random(seed).shuffle(pool)
    return cast(variant, n, pool)[0]
