"""API tokens end at log-out, expire, and are new at every log-in; log-in and sign-up are
throttled per account and per address (429, Retry-After, a sentence saying when); session
and CSRF cookies are Secure over HTTPS, behind a proxy too."""
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

PASSWORD = "correct horse battery"


def _sign_up(name, **extra):
    answer = APIClient(**extra).post("/api/accounts/signup/", {"username": name, "password": PASSWORD}, format="json")
    assert answer.status_code == 201, answer.content
    return answer.json()["token"]


def _log_in(name, password=PASSWORD, **extra):
    return APIClient(**extra).post("/api/accounts/login/", {"username": name, "password": password}, format="json")


def _with_token(token):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def test_log_out_revokes_the_token():
    token = _sign_up("ana")
    api = _with_token(token)
    assert api.get("/api/accounts/me/").status_code == 200
    assert api.post("/api/accounts/logout/").status_code == 204
    answer = _with_token(token).get("/api/accounts/me/")
    assert answer.status_code == 401 and answer.json()["code"] == "authentication_failed"


def test_logging_out_of_the_page_revokes_the_token_too():
    token = _sign_up("bea")
    page = Client()
    page.post("/login/", {"username": "bea", "password": PASSWORD})
    page.post("/logout/")
    assert _with_token(token).get("/api/accounts/me/").status_code == 401


def test_a_new_log_in_rotates_the_token():
    first = _sign_up("cy")
    second = _log_in("cy").json()["token"]
    assert second != first
    assert _with_token(first).get("/api/accounts/me/").status_code == 401
    assert _with_token(second).get("/api/accounts/me/").json()["username"] == "cy"


def test_a_token_expires(settings):
    token = _sign_up("dee")
    Token.objects.filter(key=token).update(created=timezone.now() - timedelta(seconds=settings.RDI_TOKEN_MAX_AGE + 1))
    answer = _with_token(token).get("/api/accounts/me/")
    assert answer.status_code == 401 and answer.json()["code"] == "token_expired"
    assert "log in again" in answer.json()["message"] and "WWW-Authenticate" in answer
    assert not Token.objects.filter(key=token).exists()
    fresh = _log_in("dee").json()["token"]
    assert _with_token(fresh).get("/api/accounts/me/").status_code == 200


def test_me_over_the_session_gives_a_new_token_for_an_expired_one(settings):
    token = _sign_up("eli")
    page = Client()
    page.post("/login/", {"username": "eli", "password": PASSWORD})
    Token.objects.filter(key=token).update(created=timezone.now() - timedelta(seconds=settings.RDI_TOKEN_MAX_AGE + 1))
    fresh = page.get("/api/accounts/me/").json()["token"]
    assert fresh != token and _with_token(fresh).get("/api/accounts/me/").status_code == 200


def _assert_throttled(answer):
    assert answer.status_code == 429, answer.content
    body = answer.json()
    assert body["code"] == "throttled" and body["message"].startswith("Too many attempts; try again in ")
    assert int(answer["Retry-After"]) >= 1
    assert f"in {answer['Retry-After']} second" in body["message"]


def test_log_in_is_throttled_per_account_even_with_the_right_password(settings):
    _sign_up("fay")
    limit = int(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["login_account"].split("/")[0])
    for attempt in range(limit):
        # from many addresses: the account's own allowance runs out
        assert _log_in("fay", "wrong password", REMOTE_ADDR=f"10.1.0.{attempt}").status_code == 401
    _assert_throttled(_log_in("FAY", REMOTE_ADDR="10.2.0.1"))


def test_log_in_is_throttled_per_address_and_x_forwarded_for_does_not_help(settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "login_address": "5/min"}}
    for attempt in range(5):
        answer = _log_in(f"nobody{attempt}", REMOTE_ADDR="10.3.0.1", HTTP_X_FORWARDED_FOR=f"10.9.9.{attempt}")
        assert answer.status_code == 401
    _assert_throttled(_log_in("nobody9", REMOTE_ADDR="10.3.0.1", HTTP_X_FORWARDED_FOR="10.9.9.99"))
    assert _log_in("nobody9", REMOTE_ADDR="10.3.0.2").status_code == 401      # another address is not throttled


def test_sign_up_is_throttled_per_address(settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "signup_address": "3/hour"}}
    for n in range(3):
        _sign_up(f"gus{n}", REMOTE_ADDR="10.4.0.1")
    answer = APIClient(REMOTE_ADDR="10.4.0.1").post("/api/accounts/signup/", {"username": "gus9", "password": PASSWORD},
                                                    format="json")
    _assert_throttled(answer)


def test_the_log_in_page_is_throttled_without_checking_the_password(settings):
    _sign_up("hal")
    limit = int(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["login_account"].split("/")[0])
    for attempt in range(limit):
        page = Client(REMOTE_ADDR=f"10.5.0.{attempt}")
        assert page.post("/login/", {"username": "hal", "password": "wrong password"}).status_code == 200
    page = Client(REMOTE_ADDR="10.5.1.1")
    answer = page.post("/login/", {"username": "hal", "password": PASSWORD})
    assert answer.status_code == 429 and int(answer["Retry-After"]) >= 1
    assert b"Too many attempts; try again in" in answer.content and "sessionid" not in answer.cookies


def test_cookies_are_secure_over_https_only(settings):
    _sign_up("ida")
    plain = Client().post("/api/accounts/login/", {"username": "ida", "password": PASSWORD},
                          content_type="application/json")
    assert plain.cookies["sessionid"]["secure"] == ""
    https = Client().post("/api/accounts/login/", {"username": "ida", "password": PASSWORD},
                          content_type="application/json", secure=True)
    assert https.cookies["sessionid"]["secure"] is True
    form = Client().get("/login/", secure=True)
    assert form.cookies["csrftoken"]["secure"] is True


def test_cookies_are_secure_behind_a_proxy_that_says_https(settings):
    _sign_up("jo")
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    answer = Client().post("/api/accounts/login/", {"username": "jo", "password": PASSWORD},
                           content_type="application/json", HTTP_X_FORWARDED_PROTO="https")
    assert answer.cookies["sessionid"]["secure"] is True
    assert Client().get("/login/", HTTP_X_FORWARDED_PROTO="https").cookies["csrftoken"]["secure"] is True
