"""Every `next` and `back` a page redirects to is a path on this site; anything else goes to
the page's own default."""
import pytest
from django.test import Client

from accounts.redirects import same_site_path
from tests.replay.conftest import make_user as make_named_user, play, start_game

pytestmark = pytest.mark.django_db

ELSEWHERE = ["https://elsewhere.example/", "//elsewhere.example/", "/\\elsewhere.example/", "\\\\elsewhere.example",
             "http:/elsewhere.example", "javascript:alert(1)", " https://elsewhere.example/", "/\t/elsewhere.example"]


@pytest.mark.parametrize("url", ELSEWHERE)
def test_only_a_path_on_this_site_is_kept(url):
    assert same_site_path(url) is None


def test_a_path_is_kept():
    assert same_site_path("/games/4/replay/?at=3") == "/games/4/replay/?at=3"


@pytest.mark.parametrize("url", ELSEWHERE)
def test_sign_up_never_sends_the_browser_elsewhere(url):
    answer = Client().post("/signup/?" + f"next={url}".replace("&", "%26"),
                           {"username": "newcomer", "password1": "a long passphrase 9",
                            "password2": "a long passphrase 9"})
    assert answer.status_code == 302 and answer["Location"] == "/", answer["Location"]


@pytest.mark.parametrize("url", ELSEWHERE)
def test_log_in_never_sends_the_browser_elsewhere(make_user, url):
    make_user("returning")
    answer = Client().post("/login/", {"username": "returning", "password": "a long enough password 1"},
                           QUERY_STRING=f"next={url}")
    assert answer.status_code == 302 and answer["Location"] == "/", answer["Location"]


def test_log_in_and_sign_up_follow_a_path_on_this_site(make_user):
    make_user("returning")
    answer = Client().post("/login/?next=/disputes/", {"username": "returning",
                                                       "password": "a long enough password 1"})
    assert answer["Location"] == "/disputes/"
    answer = Client().post("/signup/?next=/disputes/", {"username": "newcomer", "password1": "a long passphrase 9",
                                                        "password2": "a long passphrase 9"})
    assert answer["Location"] == "/disputes/"


def test_the_report_form_goes_back_only_to_a_path_on_this_site(django_user_model):
    players = make_named_user(django_user_model, "ana"), make_named_user(django_user_model, "bob")
    game = play(start_game(*players), steps=3)
    client = Client()
    client.force_login(players[0])
    for back, where in [("https://elsewhere.example/", "/disputes/"), ("//elsewhere.example/", "/disputes/"),
                        (f"/games/{game.pk}/", f"/games/{game.pk}/")]:
        answer = client.post(f"/games/{game.pk}/report/", {"seq": 9999, "category": "rules", "text": "x",
                                                           "back": back})
        assert answer.status_code == 302 and answer["Location"] == where, (back, answer["Location"])
