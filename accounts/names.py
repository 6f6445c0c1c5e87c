"""The one normalisation of usernames: two names that look alike are one name."""
from __future__ import annotations

import unicodedata


def username_key(name: str) -> str:
    """NFKC, casefold, NFKC again (Unicode's NFKC_Casefold, near enough): "ＲＡＣＥ", "Race" and
    "race" share one key, so do "Straße" and "STRASSE". Unique in the database (UsernameKey)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
