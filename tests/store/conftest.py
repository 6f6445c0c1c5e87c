"""Fixtures of the event store and API tests: accounts with tokens, API clients, and a game
row with a hand-written event log for tests that must not depend on the engine."""
import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games import store


@pytest.fixture(autouse=True)
def _fresh_state_cache():
    store.cache.clear()
    yield
    store.cache.clear()


@pytest.fixture
def make_user(django_user_model):
    def make(username):
        return django_user_model.objects.create_user(username=username, password="a long enough password 1")
    return make


@pytest.fixture
def api_for():
    """An APIClient authenticated with the user's token."""
    def make(user=None):
        client = APIClient()
        if user is not None:
            token, _ = Token.objects.get_or_create(user=user)
            client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
        return client
    return make
