"""Seeded shuffles: one independent stream per (deck, shuffle number).

Each shuffle draws from HMAC-SHA256(seed, "deck:n:counter") blocks, so a
reshuffle of one deck never shifts another, and anyone holding the revealed
seed can re-run every shuffle with the standard library alone.
"""
import hashlib
import hmac


def _stream(seed: str, label: str):
    key = seed.encode()
    counter = 0
    while True:
        block = hmac.new(key, f"{label}:{counter}".encode(), hashlib.sha256).digest()
        for i in range(0, 32, 4):
            yield int.from_bytes(block[i:i + 4], "big")
        counter += 1


def _below(stream, n: int) -> int:
    """Uniform integer in [0, n) by rejection, so no modulo bias."""
    limit = (1 << 32) - ((1 << 32) % n)
    while True:
        x = next(stream)
        if x < limit:
            return x % n


def shuffle(items: list, seed: str, deck: str, number: int) -> None:
    """Fisher-Yates in place, driven by the stream for (deck, number)."""
    stream = _stream(seed, f"{deck}:{number}")
    for i in range(len(items) - 1, 0, -1):
        j = _below(stream, i + 1)
        items[i], items[j] = items[j], items[i]


def choice(n: int, seed: str, label: str) -> int:
    """One seeded pick in [0, n) (who goes first)."""
    return _below(_stream(seed, label), n)
