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
