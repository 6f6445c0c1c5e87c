"""A cross-site form cannot open a session: the API's log-in and sign-up take JSON only (a
form can only send urlencoded, multipart or text/plain bodies, and a cross-site JSON request
needs a CORS preflight this site never grants). The site's own pages post to /login/ and
/signup/ with Django's CSRF token."""
import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

PASSWORD = "correct horse battery"


@pytest.fixture
def attacker(make_user):
    return make_user("mallory")


@pytest.mark.parametrize("path", ["/api/accounts/login/", "/api/accounts/signup/"])
@pytest.mark.parametrize("content_type", ["application/x-www-form-urlencoded", "multipart/form-data",
                                          "text/plain"])
def test_a_cross_site_form_opens_no_session(attacker, path, content_type):
    victim = Client(enforce_csrf_checks=True)
    fields = {"username": "mallory" if "login" in path else "newcomer", "password": "a long enough password 1"}
    if content_type == "multipart/form-data":
        answer = victim.post(path, fields)
    elif content_type == "text/plain":
        answer = victim.post(path, '{"username": "%(username)s", "password": "%(password)s"}' % fields,
                             content_type=content_type)
    else:
        answer = victim.post(path, "&".join(f"{k}={v.replace(' ', '+')}" for k, v in fields.items()),
                             content_type=content_type)
    assert answer.status_code == 415 and answer.json()["code"] == "unsupported_media_type", answer.content
    assert "sessionid" not in answer.cookies
    assert victim.get("/api/accounts/me/").status_code in (401, 403)


def test_the_log_in_page_needs_its_csrf_token(attacker):
    victim = Client(enforce_csrf_checks=True)
    answer = victim.post("/login/", {"username": "mallory", "password": "a long enough password 1"})
    assert answer.status_code == 403 and "sessionid" not in answer.cookies
    page = Client(enforce_csrf_checks=True)
    page.get("/login/")
    token = page.cookies["csrftoken"].value
    answer = page.post("/login/", {"username": "mallory", "password": "a long enough password 1",
                                   "csrfmiddlewaretoken": token})
    assert answer.status_code == 302 and page.get("/api/accounts/me/").json()["username"] == "mallory"


def test_json_log_in_still_works():
    Client().post("/api/accounts/signup/", {"username": "ivy", "password": PASSWORD}, content_type="application/json")
    answer = Client(enforce_csrf_checks=True).post("/api/accounts/login/", {"username": "ivy", "password": PASSWORD},
                                                   content_type="application/json")
    assert answer.status_code == 200
