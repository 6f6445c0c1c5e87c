"""Typed errors of the event store and its services.

Each error carries its HTTP status and a stable machine `code`; its message is a sentence a
person can act on. The API turns them into `{"code": ..., "message": ...}` (see
`games.api.errors`); services, tasks and commands raise and catch them directly.
"""


class ServiceError(Exception):
    """Base class: a request the service refuses, with a status, a code and a message."""

    status = 400
    code = "bad_request"

    def __init__(self, message: str, *, code: str | None = None, status: int | None = None):
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        if status is not None:
            self.status = status


class NotFound(ServiceError):
    """The game, table or seat does not exist (or is not visible to the caller)."""

    status = 404
    code = "not_found"


class Forbidden(ServiceError):
    """The caller may not do this: another seat's decision, someone else's table."""

    status = 403
    code = "forbidden"


class Conflict(ServiceError):
    """The game moved on: `expected_seq` is stale, the table already started, the seat is taken."""

    status = 409
    code = "conflict"


class Illegal(ServiceError):
    """The engine refused the decision; `code` is the engine's own (`not_your_turn`, ...)."""

    status = 400
    code = "illegal_decision"


class IntegrityFailure(ServiceError):
    """The stored events do not fold to their recorded state hashes: the store is damaged."""

    status = 500
    code = "integrity_failure"
