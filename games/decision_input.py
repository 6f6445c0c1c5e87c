"""The one validation of a decision someone submits for a person: `expected_seq`,
`idempotency_key` and `decision`, whichever way it came in (the API's decisions endpoint, the
web page's decide form). Each way in only decodes its own format (JSON body, form fields)
into plain Python values and hands them here, so the same bad input gets the same 400
`invalid_input` everywhere, and nothing that Postgres cannot store or the engine never
offers gets further.

A decision is what the engine offers (docs/engine.md): a JSON object of strings, integers and
arrays of those. So a decision's numbers are integers (not `true`, not `5.0`), it holds no
`null`, booleans or fractions, and it is shallow.
"""
from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass

import orjson
from django.conf import settings

from games.errors import Forbidden, ServiceError

#: The largest integer anywhere in a request: a Postgres integer, far above any seq or card id.
MAX_INT = 2**31 - 1
MAX_KEY_LENGTH = 100
#: How deep objects and arrays may nest in a decision (the engine's go two deep).
MAX_DEPTH = 4
_COPY = "copy one of the decisions in your prompt as is"


class InvalidDecisionRequest(ServiceError):
    """A decision request that cannot be submitted as sent; `field` names the culprit."""

    status = 400
    code = "invalid_input"

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class DecisionRequest:
    expected_seq: int
    idempotency_key: str | None
    decision: dict

    def for_seat(self, seat: int) -> dict:
        """The decision to submit for `seat`: naming another seat is forbidden."""
        if "seat" in self.decision and self.decision["seat"] != seat:
            raise Forbidden(f"You sit at seat {seat}; you cannot decide for another seat.")
        return {**self.decision, "seat": seat}


def parse(data: Mapping) -> DecisionRequest:
    """Check a decoded request ({expected_seq, idempotency_key?, decision}); raise
    InvalidDecisionRequest for the first problem found."""
    if "expected_seq" not in data:
        raise InvalidDecisionRequest("expected_seq", "expected_seq: send the seq of the game view you decided on.")
    expected_seq = data["expected_seq"]
    if not _is_int(expected_seq) or not 0 <= expected_seq <= MAX_INT:
        raise InvalidDecisionRequest("expected_seq", "expected_seq: send the game's seq as a whole number "
                                                     "(the `seq` of the view you decided on).")
    key = data.get("idempotency_key")
    if key is not None:
        if not isinstance(key, str) or not 1 <= len(key) <= MAX_KEY_LENGTH:
            raise InvalidDecisionRequest("idempotency_key", f"idempotency_key: send a string of 1 to "
                                                            f"{MAX_KEY_LENGTH} characters, e.g. a UUID.")
        _check_text(key, "idempotency_key", "idempotency_key")
    if "decision" not in data:
        raise InvalidDecisionRequest("decision", f"decision: send the decision you chose; {_COPY}.")
    decision = data["decision"]
    if not isinstance(decision, dict):
        raise InvalidDecisionRequest("decision", f"decision: send a JSON object; {_COPY}.")
    _check_value(decision, "decision", 0)
    if not isinstance(decision.get("type"), str):
        raise InvalidDecisionRequest("decision", f"decision: it needs a string 'type'; {_COPY}.")
    size = len(orjson.dumps(decision))
    if size > settings.RDI_MAX_DECISION_BYTES:
        raise InvalidDecisionRequest("decision", f"decision: it is {size} bytes; decisions are at most "
                                                 f"{settings.RDI_MAX_DECISION_BYTES}.")
    return DecisionRequest(expected_seq=expected_seq, idempotency_key=key, decision=decision)


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_value(value, where: str, depth: int) -> None:
    if isinstance(value, (dict, list)):
        if depth >= MAX_DEPTH:
            raise InvalidDecisionRequest("decision", f"{where}: nested too deep; {_COPY}.")
        items = value.items() if isinstance(value, dict) else ((f"[{i}]", v) for i, v in enumerate(value))
        for name, item in items:
            if isinstance(value, dict):
                if not isinstance(name, str):
                    raise InvalidDecisionRequest("decision", f"{where}: names must be strings; {_COPY}.")
                _check_text(name, "decision", f"{where} (a name)")
                name = f".{name}"
            _check_value(item, f"{where}{name}", depth + 1)
    elif isinstance(value, str):
        _check_text(value, "decision", where)
    elif _is_int(value):
        if not -MAX_INT <= value <= MAX_INT:
            raise InvalidDecisionRequest("decision", f"{where}: {value} is out of range; {_COPY}.")
    else:
        shown = "true" if value is True else "false" if value is False else "null" if value is None else repr(value)
        raise InvalidDecisionRequest("decision", f"{where}: {shown[:40]} is not a string or a whole number; "
                                                 f"card ids and seats are integers like 5 (not 5.0 or true); "
                                                 f"{_COPY}.")


def _check_text(text: str, field: str, where: str) -> None:
    """Printable text only: Postgres cannot store NUL, nor UTF-8 encode a lone surrogate."""
    for char in text:
        if unicodedata.category(char) in ("Cc", "Cs"):
            raise InvalidDecisionRequest(field, f"{where}: control characters (such as NUL) and unpaired "
                                                f"surrogates are not allowed; send printable text.")
