"""Sign-up and log-in: session for the browser, token for API clients; errors are JSON."""
import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

PASSWORD = "correct horse battery"


def test_sign_up_log_in_and_use_the_token():
    client = APIClient()
    created = client.post("/api/accounts/signup/", {"username": "ana", "password": PASSWORD}, format="json")
    assert created.status_code == 201, created.json()
    token = created.json()["token"]
    logged = APIClient().post("/api/accounts/login/", {"username": "ana", "password": PASSWORD}, format="json")
    assert logged.status_code == 200 and logged.json()["token"] != token     # every log-in issues a new token
    token = logged.json()["token"]
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert api.get("/api/accounts/me/").json()["username"] == "ana"


def test_session_log_in_works_for_the_browser():
    client = APIClient(enforce_csrf_checks=True)
    client.post("/api/accounts/signup/", {"username": "bo", "password": PASSWORD}, format="json")
    browser = APIClient(enforce_csrf_checks=True)
    assert browser.post("/api/accounts/login/", {"username": "bo", "password": PASSWORD}, format="json").status_code == 200
    assert browser.get("/api/accounts/me/").json()["username"] == "bo"


def test_errors_are_json_with_a_code():
    client = APIClient()
    client.post("/api/accounts/signup/", {"username": "cy", "password": PASSWORD}, format="json")
    taken = client.post("/api/accounts/signup/", {"username": "CY", "password": PASSWORD}, format="json")
    assert taken.status_code == 409 and taken.json()["code"] == "username_taken"
    weak = APIClient().post("/api/accounts/signup/", {"username": "dee", "password": "123"}, format="json")
    assert weak.status_code == 400 and weak.json()["code"] == "weak_password"
    wrong = APIClient().post("/api/accounts/login/", {"username": "cy", "password": "nope"}, format="json")
    assert wrong.status_code == 401 and wrong.json()["code"] == "invalid_credentials"
    anonymous = APIClient().get("/api/accounts/me/")
    assert anonymous.status_code == 401 and anonymous.json()["code"] == "not_authenticated"
    missing = APIClient().post("/api/accounts/login/", {"username": 5}, format="json")
    assert missing.status_code == 400 and missing.json()["code"] == "invalid_input"
