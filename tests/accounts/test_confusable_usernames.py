"""Names that only look alike are one name (Unicode TR39 skeletons, accounts/names.py), refused
with 409 `username_confusable` by the API and the sign-up page, and by the database itself, so
racing sign-ups of look-alikes give one account (issue 37 item 10)."""
import threading

import pytest
from django.contrib.auth import get_user_model
from django.db import IntegrityError, connection, transaction
from django.test import Client
from rest_framework.test import APIClient

from accounts.models import UsernameKey

PASSWORD = "correct horse battery"
CYRILLIC_A = "\u0430"


def sign_up(name, address="10.1.0.1"):
    return APIClient(REMOTE_ADDR=address).post("/api/accounts/signup/", {"username": name, "password": PASSWORD},
                                               format="json")


@pytest.mark.django_db
@pytest.mark.parametrize("existing, look_alike", [
    ("staffadv", f"st{CYRILLIC_A}ffadv"),          # Cyrillic а
    ("Paul", "\u0420\u0430ul"),                     # Cyrillic Р and а
    ("open", "\u03bfpen"),                          # Greek omicron
    ("nicole", "nic\u03bfle"),                      # Greek omicron, inside
    ("Kappa", "\u039a" + "appa"),                   # Greek capital kappa
    ("xena", "\u0445ena"),                          # Cyrillic х
    ("scott", "\u0455cott"),                        # Cyrillic ѕ (dze)
    ("modern", "rnodern"),                          # r + n read as m
    ("STAFFADV", f"st{CYRILLIC_A}ffadv"),           # case and alphabet at once
])
def test_the_api_refuses_a_name_that_looks_like_an_existing_one(existing, look_alike):
    assert sign_up(existing).status_code == 201
    answer = sign_up(look_alike, "10.1.0.2")
    assert answer.status_code == 409, answer.content
    body = answer.json()
    assert body["code"] == "username_confusable"
    assert "looks like an existing account" in body["detail" if "detail" in body else "message"] or \
        "looks like an existing account" in str(body)
    assert get_user_model().objects.filter(username=look_alike).count() == 0


@pytest.mark.django_db
def test_mixed_script_names_that_look_like_nobody_stay_allowed():
    assert sign_up("staffadv").status_code == 201
    for name in ("Ив\u0430н", "\u03b1\u03bb\u03b5\u03be", "Jürgen", "staffadv2", "Ζεύς-zeus"):
        assert sign_up(name, "10.1.0.3").status_code == 201, name


@pytest.mark.django_db
def test_the_database_refuses_a_look_alike_whoever_creates_it():
    User = get_user_model()
    User.objects.create_user(username="staffadv", password=PASSWORD)
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create_user(username=f"st{CYRILLIC_A}ffadv", password=PASSWORD)


@pytest.mark.django_db
def test_the_sign_up_page_refuses_a_look_alike_with_a_sentence():
    assert sign_up("staffadv").status_code == 201
    form = {"username": f"st{CYRILLIC_A}ffadv", "password1": "a long passphrase 9", "password2": "a long passphrase 9"}
    answer = Client().post("/signup/", form)
    assert answer.status_code == 200
    assert "looks like an existing account" in answer.content.decode()
    assert get_user_model().objects.filter(username=form["username"]).count() == 0


@pytest.mark.django_db(transaction=True)
def test_racing_sign_ups_of_look_alikes_give_one_account_and_409s(settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "signup_account": "100/min"}}
    a, e, o, p = "\u0430", "\u0435", "\u043e", "\u0440"     # Cyrillic а е о р
    names = ["raceopener", f"r{a}ceopener", f"rac{e}opener", f"race{o}pener", f"raceo{p}ener", f"r{a}c{e}{o}{p}ener",
             "race\u03bfpener", "RACEOPENER"]
    barrier = threading.Barrier(len(names))
    answers = []

    def attempt(index, name):
        try:
            client = APIClient(REMOTE_ADDR=f"10.2.0.{index + 1}")
            barrier.wait(timeout=30)
            answer = client.post("/api/accounts/signup/", {"username": name, "password": PASSWORD}, format="json")
            answers.append((answer.status_code, answer.json().get("code")))
        finally:
            connection.close()

    threads = [threading.Thread(target=attempt, args=(i, n)) for i, n in enumerate(names)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    # the exact-case twin is `username_taken` unless it won; the rest look alike
    assert sorted(a[0] for a in answers) == [201] + [409] * (len(names) - 1), answers
    assert {code for status, code in answers if status == 409} <= {"username_confusable", "username_taken"}
    assert get_user_model().objects.filter(username__in=names).count() == 1


@pytest.mark.django_db
def test_an_account_left_without_a_skeleton_by_the_migration_can_still_be_saved():
    """Migration 0002 gives no skeleton to an account that already looked like an older one;
    saving it (a password change, the admin) must not fail on the unique skeleton."""
    User = get_user_model()
    older = User.objects.create_user(username="staffadv", password=PASSWORD)
    UsernameKey.objects.filter(user=older).update(skeleton=None)
    newer = User.objects.create_user(username=f"st{CYRILLIC_A}ffadv", password=PASSWORD)
    skeleton = UsernameKey.objects.get(user=newer).skeleton
    UsernameKey.objects.filter(user=newer).update(skeleton=None)
    UsernameKey.objects.filter(user=older).update(skeleton=skeleton)
    newer.set_password("another long passphrase")
    newer.save()
    assert UsernameKey.objects.get(user=newer).skeleton is None
