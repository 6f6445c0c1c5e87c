"""Inline SVG charts of Fortitude, Alcohol Content and Gold of every seat over a game, drawn
from the timeline (`replay.frames.timeline`). The page's script turns a click into a jump."""
from __future__ import annotations

from typing import Any

from django.utils.html import escape

WIDTH, HEIGHT, PAD = 720, 110, 6
STATS = (("fortitude", "Fortitude", 0), ("alcohol", "Alcohol Content", 1), ("gold", "Gold", 2))
COLOURS = ("#5b8fd6", "#d9453b", "#5fae5b", "#f0c04a", "#b57bd6", "#4fc1c1", "#e59a2f", "#cfcfcf")


def charts(data: dict[str, Any]) -> list[dict[str, str]]:
    series, last = data["series"], max(data["last"], 1)
    out = []
    for stat, title, k in STATS:
        top = max([v[k] for point in series for v in point] + [1])

        def xy(seq: int, value: int) -> str:
            x = PAD + (WIDTH - 2 * PAD) * seq / last
            y = HEIGHT - PAD - (HEIGHT - 2 * PAD) * value / top
            return f"{x:.1f},{y:.1f}"

        parts = [f'<svg class="chart" data-stat="{stat}" data-last="{data["last"]}" viewBox="0 0 {WIDTH} {HEIGHT}"'
                 f' preserveAspectRatio="none" role="img" aria-label="{title} of every seat over the game; click to'
                 f' jump">', f'<title>{title} (0 to {top}); click to jump to that event</title>',
                 f'<rect class="hit" x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="transparent"/>']
        for e in data["eliminations"]:
            x = PAD + (WIDTH - 2 * PAD) * e["seq"] / last
            name = escape(data["names"][e["seat"]]) if isinstance(e.get("seat"), int) else "?"
            parts.append(f'<line class="elim" x1="{x:.1f}" x2="{x:.1f}" y1="0" y2="{HEIGHT}" stroke="#d9453b"'
                         f' stroke-dasharray="3 3"><title>event {e["seq"]}: {name} is out</title></line>'
                         f'<text class="elim-mark" x="{x + 2:.1f}" y="12" fill="#d9453b" font-size="11">✕ {name}</text>')
        for seat in range(data["seats"]):
            points = " ".join(xy(seq, point[seat][k]) for seq, point in enumerate(series))
            parts.append(f'<polyline fill="none" stroke="{COLOURS[seat % len(COLOURS)]}" stroke-width="1.6"'
                         f' points="{points}"><title>{escape(data["names"][seat])}</title></polyline>')
        parts.append(f'<line class="cursor" x1="{PAD}" x2="{PAD}" y1="0" y2="{HEIGHT}" stroke="#f3e6c8"'
                     f' stroke-width="1.5"/></svg>')
        out.append({"stat": stat, "title": title, "svg": "".join(parts)})
    return out


def legend(data: dict[str, Any]) -> list[dict[str, str]]:
    return [{"name": n, "colour": COLOURS[i % len(COLOURS)]} for i, n in enumerate(data["names"])]
