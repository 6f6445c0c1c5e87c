"""A body in a media type no parser takes is refused with 415 before any view runs, so every
operation with a body documents that answer (games/api/schema_answers.py)."""
import pytest

pytestmark = pytest.mark.django_db


def test_a_text_body_is_refused_with_415_and_every_body_operation_documents_it(make_user, api_for):
    client = api_for(make_user("plain"))
    r = client.post("/api/tables/", data="player_count=2", content_type="text/plain")
    assert r.status_code == 415 and r.json()["code"] == "unsupported_media_type"
    schema = client.get("/api/schema/?format=json").json()
    with_body = [(path, method) for path, ops in schema["paths"].items() for method, op in ops.items()
                 if isinstance(op, dict) and "requestBody" in op]
    assert with_body
    assert [(p, m) for p, m in with_body if "415" not in schema["paths"][p][m]["responses"]] == []
