"""Test helper: which card instances a JSON value (a view, a frame, a response) shows."""


def shown_card_ids(obj) -> set[int]:
    """Every card instance id anywhere in `obj` (cards are dicts with an id and a key)."""
    found = set()
    if isinstance(obj, dict):
        if isinstance(obj.get("id"), int) and "key" in obj:
            found.add(obj["id"])
        for v in obj.values():
            found |= shown_card_ids(v)
    elif isinstance(obj, list):
        for v in obj:
            found |= shown_card_ids(v)
    return found
