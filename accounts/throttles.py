"""Throttles of log-in and sign-up, per account and per address (DRF throttling).

The counts live in the default cache, which is Redis (settings.CACHES), so every web process
shares them; a per-process cache would give each gunicorn worker its own allowance. Rates are
`REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]` (RDI_THROTTLE_* in the environment, README). The
address is REMOTE_ADDR, or the client address the trusted proxies put in X-Forwarded-For
(`NUM_PROXIES`): an address a client writes itself is never believed.

The pages /login/ and /signup/ use the same throttles (`page_refusal`), so the form is no way
around them.
"""
from __future__ import annotations

import hashlib
import math

from django.shortcuts import render
from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle

from accounts.names import username_key


class _RateFromSettings(SimpleRateThrottle):
    def get_rate(self):
        # read on every request (DRF reads its rates once, at import): settings may change;
        # an empty rate turns the throttle off
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope) or None


class _PerAddress(_RateFromSettings):
    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class _PerAccount(_RateFromSettings):
    """Keyed by the normalised username asked for, so "ANA" and "ana" share one allowance."""

    def get_cache_key(self, request, view):
        data = request.data if hasattr(request, "data") else request.POST
        name = data.get("username") if hasattr(data, "get") else None
        if not isinstance(name, str) or not name:
            return None    # the serializer refuses it; nothing to count against an account
        return self.cache_format % {"scope": self.scope, "ident": hashlib.sha256(username_key(name).encode()).hexdigest()}


class LoginPerAddress(_PerAddress):
    scope = "login_address"


class LoginPerAccount(_PerAccount):
    scope = "login_account"


class SignupPerAddress(_PerAddress):
    scope = "signup_address"


class SignupPerAccount(_PerAccount):
    scope = "signup_account"


LOGIN = (LoginPerAddress, LoginPerAccount)
SIGNUP = (SignupPerAddress, SignupPerAccount)


def retry_message(wait: float | None) -> str:
    seconds = max(1, math.ceil(wait or 1))
    return (f"Too many attempts; try again in {seconds} second{'s' if seconds != 1 else ''}.")


def page_refusal(request, throttles, template: str, context: dict):
    """For a page's POST: None when every throttle allows it, else the 429 page (with
    Retry-After) saying when to try again."""
    waits = []
    for throttle_class in throttles:
        throttle = throttle_class()
        if not throttle.allow_request(request, None):
            waits.append(throttle.wait() or 1)
    if not waits:
        return None
    wait = max(waits)
    response = render(request, template, {**context, "throttled": retry_message(wait)}, status=429)
    response["Retry-After"] = str(max(1, math.ceil(wait)))
    return response


# --- Expensive reads (issue 37): anyone may read a game, but verification, export and the
# replay fold cost far more than a page, so each caller gets a budget: per address without an
# account, per account with one (a logged-in player never shares the anonymous budget of their
# address). Rates: RDI_THROTTLE_READS_* and RDI_THROTTLE_FRAMES_* (docs/api.md).

class _Anonymous(_RateFromSettings):
    def get_cache_key(self, request, view):
        if request.user is not None and request.user.is_authenticated:
            return None
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class _PerUser(_RateFromSettings):
    def get_cache_key(self, request, view):
        if request.user is None or not request.user.is_authenticated:
            return None
        return self.cache_format % {"scope": self.scope, "ident": request.user.pk}


class ReadsAnonymous(_Anonymous):
    scope = "reads_anon"


class ReadsPerUser(_PerUser):
    scope = "reads_user"


class FramesAnonymous(_Anonymous):
    scope = "frames_anon"


class FramesPerUser(_PerUser):
    scope = "frames_user"


#: verify, export, replay timeline
EXPENSIVE_READS = (ReadsAnonymous, ReadsPerUser)
#: one replay frame: a fold from the nearest snapshot, cached per process
REPLAY_FRAMES = (FramesAnonymous, FramesPerUser)
