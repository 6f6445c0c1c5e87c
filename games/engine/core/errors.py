"""The one error the engine raises at its callers."""


class IllegalDecision(ValueError):
    """A decision that is not among the ones `prompts()` offers right now.

    `code` is stable and meant for machines (API error codes, tests);
    `message` is a sentence a person can act on.
    """

    def __init__(self, code: str, message: str):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class SetupError(IllegalDecision):
    """A table setup refused (games/engine/core/table_setup.py). `code` stays `bad_setup`, the
    engine's one code for a setup it won't play; `reason` says what is wrong in a stable code
    the service answers with (`invalid_option`, `otto_player_count`, ...) and `field` where
    (`options.starting_gold`), so every caller refuses it with the same code and sentence."""

    def __init__(self, reason: str, message: str, field: str = ""):
        super().__init__("bad_setup", message)
        self.reason = reason
        self.field = field
