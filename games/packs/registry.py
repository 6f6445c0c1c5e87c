"""The installed packs: every `*.json` in the folder `settings.RDI_PACKS_DIR` names, plus the
packs staff uploaded in the admin (`games.models.UploadedPack`). Each is checked
(games.packs.check); a table may choose only installed packs that have no problem.

A game's content is its chosen packs in order, after a base pack: the installed `base` pack
unless one of the chosen packs is itself a base pack.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings

from games import engine
from games.errors import ServiceError
from games.packs import check, limits

BASE_ID = "base"


@dataclass
class Installed:
    id: str
    source: str                     # "packs/base.json" or "upload #3"
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
    for pack in by_id.values():
        if pack is not base and pack.document is not None and not pack.problems:
            pack.problems = judge(pack.document, pack.source, base_docs)
    return by_id


def judge(doc: dict, source: str, base: list[dict] | None) -> list[dict]:
    """check.check, remembered for this process (a playout per character is not free)."""
    key = hashlib.sha256(json.dumps([doc, base], sort_keys=True).encode()).hexdigest()
    if key not in _VERDICTS:
        _VERDICTS[key] = check.check(doc, file=source, base=base)
    return [{**p, "file": source} for p in _VERDICTS[key]]


def content_for(chosen: list[str] | None) -> list[dict]:
    """The pack documents of a game that plays `chosen` (pack ids, in order), base first.
    Raises PackError: `unknown_pack` (not installed), `invalid_pack` (it, or the packs
    together, have problems; `.problems` lists them all)."""
    chosen = list(chosen or [])
    packs = installed()
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
    if len(chosen) != len(set(chosen)):
        raise PackError("A pack is chosen twice; list each pack once.", code="invalid_pack")
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
