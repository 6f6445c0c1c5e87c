"""The one normalisation of usernames: two names that look alike are one name.

Two levels, both unique in the database (accounts.models.UsernameKey):
- `username_key`: the same name up to case and compatibility forms ("Race", "ＲＡＣＥ"); log-in
  looks accounts up by it.
- `username_skeleton`: Unicode TR39's skeleton of the key, so names that only *look* alike
  ("staffadv" and "stаffadv" with a Cyrillic а, "ορen" with Greek omicron) collide too.
  Names with equal keys may have different skeletons ("Ivan" has the skeleton "lvan"): each
  column is checked on its own.
"""
from __future__ import annotations

import functools
import importlib.resources
import unicodedata

#: Which Unicode confusables.txt the skeletons were computed with (the `confusables` package
#: ships it). A new version can change skeletons: migrate the stored ones again when bumping it.
CONFUSABLES_PACKAGE = "confusables"


def username_key(name: str) -> str:
    """NFKC, casefold, NFKC again (Unicode's NFKC_Casefold, near enough): "ＲＡＣＥ", "Race" and
    "race" share one key, so do "Straße" and "STRASSE". Unique in the database (UsernameKey)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


@functools.cache
def _prototypes() -> dict[str, str]:
    """confusables.txt: each source character and the prototype string it is confusable with."""
    text = importlib.resources.files(CONFUSABLES_PACKAGE).joinpath("assets/confusables.txt").read_text("utf-8-sig")
    table = {}
    for line in text.splitlines():
        fields = line.split("#", 1)[0].split(";")
        if len(fields) < 3:
            continue
        source = "".join(chr(int(cp, 16)) for cp in fields[0].split())
        table[source] = "".join(chr(int(cp, 16)) for cp in fields[1].split())
    return table


def skeleton(text: str) -> str:
    """TR39 section 4: NFD, replace every character by its prototype, NFD again."""
    prototypes = _prototypes()
    return unicodedata.normalize("NFD", "".join(prototypes.get(c, c) for c in unicodedata.normalize("NFD", text)))


def username_skeleton(name: str) -> str:
    """Look-alikes in any case or form share it. TR39 skeletons keep case, so: the skeleton of
    the name as typed (Greek "Κ" is a Latin "K", "I" an "l"), casefolded, then the skeleton of
    that (so "STAFFADV" and "stаffadv" meet too). Unique in the database (UsernameKey)."""
    return skeleton(skeleton(unicodedata.normalize("NFKC", name)).casefold())
