"""The one canonical JSON encoding of engine data: what a state hash covers, what a snapshot
stores, and what an event's chain hash covers (games/store.py). A clone round-trips through
the same encoder without sorting keys (`copy`): a copy is never hashed, and sorting costs half
of the encoding.

Sorted keys, no whitespace, UTF-8 with only control characters, quotes and backslashes escaped,
for the values engine data is made of: dicts with string keys, lists, strings, ints, bools and
None (no floats: their shortest spelling differs between encoders). orjson writes it about ten
times faster than the standard library; the engine must also run on the standard library
alone, which writes the same bytes (tests/engine/test_canonical.py compares them on game states,
events and awkward strings), so a hash never depends on which encoder ran.
"""
import hashlib
import json

try:
    import orjson
except ImportError:  # pragma: no cover - the engine runs on the standard library alone
    orjson = None

_STD = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def std_dumps(value) -> bytes:
    """The canonical bytes written by the standard library (the fallback; tests compare)."""
    return _STD.encode(value).encode("utf-8")


if orjson is not None:
    _SORT_KEYS = orjson.OPT_SORT_KEYS

    def dumps(value) -> bytes:
        """The canonical bytes of `value`."""
        return orjson.dumps(value, option=_SORT_KEYS)

    loads = orjson.loads

    def copy(value):
        """A deep copy of engine data (a clone): no key sorting, since a copy is never hashed."""
        return orjson.loads(orjson.dumps(value))
else:  # pragma: no cover - exercised by the comparison in the tests, not by a second run
    dumps = std_dumps
    loads = json.loads

    def copy(value):
        return json.loads(json.dumps(value))


def digest(blob: bytes) -> str:
    """sha256 hex of canonical bytes: a state hash is `digest(dumps(state.to_dict()))`."""
    return hashlib.sha256(blob).hexdigest()
