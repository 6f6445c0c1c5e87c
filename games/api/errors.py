"""Every API error is JSON `{"code": "...", "message": "..."}` with the right status.

`exception_handler` is DRF's EXCEPTION_HANDLER; `json_404`/`json_500` answer for paths under
/api/ that never reached a view. Validation errors add `fields` with DRF's details.
"""
from __future__ import annotations

import logging

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig, SuspiciousOperation
from django.http import Http404, JsonResponse
from django.views import defaults
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from accounts.throttles import retry_message
from accounts.tokens import TokenExpired
from games.errors import ServiceError

log = logging.getLogger(__name__)

_DRF_CODES = {
    TokenExpired: ("token_expired", None),
    exceptions.NotAuthenticated: ("not_authenticated", "Log in (session) or send 'Authorization: Token <key>'."),
    exceptions.AuthenticationFailed: ("authentication_failed", "The credentials were not accepted; log in again."),
    exceptions.PermissionDenied: ("forbidden", "You are not allowed to do this."),
    exceptions.MethodNotAllowed: ("method_not_allowed", None),
    exceptions.NotAcceptable: ("not_acceptable", "Ask for application/json."),
    exceptions.UnsupportedMediaType: ("unsupported_media_type", "Send the body as application/json."),
    exceptions.ParseError: ("malformed_json", "The body is not valid JSON; send a JSON object."),
    exceptions.Throttled: ("throttled", None),
    exceptions.NotFound: ("not_found", "There is nothing at this address."),
}


def error(code: str, message: str, status_code: int, **extra) -> Response:
    return Response({"code": code, "message": message, **extra}, status=status_code)


def _first_validation_message(detail, prefix: str = "") -> str:
    if isinstance(detail, dict):
        for key, value in detail.items():
            name = key if key != "non_field_errors" else ""
            return _first_validation_message(value, f"{prefix}.{name}" if prefix and name else (name or prefix))
    if isinstance(detail, list) and detail:
        return _first_validation_message(detail[0], prefix)
    text = str(detail)
    return f"{prefix}: {text}" if prefix else text


def exception_handler(exc, context):
    if isinstance(exc, ServiceError):
        return error(exc.code, exc.message, exc.status)
    if isinstance(exc, RequestDataTooBig):
        return error("payload_too_large", "The request body is too large; send a smaller JSON object.", 413)
    if isinstance(exc, (RecursionError, SuspiciousOperation)):
        return error("malformed_request", "The request could not be read; send a plain, shallow JSON object.", 400)
    if isinstance(exc, Http404):
        return error("not_found", "There is nothing at this address.", 404)
    if isinstance(exc, DjangoPermissionDenied):
        return error("forbidden", "You are not allowed to do this.", 403)
    if isinstance(exc, exceptions.ValidationError):
        detail = exc.detail
        return error("invalid_input", _first_validation_message(detail) or "The input is invalid.", 400,
                     fields=detail if isinstance(detail, dict) else {"non_field_errors": detail})
    if isinstance(exc, exceptions.APIException):
        response = drf_exception_handler(exc, context)  # keeps WWW-Authenticate, Allow, Retry-After
        for cls, (code, message) in _DRF_CODES.items():
            if isinstance(exc, cls):
                break
        else:
            code, message = exc.default_code, None
        if isinstance(exc, exceptions.Throttled):
            message = retry_message(exc.wait)
        response.data = {"code": code, "message": message or str(exc.detail)}
        return response
    log.exception("unexpected error in %s", context.get("view").__class__.__name__ if context else "?")
    return error("server_error", "Something went wrong on our side; try again, and report it if it persists.",
                 status.HTTP_500_INTERNAL_SERVER_ERROR)


def json_404(request, exception=None):
    if request.path.startswith("/api/"):
        return JsonResponse({"code": "not_found", "message": "There is nothing at this address."}, status=404)
    return defaults.page_not_found(request, exception)


def json_500(request):
    if request.path.startswith("/api/"):
        return JsonResponse({"code": "server_error", "message": "Something went wrong on our side; try again, "
                                                                "and report it if it persists."}, status=500)
    return defaults.server_error(request)
