"""Inline SVG charts of Fortitude, Alcohol Content and Gold over a game, drawn from the
timeline (`replay.frames.timeline`): one line per seat, or in a team game one line per team
(teammates share a mat, so their numbers are one). The page's script turns a click into a jump."""
from __future__ import annotations

from typing import Any

from django.utils.html import escape

from games.engine import words

WIDTH, HEIGHT, PAD = 720, 110, 6
STATS = (("fortitude", "Fortitude", 0), ("alcohol", "Alcohol Content", 1), ("gold", "Gold", 2))
COLOURS = ("#5b8fd6", "#d9453b", "#5fae5b", "#f0c04a", "#b57bd6", "#4fc1c1", "#e59a2f", "#cfcfcf")


def lines(data: dict[str, Any]) -> list[dict[str, Any]]:
    """What the charts draw: each line's name, colour, the seat whose numbers it follows and
    the seats it stands for."""
    names, teams = data["names"], data.get("teams") or []
    if teams:
        return [{"name": f"{data['team_names'][n]}: " + " & ".join(names[i] for i in seats),
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
    series = data["series"]
    out = [_chart(data, stat, title, [[v[k] for v in point] for point in series]) for stat, title, k in STATS]
    resources = data.get("resources") or []
    if len(resources) == len(series):
        names = sorted({n for point in resources for r in point for n, v in r.items() if v})
        for name in names:              # drawn only for the seats that held it
            values = [[r.get(name, 0) for r in point] for point in resources]
            drawn = [ln for ln in lines(data) if any(point[ln["seat"]] for point in values)]
            title = words.SERIES.get(name) or name.replace("_", " ").capitalize()
            out.append(_chart(data, name, title, values, drawn))
    for ts in words.TABLE_SERIES.values():
        if data.get(ts.key):
            out.append(_table_chart(data, ts, max(data["last"], 1)))
    return out


def _chart(data: dict[str, Any], stat: str, title: str, values: list[list[int]],
           drawn: list[dict] | None = None) -> dict[str, str]:
    last = max(data["last"], 1)
    drawn = lines(data) if drawn is None else drawn
    whose = "every team" if data.get("teams") else "every seat"
    top = max([v for point in values for v in point] + [1])

    def xy(seq: int, value: int) -> str:
        x = PAD + (WIDTH - 2 * PAD) * seq / last
        y = HEIGHT - PAD - (HEIGHT - 2 * PAD) * value / top
        return f"{x:.1f},{y:.1f}"

    parts = [f'<svg class="chart" data-stat="{stat}" data-last="{data["last"]}" viewBox="0 0 {WIDTH} {HEIGHT}"'
             f' preserveAspectRatio="none" role="img" aria-label="{title} of {whose} over the game; click to'
             f' jump">', f'<title>{title} (0 to {top}); click to jump to that event</title>',
             f'<rect class="hit" x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="transparent"/>']
    for seq, who in _eliminations(data, lines(data)):
        x = PAD + (WIDTH - 2 * PAD) * seq / last
        name = escape(who)
        parts.append(f'<line class="elim" x1="{x:.1f}" x2="{x:.1f}" y1="0" y2="{HEIGHT}" stroke="#d9453b"'
                     f' stroke-dasharray="3 3"><title>event {seq}: {name} is out</title></line>'
                     f'<text class="elim-mark" x="{x + 2:.1f}" y="12" fill="#d9453b" font-size="11">✕ {name}</text>')
    for key in dict.fromkeys(mark.key for mark in words.MARKS.values()):
        parts.extend(_marks(data, key, last))
    for line in drawn:
        points = " ".join(xy(seq, point[line["seat"]]) for seq, point in enumerate(values))
        parts.append(f'<polyline fill="none" stroke="{line["colour"]}" stroke-width="1.6"'
                     f' data-seats="{" ".join(map(str, line["seats"]))}"'
                     f' points="{points}"><title>{escape(line["name"])}</title></polyline>')
    parts.append(f'<line class="cursor" x1="{PAD}" x2="{PAD}" y1="0" y2="{HEIGHT}" stroke="#f3e6c8"'
                 f' stroke-width="1.5"/></svg>')
    return {"stat": stat, "title": title, "svg": "".join(parts)}


def _marks(data: dict[str, Any], key: str, last: int) -> list[str]:
    """A line at each mark the timeline keeps under `key` (a Dungeon Event revealed, a Prize
    won), titled with it, in its mechanic's colour and dashes."""
    style = next(m for m in words.MARKS.values() if m.key == key)
    out = []
    for mark in data.get(key) or []:
        x = PAD + (WIDTH - 2 * PAD) * mark["seq"] / last
        out.append(f'<line class="{key}-mark" x1="{x:.1f}" x2="{x:.1f}" y1="0" y2="{HEIGHT}" stroke="{style.colour}"'
                   f' stroke-dasharray="{style.dash}"><title>event {mark["seq"]}: {escape(style.title(mark))}'
                   f'</title></line>')
    return out


def _table_chart(data: dict[str, Any], ts: words.TableSeries, last: int) -> dict[str, str]:
    """A table token over the game (the Dungeon Event Deck's Progress Counters): one line."""
    values = data[ts.key]
    top = max(values + [1])
    offset = len(data["series"]) - len(values)      # events before the token existed (none)

    def xy(seq: int, value: int) -> str:
        x = PAD + (WIDTH - 2 * PAD) * seq / last
        y = HEIGHT - PAD - (HEIGHT - 2 * PAD) * value / top
        return f"{x:.1f},{y:.1f}"

    points = " ".join(xy(seq + offset, v) for seq, v in enumerate(values))
    note = f"; {ts.note}" if ts.note else ""
    svg = (f'<svg class="chart" data-stat="{ts.stat}" data-last="{data["last"]}" viewBox="0 0 {WIDTH} {HEIGHT}"'
           f' preserveAspectRatio="none" role="img" aria-label="{ts.title} over the game; click to jump">'
           f'<title>{ts.title} (0 to {top}){note}; click to jump to that event</title>'
           f'<rect class="hit" x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="transparent"/>'
           + "".join(_marks(data, ts.marks, last) if ts.marks else [])
           + f'<polyline fill="none" stroke="{ts.colour}" stroke-width="1.6" points="{points}">'
           f'<title>{ts.line}</title></polyline>'
           f'<line class="cursor" x1="{PAD}" x2="{PAD}" y1="0" y2="{HEIGHT}" stroke="#f3e6c8" stroke-width="1.5"/></svg>')
    return {"stat": ts.stat, "title": ts.title, "svg": svg}


def legend(data: dict[str, Any]) -> list[dict[str, str]]:
    return [{"name": ln["name"], "colour": ln["colour"]} for ln in lines(data)]
