"""The tavern table options on the replay's charts (docs/web.md): a mark at each Prize won,
each new Drink Deck dealt from the Bar Deck, each Crawl and each tavern Closing, titled with
what happened."""
from __future__ import annotations

from typing import Any

from django.utils.html import escape

COLOUR = "#c9a227"


def mark(fx: dict, names: list[str]) -> str | None:
    """What a mark at this Effect says, or None when it makes no mark."""
    t = fx.get("type")
    if t == "prize_won":
        seat = fx.get("seat")
        who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "someone"
        return f"{who} won a Prize"
    if t == "bar_dealt":
        return f"the Bar Deck dealt {fx.get('cards')} Drinks"
    if t == "crawled":
        return f"the party Crawled to {fx.get('title')}"
    if t == "tavern_closed":
        return f"{fx.get('title')} Closed"
    return None


def marks(data: dict[str, Any], last: int, width: int, height: int, pad: int) -> list[str]:
    out = []
    for m in data.get("tavern") or []:
        x = pad + (width - 2 * pad) * m["seq"] / last
        out.append(f'<line class="tavern-mark" x1="{x:.1f}" x2="{x:.1f}" y1="0" y2="{height}" stroke="{COLOUR}"'
                   f' stroke-dasharray="2 2"><title>event {m["seq"]}: {escape(m["title"])}</title></line>')
    return out
