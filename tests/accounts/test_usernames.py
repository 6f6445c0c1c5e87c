"""Usernames are unique after normalisation (NFKC, then casefold) in the database itself:
concurrent sign-ups of one name in any case give one account and 409s, never a 500."""
import threading

import pytest
from django.contrib.auth import get_user_model
from django.db import IntegrityError, connection, transaction
from django.test import Client
from rest_framework.test import APIClient

from accounts.names import username_key
from accounts.services import username_refusal

PASSWORD = "correct horse battery"


def test_the_key_folds_case_and_compatibility_forms():
    assert username_key("RACE") == username_key("race") == username_key("ｒａｃｅ") == "race"
    assert username_key("Straße") == username_key("STRASSE")
    assert username_key("ana") != username_key("anna")


@pytest.mark.django_db(transaction=True)
def test_ten_concurrent_sign_ups_of_one_name_give_one_account_and_409s(settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "signup_account": "100/min"}}
    names = ["raceName", "RACENAME", "racename", "RaceName", "rACEnAME", "ｒａｃｅｎａｍｅ", "RaceNamE", "raceNAME",
             "RACEname", "racenamE"]
    barrier = threading.Barrier(len(names))
    answers = []

    def sign_up(index, name):
        try:
            client = APIClient(REMOTE_ADDR=f"10.0.0.{index + 1}")
            barrier.wait(timeout=30)
            answer = client.post("/api/accounts/signup/", {"username": name, "password": PASSWORD}, format="json")
            answers.append((answer.status_code, answer.json().get("code")))
        finally:
            connection.close()      # each thread had its own connection

    threads = [threading.Thread(target=sign_up, args=(i, n)) for i, n in enumerate(names)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(answers) == sorted([(201, None)] + [(409, "username_taken")] * 9), answers
    assert get_user_model().objects.filter(username__iexact="racename").count() == 1


@pytest.mark.django_db
def test_a_refusal_is_worded_from_one_snapshot(django_assert_num_queries):
    # asked as two queries (key, then skeleton), a racing sign-up that commits between them made
    # "RACENAME" read as merely confusable with "racename" (CI saw it in the race above)
    get_user_model().objects.create_user(username="racename", password=PASSWORD)
    with django_assert_num_queries(1):
        assert username_refusal("RACENAME").code == "username_taken"
    with django_assert_num_queries(1):
        assert username_refusal("racenarne").code == "username_confusable"
    with django_assert_num_queries(1):
        assert username_refusal("otherName") is None


@pytest.mark.django_db
def test_the_database_refuses_a_look_alike_name_whoever_creates_it():
    User = get_user_model()
    User.objects.create_user(username="Zoe", password=PASSWORD)
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create_user(username="ＺＯＥ", password=PASSWORD)


@pytest.mark.django_db
def test_log_in_finds_the_account_by_its_normalised_name():
    APIClient().post("/api/accounts/signup/", {"username": "Mira", "password": PASSWORD}, format="json")
    for typed in ("mira", "MIRA", "ｍｉｒａ"):
        answer = APIClient().post("/api/accounts/login/", {"username": typed, "password": PASSWORD}, format="json")
        assert answer.status_code == 200 and answer.json()["username"] == "Mira", typed
    page = Client()
    assert page.post("/login/", {"username": "MIRA", "password": PASSWORD}).status_code == 302
    assert page.get("/api/accounts/me/").json()["username"] == "Mira"


@pytest.mark.django_db
def test_the_sign_up_page_refuses_a_look_alike_name_and_logs_the_new_account_in():
    page = Client()
    answer = page.post("/signup/", {"username": "Theo", "password1": "a long passphrase 9",
                                    "password2": "a long passphrase 9"})
    assert answer.status_code == 302
    assert page.get("/api/accounts/me/").json()["username"] == "Theo"
    again = Client().post("/signup/", {"username": "ＴＨＥＯ", "password1": "a long passphrase 9",
                                        "password2": "a long passphrase 9"})
    assert again.status_code == 200 and b"already exists" in again.content
