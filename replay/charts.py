"""Inline SVG charts of Fortitude, Alcohol Content and Gold over a game, drawn from the
timeline (`replay.frames.timeline`): one line per seat, or in a team game one line per team
(teammates share a mat, so their numbers are one). The page's script turns a click into a jump."""
from __future__ import annotations

from typing import Any

from django.utils.html import escape

from replay import tavern

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


#: The characters' own counters charted besides the three gauges, when a game has them:
#: tokens (Heat, the Brawl count, Brew progress, Blood...) and the size of a few piles.
RESOURCE_TITLES = {"heat": "Heat (Lucky)", "brawl": "Brawl count (Samantha)", "beer": "Beer Brew progress (Farai)",
                   "wine": "Wine Brew progress (Farai)", "spirits": "Spirits Brew progress (Farai)",
                   "petrified": "Petrification Pile (Nerodia)", "shelf": "Mix-in Shelf (Phyll)",
                   "level": "Level (equipped Treasure)", "chi": "Drunken Chi (Zakhan)",
                   "minions": "Minions in play", "scarab": "Scarabs", "scarab_supply": "Scarabs in Amundyr's supply",
                   "otto_fortitude": "Otto's Fortitude (his track facing each player)",
                   "otto_alcohol": "Otto's Alcohol Content (his track facing each player)"}


def charts(data: dict[str, Any]) -> list[dict[str, str]]:
    series = data["series"]
    out = [_chart(data, stat, title, [[v[k] for v in point] for point in series]) for stat, title, k in STATS]
    resources = data.get("resources") or []
    if len(resources) == len(series):
        names = sorted({n for point in resources for r in point for n, v in r.items() if v})
        for name in names:              # drawn only for the seats that held it
            values = [[r.get(name, 0) for r in point] for point in resources]
            drawn = [ln for ln in lines(data) if any(point[ln["seat"]] for point in values)]
            title = RESOURCE_TITLES.get(name) or name.replace("_", " ").capitalize()
            out.append(_chart(data, name, title, values, drawn))
    if data.get("progress"):
        out.append(_progress_chart(data, max(data["last"], 1)))
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
    parts.extend(_dungeon_marks(data, last))
    parts.extend(tavern.marks(data, last, WIDTH, HEIGHT, PAD))
    for line in drawn:
        points = " ".join(xy(seq, point[line["seat"]]) for seq, point in enumerate(values))
        parts.append(f'<polyline fill="none" stroke="{line["colour"]}" stroke-width="1.6"'
                     f' data-seats="{" ".join(map(str, line["seats"]))}"'
                     f' points="{points}"><title>{escape(line["name"])}</title></polyline>')
    parts.append(f'<line class="cursor" x1="{PAD}" x2="{PAD}" y1="0" y2="{HEIGHT}" stroke="#f3e6c8"'
                 f' stroke-width="1.5"/></svg>')
    return {"stat": stat, "title": title, "svg": "".join(parts)}


DUNGEON_COLOUR = "#9b82d6"


def _dungeon_marks(data: dict[str, Any], last: int) -> list[str]:
    """A dotted line at each Dungeon Event revealed (a table option), titled with the event."""
    out = []
    for mark in data.get("dungeon") or []:
        x = PAD + (WIDTH - 2 * PAD) * mark["seq"] / last
        out.append(f'<line class="dungeon-mark" x1="{x:.1f}" x2="{x:.1f}" y1="0" y2="{HEIGHT}" stroke="{DUNGEON_COLOUR}"'
                   f' stroke-dasharray="1 3"><title>event {mark["seq"]}: Dungeon Event {escape(mark["title"] or "")}'
                   f'</title></line>')
    return out


def _progress_chart(data: dict[str, Any], last: int) -> dict[str, str]:
    """The Dungeon Event Deck's Progress Counters over the game: one line for the table."""
    progress = data["progress"]
    top = max(progress + [1])
    offset = len(data["series"]) - len(progress)      # events before the counters existed (none)

    def xy(seq: int, value: int) -> str:
        x = PAD + (WIDTH - 2 * PAD) * seq / last
        y = HEIGHT - PAD - (HEIGHT - 2 * PAD) * value / top
        return f"{x:.1f},{y:.1f}"

    points = " ".join(xy(seq + offset, v) for seq, v in enumerate(progress))
    title = "Dungeon Event Progress Counters"
    svg = (f'<svg class="chart" data-stat="dungeon" data-last="{data["last"]}" viewBox="0 0 {WIDTH} {HEIGHT}"'
           f' preserveAspectRatio="none" role="img" aria-label="{title} over the game; click to jump">'
           f'<title>{title} (0 to {top}); at 0 an event is revealed; click to jump to that event</title>'
           f'<rect class="hit" x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="transparent"/>'
           + "".join(_dungeon_marks(data, last))
           + f'<polyline fill="none" stroke="{DUNGEON_COLOUR}" stroke-width="1.6" points="{points}">'
           f'<title>Progress Counters</title></polyline>'
           f'<line class="cursor" x1="{PAD}" x2="{PAD}" y1="0" y2="{HEIGHT}" stroke="#f3e6c8" stroke-width="1.5"/></svg>')
    return {"stat": "dungeon", "title": title, "svg": svg}


def legend(data: dict[str, Any]) -> list[dict[str, str]]:
    return [{"name": ln["name"], "colour": ln["colour"]} for ln in lines(data)]
