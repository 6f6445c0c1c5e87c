"""Where a page may send the browser after a form: only a path on this site."""
from __future__ import annotations

from django.utils.http import url_has_allowed_host_and_scheme


def same_site_path(url: str | None) -> str | None:
    """`url` when it is a path on this site ("/games/4/"), else None: no other host, no
    scheme, none of the "//host" or "/\\host" forms browsers read as another site."""
    if url and url.startswith("/") and url_has_allowed_host_and_scheme(url, allowed_hosts=None):
        return url
    return None
