"""Answers every operation with a body can give (a drf-spectacular post-processing hook): DRF
refuses a body in a media type no parser takes (e.g. text/plain) with 415 before any view
runs, so each such operation documents it, instead of every view repeating it."""

UNSUPPORTED = {
    "description": "`unsupported_media_type`: send the body as application/json",
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
}


def add_unsupported_media_type(result, generator, request, public):
    for path in result.get("paths", {}).values():
        for op in path.values():
            if isinstance(op, dict) and "requestBody" in op:
                op.setdefault("responses", {}).setdefault("415", UNSUPPORTED)
    return result
