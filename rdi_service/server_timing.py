"""An opt-in `Server-Timing` response header (RDI_SERVER_TIMING, default off): the time the
request spent in this process, from the outermost middleware in to the response out, as
`app;dur=<ms>`. A client that measures the whole request splits it into the network (and the
HTTP server's queueing) and the server's own work; `bin/bench-hosts` does that for a human
decision. Off by default: the header tells anyone how long each request took here."""
from __future__ import annotations

import time

from django.conf import settings


class ServerTiming:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not settings.RDI_SERVER_TIMING:
            return self.get_response(request)
        started = time.perf_counter()
        response = self.get_response(request)
        response["Server-Timing"] = f"app;dur={(time.perf_counter() - started) * 1000:.3f}"
        return response
