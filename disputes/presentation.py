"""The staff evidence page made readable (presentation only; the evidence itself is
`disputes.evidence`): the before/after of what people argue about (stats, cards, the stack)
first, the changed fields grouped with the prompt's long decision lists collapsed, and every
decision shown as JSON."""
from __future__ import annotations

import json
from typing import Any

STATS = ("fortitude", "alcohol", "gold", "status")
#: Changed-field groups shown closed: long, and rarely what a dispute is about.
COLLAPSED = ("prompt.decisions", "drink_deck", "box", "shuffles")


def _titles(cards) -> str:
    return ", ".join(c.get("title", "?") for c in cards or []) or "—"


def _stack(view: dict | None) -> str:
    if not view:
        return "—"
    frames = []
    for fr in view.get("stack", []):
        card = fr.get("card")
        title = card.get("title") if isinstance(card, dict) else None
        frames.append(f"{fr.get('f')}" + (f": {title}" if title else "")
                      + (f" (seat {fr['seat']})" if isinstance(fr.get("seat"), int) else ""))
    return " → ".join(frames) or "empty"


def summary(before: dict | None, after: dict, names: list[str]) -> dict[str, Any]:
    """Per seat, before and after: the gauges, Gold, status, hand and Drink Me! pile; plus the
    Inn, the pot, the prompt and the stack. Rows with a change are marked."""
    seats = []
    for i, a in enumerate(after["seats"]):
        b = (before or {}).get("seats", [{}] * len(after["seats"]))[i] if before else {}
        rows = [{"what": k.title(), "before": b.get(k, "—"), "after": a.get(k), "changed": b.get(k) != a.get(k)}
                for k in STATS]
        for key, label in (("hand", "Hand"), ("drink_me", "Drink Me!")):
            old, new = _titles(b.get(key)), _titles(a.get(key))
            rows.append({"what": label, "before": old, "after": new, "changed": old != new})
        seats.append({"seat": i, "name": names[i] if i < len(names) else i, "rows": rows,
                      "changed": any(r["changed"] for r in rows)})
    table = []
    for key, label in (("inn", "Inn's Gold"), ("pot", "Pot"), ("phase", "Phase"), ("active", "Active seat")):
        old, new = (before or {}).get(key, "—"), after.get(key)
        table.append({"what": label, "before": old, "after": new, "changed": old != new})
    old, new = _prompt(before), _prompt(after)
    table.append({"what": "Prompt", "before": old, "after": new, "changed": old != new})
    old, new = _stack(before), _stack(after)
    table.append({"what": "Stack (bottom → top)", "before": old, "after": new, "changed": old != new})
    return {"seats": seats, "table": table}


def _prompt(view: dict | None) -> str:
    p = (view or {}).get("prompt")
    if not p:
        return "—"
    return f"seat {p.get('seat')} {p.get('kind')} ({len(p.get('decisions') or [])} decisions)"


def grouped_diff(rows: list[dict]) -> list[dict]:
    """The changed fields by what they belong to ("seats.1", "stack", "prompt.decisions", ...),
    each group with its rows; the long, rarely relevant ones start collapsed."""
    groups: dict[str, list] = {}
    for row in rows:
        parts = row["path"].split(".")
        key = ".".join(parts[:2]) if parts[0] in ("seats", "prompt") and len(parts) > 1 else parts[0]
        groups.setdefault(key, []).append(row)
    return [{"key": key, "rows": items, "open": not key.startswith(COLLAPSED) and len(items) <= 40}
            for key, items in groups.items()]


def offered_json(offered: list[dict]) -> list[dict]:
    """Each asked seat's decisions as JSON, the taken one first and marked."""
    out = []
    for p in offered:
        decisions = [{**d, "json": json.dumps(d["decision"], sort_keys=True)} for d in p["decisions"]]
        decisions.sort(key=lambda d: not d["taken"])
        out.append({**p, "decisions": decisions, "taken": next((d for d in decisions if d["taken"]), None)})
    return out
