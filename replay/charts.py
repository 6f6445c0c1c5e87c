"""Inline SVG charts of Fortitude, Alcohol Content and Gold over a game, drawn from the
timeline (`replay.frames.timeline`): one line per seat, or in a team game one line per team
(teammates share a mat, so their numbers are one). The page's script turns a click into a jump."""
from __future__ import annotations

from typing import Any

from django.utils.html import escape

WIDTH, HEIGHT, PAD = 720, 110, 6
STATS = (("fortitude", "Fortitude", 0), ("alcohol", "Alcohol Content", 1), ("gold", "Gold", 2))
COLOURS = ("#5b8fd6", "#d9453b", "#5fae5b", "#f0c04a", "#b57bd6", "#4fc1c1", "#e59a2f", "#cfcfcf")
LETTERS = "ABCD"           # a team's letter, as on the table page (games.web.board)


def lines(data: dict[str, Any]) -> list[dict[str, Any]]:
    """What the charts draw: each line's name, colour, the seat whose numbers it follows and
    the seats it stands for."""
    names, teams = data["names"], data.get("teams") or []
    if teams:
        return [{"name": f"Team {LETTERS[n % 4]}: " + " & ".join(names[i] for i in seats),
                 "colour": COLOURS[n % len(COLOURS)], "seat": seats[0], "seats": list(seats)}
                for n, seats in enumerate(teams)]
    return [{"name": n, "colour": COLOURS[i % len(COLOURS)], "seat": i, "seats": [i]} for i, n in enumerate(names)]


def _eliminations(data: dict[str, Any], drawn: list[dict]) -> list[tuple[int, str]]:
    """(seq, who) for each elimination; teammates pass out together, so a team is named once."""
    out = []
    for e in data["eliminations"]:
        line = next((ln for ln in drawn if e.get("seat") in ln["seats"]), None)
        who = (line["name"].split(":")[0] if len(line["seats"]) > 1 else line["name"]) if line else "?"
        if (e["seq"], who) not in out:
            out.append((e["seq"], who))
    return out


def charts(data: dict[str, Any]) -> list[dict[str, str]]:
    series, last = data["series"], max(data["last"], 1)
    drawn = lines(data)
    whose = "every team" if data.get("teams") else "every seat"
    out = []
    for stat, title, k in STATS:
        top = max([v[k] for point in series for v in point] + [1])

        def xy(seq: int, value: int) -> str:
            x = PAD + (WIDTH - 2 * PAD) * seq / last
            y = HEIGHT - PAD - (HEIGHT - 2 * PAD) * value / top
            return f"{x:.1f},{y:.1f}"

        parts = [f'<svg class="chart" data-stat="{stat}" data-last="{data["last"]}" viewBox="0 0 {WIDTH} {HEIGHT}"'
                 f' preserveAspectRatio="none" role="img" aria-label="{title} of {whose} over the game; click to'
                 f' jump">', f'<title>{title} (0 to {top}); click to jump to that event</title>',
                 f'<rect class="hit" x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="transparent"/>']
        for seq, who in _eliminations(data, drawn):
            x = PAD + (WIDTH - 2 * PAD) * seq / last
            name = escape(who)
            parts.append(f'<line class="elim" x1="{x:.1f}" x2="{x:.1f}" y1="0" y2="{HEIGHT}" stroke="#d9453b"'
                         f' stroke-dasharray="3 3"><title>event {seq}: {name} is out</title></line>'
                         f'<text class="elim-mark" x="{x + 2:.1f}" y="12" fill="#d9453b" font-size="11">✕ {name}</text>')
        for line in drawn:
            points = " ".join(xy(seq, point[line["seat"]][k]) for seq, point in enumerate(series))
            parts.append(f'<polyline fill="none" stroke="{line["colour"]}" stroke-width="1.6"'
                         f' data-seats="{" ".join(map(str, line["seats"]))}"'
                         f' points="{points}"><title>{escape(line["name"])}</title></polyline>')
        parts.append(f'<line class="cursor" x1="{PAD}" x2="{PAD}" y1="0" y2="{HEIGHT}" stroke="#f3e6c8"'
                     f' stroke-width="1.5"/></svg>')
        out.append({"stat": stat, "title": title, "svg": "".join(parts)})
    return out


def legend(data: dict[str, Any]) -> list[dict[str, str]]:
    return [{"name": ln["name"], "colour": ln["colour"]} for ln in lines(data)]
