"""How big a pack may be (docs/packs.md, "Limits"): bytes, nesting, cards, characters and
text, judged before the costly steps so that no pack can make a check, an upload or a page
slow, and every refusal names the place.

Order matters: the byte size is known before a file is read; the nesting depth is measured on
the raw bytes without recursion (json.loads recurses, and a deep enough document crashes it);
only then is the text decoded, and the decoded document walked iteratively for its sizes
before the schema, the engine and the playouts see it. Pure Python: no Django here; the
service passes the numbers from its settings (`from_settings`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import accumulate


@dataclass(frozen=True)
class Limits:
    bytes: int = 1_000_000          # the file, as uploaded or read
    depth: int = 20                 # nesting of objects and lists (the base pack uses 9)
    cards: int = 1000               # entries of "cards" (the base pack has 130)
    characters: int = 20            # each new character costs a few seeded test games at check time
    decks: int = 100
    string: int = 2000              # characters of any text or key (the schema is stricter where it knows the field)
    values: int = 200_000           # every value of the document, strings, numbers and containers alike


DEFAULT = Limits()


def from_settings() -> Limits:
    """The service's limits (settings RDI_PACK_MAX_*), the defaults when a setting is absent."""
    from django.conf import settings

    if not settings.configured:
        return DEFAULT
    return Limits(**{f: getattr(settings, f"RDI_PACK_MAX_{f.upper()}", getattr(DEFAULT, f))
                     for f in Limits.__dataclass_fields__})


def too_big(size: int, limits: Limits = DEFAULT) -> str | None:
    if size > limits.bytes:
        return (f"The file is {_size(size)}; a pack may be at most {_size(limits.bytes)}. Split it into "
                "several packs (one per character or deck).")
    return None


_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKET = re.compile(rb"[^\[\]{}]+")
_STEP = bytes.maketrans(b"[{]}", b"\x01\x01\x00\x00")


def nesting(data: bytes) -> int:
    """How deep the lists and objects of JSON text go, counted without parsing or recursion
    (strings, where a bracket is only a character, are skipped)."""
    brackets = _NOT_BRACKET.sub(b"", _STRING.sub(b"", data)).translate(_STEP)
    return max(accumulate(1 if b else -1 for b in brackets), default=0)


def too_deep(data: bytes, limits: Limits = DEFAULT) -> str | None:
    depth = nesting(data)
    if depth > limits.depth:
        return (f"The document nests lists and objects {depth} deep; a pack may nest at most {limits.depth} "
                "(steps inside choices inside cards need far fewer).")
    return None


def size_problems(doc: dict, limits: Limits = DEFAULT) -> list[tuple[str | None, str]]:
    """(where, message) for each size the document exceeds: the number of cards, characters and
    decks, then the first overlong texts (at most ten), located like `cards[1204].title`."""
    out = []
    for key, most, what in (("cards", limits.cards, "cards"), ("characters", limits.characters, "characters"),
                            ("decks", limits.decks, "decks")):
        items = doc.get(key)
        if isinstance(items, list) and len(items) > most:
            out.append((key, f"The pack has {len(items)} {what}; a pack may have at most {most}. Split it into "
                             "several packs."))
    count, stack = 0, [(doc, "", 0)]
    while stack:
        value, where, depth = stack.pop()
        count += 1
        if depth > limits.depth:
            out.append((where, f"The document nests lists and objects deeper than {limits.depth}."))
            break
        if count > limits.values:
            out.append((None, f"The document holds more than {limits.values} values; split it into several packs."))
            break
        if isinstance(value, dict):
            for k, v in reversed(value.items()):
                if len(k) > limits.string:
                    out.append((where or None, f"A field name is longer than {limits.string} characters."))
                stack.append((v, f"{where}.{k}" if where else str(k), depth + 1))
        elif isinstance(value, list):
            stack.extend((value[n], f"{where}[{n}]", depth + 1) for n in range(len(value) - 1, -1, -1))
        elif isinstance(value, str) and len(value) > limits.string:
            out.append((where, f"{_last(where)} is longer than {limits.string} characters ({len(value)})."))
        if len(out) >= 10:
            break
    return out


def _last(where: str) -> str:
    name = re.split(r"[.\[]", where)[-1].rstrip("]") if where else "text"
    return "The text" if name.isdigit() or not name else name.capitalize()


def _size(n: int) -> str:
    return f"{n / 1_000_000:.1f} MB" if n >= 1_000_000 else f"{n / 1000:.0f} kB" if n >= 1000 else f"{n} bytes"
