"""The installed packs: every `*.json` in the folder `settings.RDI_PACKS_DIR` names, plus the
packs staff uploaded in the admin (`games.models.UploadedPack`), plus the engine's base pack
when neither holds one. Each is checked
(games.packs.check); a table may choose only installed packs that have no problem.

A game's content is its chosen packs in order, after a base pack: the installed `base` pack
unless one of the chosen packs is itself a base pack.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import astuple, dataclass, field
from pathlib import Path

from django.conf import settings

from games import engine
from games.errors import ServiceError
from games.packs import check, limits

BASE_ID = "base"
#: Where the base pack comes from when neither the folder nor an upload holds one: the engine's
#: own copy, so that the base game is written down once (a pack with the id `base` in the folder
#: still replaces it).
BUILT_IN = "the engine's games/engine/data/base-pack.json"


@dataclass
class Installed:
    id: str
    source: str                     # "packs/farai.json", "upload #3" or BUILT_IN
    document: dict | None
    problems: list = field(default_factory=list)

    @property
    def header(self) -> dict:
        return (self.document or {}).get("pack") or {}

    @property
    def ok(self) -> bool:
        return self.document is not None and not self.problems


class PackError(ServiceError):
    """A table chose a pack that is not installed or has problems."""

    def __init__(self, message: str, *, code: str, problems: list | None = None):
        super().__init__(message, code=code)
        self.problems = problems or []


# Verdicts by the sha256 of (document, base documents): a pack is judged once per process
# until it or the base it sits on changes.
_VERDICTS: dict[str, list] = {}
# installed(), by whether uploads count: (fingerprint, packs by id).
_INSTALLED: dict[bool, tuple] = {}


def folder() -> Path:
    return Path(settings.RDI_PACKS_DIR)


def installed(*, uploads: bool = True) -> dict[str, Installed]:
    """Every installed pack by id, each with its problems (none when it can be played).
    `uploads=False`: the folder's packs only (no database needed).

    Every page that offers characters or options asks this, several times: the answer is kept
    per process and rebuilt only when its fingerprint changes (each folder file's name, size
    and mtime; each upload's id and save time; the limits), so a page costs one small query
    and a directory listing, however big the installed packs are."""
    key = _fingerprint(uploads)
    hit = _INSTALLED.get(uploads)
    if hit is not None and hit[0] == key:
        return dict(hit[1])
    by_id = _build(uploads)
    _INSTALLED[uploads] = (key, by_id)
    return dict(by_id)


def _fingerprint(uploads: bool) -> tuple:
    files = []
    if folder().is_dir():
        for path in sorted(folder().glob("*.json")):
            try:
                st = path.stat()
            except OSError:
                continue
            files.append((path.name, st.st_size, st.st_mtime_ns))
    rows = ()
    if uploads:
        from games.models import UploadedPack

        rows = tuple(UploadedPack.objects.order_by("id").values_list("id", "pack_id", "uploaded_at"))
    return str(folder()), tuple(files), rows, limits.from_settings()


def _build(uploads: bool) -> dict[str, Installed]:
    found: list[Installed] = []
    for path in sorted(folder().glob("*.json")) if folder().is_dir() else []:
        name = f"{folder().name}/{path.name}"
        doc, problems = check.read(path, name)
        found.append(Installed(_doc_id(doc) or path.stem, name, doc, problems))
    if uploads:
        from games.models import UploadedPack

        for up in UploadedPack.objects.order_by("id"):
            found.append(Installed(up.pack_id, f"upload #{up.pk}", up.document))
    if not any(pack.id == BASE_ID for pack in found):
        found.append(Installed(BASE_ID, BUILT_IN, engine.BASE_PACK))
    by_id: dict[str, Installed] = {}
    for pack in found:
        if pack.id in by_id:
            other = by_id[pack.id]
            for p in (pack, other):
                p.problems.append(check.problem(p.source, p.id, None, "pack.id",
                                                f"Pack {p.id!r} is installed twice ({other.source} and "
                                                f"{pack.source}); remove or rename one of them."))
            continue
        by_id[pack.id] = pack
    base = by_id.get(BASE_ID)
    if base is not None and base.document is not None and not base.problems:
        base.problems = judge(base.document, base.source, None)
    base_docs = [base.document] if base is not None and base.ok else None
    judged = {BASE_ID}

    def judge_installed(pack: Installed, path: tuple = ()) -> None:
        # an add-on is judged on the base and the packs it requires, each judged first
        if pack.id in judged or pack.document is None or pack.problems:
            judged.add(pack.id)
            return
        if pack.id in path:
            return
        for rid in requires(pack.document):
            if rid in by_id:
                judge_installed(by_id[rid], (*path, pack.id))
        judged.add(pack.id)
        under, problems = beneath(pack.document, pack.source, by_id)
        pack.problems = problems or judge(pack.document, pack.source, [*(base_docs or [engine.BASE_PACK]), *under])

    for pack in list(by_id.values()):
        judge_installed(pack)
    return by_id


def judge_new(doc: dict, name: str, *, replacing: str | None = None, packs: dict | None = None) -> list[dict]:
    """Every problem of a pack about to be installed (an upload, `pack install`): its id taken
    by another installed pack (`replacing`: the source it replaces), then the pack check on
    the installed base and the installed packs it requires."""
    packs = installed() if packs is None else packs
    pid, problems = check.pack_id(doc), []
    other = packs.get(pid)
    if other is not None and other.source != replacing:
        problems.append(check.problem(name, pid, None, "pack.id",
                                      f"A pack {pid!r} is already installed ({other.source}); give this one "
                                      "another id, or change that upload instead."))
    under, missing = beneath(doc, name, packs)
    base = packs.get(BASE_ID)
    base_docs = [base.document] if base is not None and base.ok else [engine.BASE_PACK]
    if missing:
        # the schema still speaks; the engine cannot judge cards whose decks are not there
        return problems + check.schema_problems(doc, file=name) + missing
    return problems + check.check(doc, file=name, base=[*base_docs, *under])


def requires(doc) -> list[str]:
    """The ids a pack's header says it builds on (`"requires": [...]`, docs/packs.md "Add-on packs")."""
    head = doc.get("pack") if isinstance(doc, dict) else None
    names = head.get("requires") if isinstance(head, dict) else None
    return [n for n in names if isinstance(n, str) and n != BASE_ID] if isinstance(names, list) else []


def beneath(doc: dict, source: str, packs: dict[str, Installed], _path: tuple = (),
            _memo: dict | None = None) -> tuple[list[dict], list[dict]]:
    """The documents an add-on is played on top of (what it requires, and what those require,
    each once, each before what needs it), or the located problems that stop it: a required
    pack that is not installed, has problems, or requires it back. Each pack is looked at
    once per call, however the requirements cross."""
    memo = {} if _memo is None else _memo
    pid, docs, problems = check.pack_id(doc), [], []
    for n, rid in enumerate(requires(doc)):
        where = f"pack.requires.{n}"
        other = packs.get(rid)
        if rid in _path or rid == pid:
            problems.append(check.problem(source, pid, None, where, f"Pack {rid!r} requires this pack back; a pack "
                                          "cannot build on itself, directly or through others."))
            continue
        if other is None or other.document is None:
            problems.append(check.problem(source, pid, None, where, f"This pack builds on {rid!r}, which is not "
                                          "installed: install that pack first (the packs folder, `pack install` "
                                          "or the admin's Uploaded packs), or remove it from \"requires\"."))
            continue
        if rid not in memo:
            memo[rid] = beneath(other.document, other.source, packs, (*_path, pid), memo)
        below, theirs = memo[rid]
        if theirs or other.problems:
            first = describe((theirs or other.problems)[0])
            problems.append(check.problem(source, pid, None, where, f"This pack builds on {rid!r}, which cannot be "
                                          f"played until its problems are fixed ({first})."))
            continue
        for d in [*below, other.document]:
            if not any(d is x for x in docs):
                docs.append(d)
    return docs, problems


def judge(doc: dict, source: str, base: list[dict] | None) -> list[dict]:
    """check.check, remembered for this process and shared through the cache with every other
    (a playout per character is not free, and each worker would otherwise pay it on its first
    page). The key covers the documents, the limits and the rules and check versions."""
    key = hashlib.sha256(json.dumps([doc, base, list(astuple(limits.from_settings())), engine.RULES_VERSION,
                                     check.VERSION], sort_keys=True).encode()).hexdigest()
    if key not in _VERDICTS:
        shared = _shared_get(f"rdi:pack-verdict:{key}")
        if shared is None:
            shared = check.check(doc, file=source, base=base)
            _shared_set(f"rdi:pack-verdict:{key}", shared)
        _VERDICTS[key] = shared
    return [{**p, "file": source} for p in _VERDICTS[key]]


def _shared_get(key: str):
    from django.core.cache import cache

    try:
        return cache.get(key)
    except Exception:  # noqa: BLE001 - the shared cache only saves time; without it, judge here
        return None


def _shared_set(key: str, value) -> None:
    from django.core.cache import cache

    try:
        cache.set(key, value, timeout=7 * 24 * 3600)
    except Exception:  # noqa: BLE001
        pass


def content_for(chosen: list[str] | None) -> list[dict]:
    """The pack documents of a game that plays `chosen` (pack ids, in order), base first.
    Raises PackError: `unknown_pack` (not installed), `invalid_pack` (it, or the packs
    together, have problems; `.problems` lists them all)."""
    chosen = list(chosen or [])
    if len(chosen) != len(set(chosen)):
        raise PackError("A pack is chosen twice; list each pack once.", code="invalid_pack")
    packs = installed()
    # an add-on brings what it builds on, each before it (docs/packs.md "Add-on packs")
    playing: list[str] = []
    for pid in chosen:
        pack = packs.get(pid)
        below = beneath(pack.document, pack.source, packs)[0] if pack is not None and pack.document else []
        for rid in [*(check.pack_id(d) for d in below), pid]:
            if rid not in playing:
                playing.append(rid)
    chosen = playing
    if not any(packs.get(c) is not None and packs[c].header.get("kind") == "base" for c in chosen):
        chosen.insert(0, BASE_ID)
    docs, problems = [], []
    for pid in chosen:
        pack = packs.get(pid)
        if pack is None:
            have = ", ".join(sorted(p.id for p in packs.values() if p.ok)) or "none"
            raise PackError(f"No pack {pid!r} is installed; choose from the installed packs ({have}).",
                            code="unknown_pack")
        if not pack.ok:
            problems += pack.problems
        docs.append(pack.document)
    if problems:
        raise PackError(_sentence(problems, "Pack problems stop this game"), code="invalid_pack", problems=problems)
    try:
        engine.load_content(docs)
    except engine.ContentError as exc:
        located = [{**p, "file": p["pack"]} for p in exc.problems]
        raise PackError(_sentence(located, "These packs cannot be played together"), code="invalid_pack",
                        problems=located) from None
    return docs


def characters(chosen: list[str] | None) -> dict:
    """id -> name of every character the chosen packs (and their base) offer."""
    content = engine.load_content(content_for(chosen))
    return {c.id: c.name for c in content.characters.values()}


def describe(p: dict) -> str:
    """One problem as a line: file, card, field, message."""
    where = ", ".join(x for x in (p.get("file"), p["card"] and f"card {p['card']}",
                                  p["field"] and f"field {p['field']}") if x)
    return f"{where}: {p['message']}" if where else p["message"]


def _sentence(problems: list, lead: str) -> str:
    more = f" (and {len(problems) - 1} more; run `python manage.py pack check` on the file)" if len(problems) > 1 else ""
    return f"{lead}: {describe(problems[0])}{more}"


def _doc_id(doc) -> str | None:
    head = doc.get("pack") if isinstance(doc, dict) else None
    return head.get("id") if isinstance(head, dict) and isinstance(head.get("id"), str) else None
