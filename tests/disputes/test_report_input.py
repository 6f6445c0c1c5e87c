"""The report API takes a non-empty string of bounded length as its text, and the schema
documents what log-in, sign-up and disputes answer."""
import pytest

from disputes.models import Dispute

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("text", [0, 1.5, True, None, [], {}, ["words"], "", "   ", "x" * 4001])
def test_a_report_text_must_be_a_non_empty_string(api, people, live_game, text):
    answer = api(people.ana).post(f"/api/games/{live_game.pk}/disputes/", {"seq": 3, "category": "rules", "text": text},
                                  format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "invalid_input", (text, answer.json())
    assert answer.json()["message"].startswith("text")
    assert not Dispute.objects.exists()


def test_a_huge_seq_is_invalid_input(api, people, live_game):
    answer = api(people.ana).post(f"/api/games/{live_game.pk}/disputes/", {"seq": 10**12, "category": "rules",
                                                                          "text": "words"}, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "invalid_input"


@pytest.fixture
def schema(client):
    return client.get("/api/schema/?format=json").json()


def test_the_events_schema_lets_a_redacted_event_be_null(schema):
    event = schema["components"]["schemas"]["Event"]["properties"]
    assert event["actor"].get("nullable") is True and event["seat"].get("nullable") is True


@pytest.mark.parametrize("path, method, codes", [
    ("/api/accounts/login/", "post", {"200", "400", "401", "415", "429"}),
    ("/api/accounts/signup/", "post", {"201", "400", "409", "415", "429"}),
    ("/api/games/{game_id}/disputes/", "post", {"201", "400", "401", "403", "404"}),
])
def test_the_schema_documents_the_errors(schema, path, method, codes):
    responses = schema["paths"][path][method]["responses"]
    assert codes <= set(responses), set(responses)
    for code in codes - {"200", "201"}:
        assert responses[code]["content"]["application/json"]["schema"]["$ref"].endswith("/Error")


def test_the_fork_body_is_typed(schema):
    ref = schema["paths"]["/api/games/{game_id}/fork/"]["post"]["requestBody"]["content"]["application/json"]
    name = ref["schema"]["$ref"].rsplit("/", 1)[-1]
    props = schema["components"]["schemas"][name]
    assert props["properties"]["at"]["type"] == "integer" and props["required"] == ["at"]
    assert props["properties"]["seat"]["type"] == "integer"
