"""OpenAPI links (a drf-spectacular post-processing hook): what one answer's ids open next, so
that clients and the stateful fuzzing run (tests/api/test_api_schemathesis.py) can follow a
table from its creation to its seats, its start, its game and the game's decisions."""

TABLE_ID = {"table_id": "$response.body#/id"}
GAME_ID = {"game_id": "$response.body#/id"}

#: (source operation, status) -> {link name: (target operation, parameters)}
LINKS = {
    ("tables_create", "201"): {
        "Table": ("tables_retrieve", TABLE_ID),
        "TakeSeat": ("tables_seats_create", TABLE_ID),
        "Start": ("tables_start_create", TABLE_ID),
    },
    ("tables_seats_create", "201"): {
        "Start": ("tables_start_create", TABLE_ID),
        "TakeAnotherSeat": ("tables_seats_create", TABLE_ID),
    },
    ("tables_start_create", "201"): {
        "Game": ("games_retrieve", GAME_ID),
        "Decide": ("games_decisions_create", GAME_ID),
        "Events": ("games_events_retrieve", GAME_ID),
        "Replay": ("games_replay_retrieve", GAME_ID),
        "Timeline": ("games_replay_timeline_retrieve", GAME_ID),
        "Export": ("games_export_retrieve", GAME_ID),
        "Verify": ("games_verify_retrieve", GAME_ID),
        "AutoPass": ("games_autopass_create", GAME_ID),
        "Control": ("games_control_create", GAME_ID),
        "Fork": ("games_fork_create", GAME_ID),
    },
}
LINKS[("games_decisions_create", "201")] = {"Game": ("games_retrieve", {"game_id": "$request.path.game_id"}),
                                            "DecideAgain": ("games_decisions_create",
                                                            {"game_id": "$request.path.game_id"})}
LINKS[("games_fork_create", "201")] = {"Game": ("games_retrieve", {"game_id": "$response.body#/game"}),
                                       "Table": ("tables_retrieve", {"table_id": "$response.body#/table"})}


def add_links(result, generator, request, public):
    operations = {op.get("operationId"): op for path in result.get("paths", {}).values()
                  for op in path.values() if isinstance(op, dict)}
    for (source, status), links in LINKS.items():
        response = operations.get(source, {}).get("responses", {}).get(status)
        if response is None:
            continue
        response["links"] = {name: {"operationId": target, "parameters": params}
                             for name, (target, params) in links.items() if target in operations}
    return result
