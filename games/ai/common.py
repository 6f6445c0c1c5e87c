"""What every bot shares: reading a seat's view, card facts from the game's catalogue, and
the deterministic per-decision random stream.

A bot decides from ``engine.view(state, seat)`` only (its own hand, public piles, counts and
the stack as the table sees it). The game's content — the catalogue of the packs it plays,
named by ``view["content"]`` (``engine.content_of``) — is printed information and may be read
freely; the process deciding has it loaded, since it built the state the view comes from.
"""
from __future__ import annotations

import hashlib
import hmac
import random
from typing import Any

from games import engine

Decision = dict


def decision_seed(*, secret: str | int, seq: int, seat: int) -> str:
    """The seed of one bot decision: HMAC-SHA256 over (seq, seat) keyed with the game's secret
    seed. Nobody can compute it from public data (the seed commitment is public; the seed stays
    secret until the end), so nobody can predict a bot's choices during play; given the
    secret seed, every choice is reproducible."""
    return hmac.new(str(secret).encode(), f"{seq}:{seat}".encode(), hashlib.sha256).hexdigest()


def rng_for(seed: str, salt: str = "") -> random.Random:
    digest = hashlib.sha256(f"{seed}|{salt}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def content(view: dict) -> engine.Content:
    """The content (characters, decks, cards) of the game a view comes from."""
    return engine.content_of(view.get("content", ""))


def card_of(card_view: dict | None, catalogue: dict | None = None):
    """The catalogue Card behind a card as the view shows it (``{"id", "key", ...}``);
    `catalogue` is the game's (``content(view).cards``), the base game's when left out."""
    if not isinstance(card_view, dict):
        return None
    return (engine.CARDS if catalogue is None else catalogue).get(card_view.get("key"))


class Table:
    """Convenient read-only access to one seat's view."""

    def __init__(self, view: dict):
        self.view = view
        self.content = content(view)
        self.prompt = view["prompt"] or {}
        self.me: int = self.prompt.get("seat", view.get("viewer"))
        self.seats: list[dict] = view["seats"]
        self.mine = self.seats[self.me]
        self.hand = {c["id"]: c for c in self.mine.get("hand", [])}
        # Cards of mine the table sees in play (Minions), which decisions may name too.
        self.in_play = {c["id"]: c for z in (self.mine.get("zones") or {}).values() for c in z.get("cards", [])}
        self.stack: list[dict] = view.get("stack", [])
        self.top = self.stack[-1] if self.stack else None
        # In a team game (view["teams"]) a team shares one mat: my team is "me" for every
        # purpose but whose cards are whose (games/ai/teams.py).
        self._teams = {s: t["seats"] for t in view.get("teams") or () for s in t["seats"]}
        self.team: list[int] = self.team_of(self.me)

    @property
    def decisions(self) -> list[Decision]:
        return self.prompt.get("decisions", [])

    def card(self, cid) -> Any:
        if cid is None:
            return None
        return card_of(self.hand.get(cid) or self.in_play.get(cid), self.content.cards)

    def living(self) -> list[int]:
        return [s["seat"] for s in self.seats if s["status"] == "in"]

    def team_of(self, seat: int) -> list[int]:
        return self._teams.get(seat) or [seat]

    def opponents(self) -> list[int]:
        return [s for s in self.living() if s not in self.team]

    def rivals(self) -> list[int]:
        """One seat per opposing team (each mat counted once)."""
        out = []
        for s in self.opponents():
            if not any(o in self.team_of(s) for o in out):
                out.append(s)
        return out

    def margin(self, seat: int) -> int:
        """Fortitude left above Alcohol (Total Drunkenness with Drunken Chi): at 0 or less the
        seat passes out."""
        s = self.seats[seat]
        return s["fortitude"] - s.get("drunkenness", s["alcohol"])

    def danger(self, seat: int) -> float:
        """Lower is closer to leaving the game (passing out or running out of Gold)."""
        s = self.seats[seat]
        return min(self.margin(seat), 2 * s["gold"]) + 0.01 * (self.margin(seat) + s["gold"])

    def weakest_opponent(self) -> int | None:
        opp = self.opponents()
        return min(opp, key=lambda s: (self.danger(s), s)) if opp else None

    def round(self) -> dict | None:
        for fr in reversed(self.stack):
            if fr.get("f") == "round":
                return None if fr.get("ended") else fr
        return None

    def drink_frame(self) -> dict | None:
        for fr in reversed(self.stack):
            if fr.get("f") == "drink":
                return fr
        return None

