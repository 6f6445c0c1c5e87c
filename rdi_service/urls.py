"""Top-level URL routes. Apps add their own routes under /api/ and the page paths."""
from django.contrib import admin
from django.contrib.staticfiles import finders
from django.http import FileResponse, HttpResponsePermanentRedirect, JsonResponse
from django.urls import include, path, re_path, resolve
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from games.api.errors import json_404


@csrf_exempt        # nothing here is written: a POST to nowhere is a 404, not a CSRF 403
def api_not_found(request):
    """An /api/ address no route knows: the JSON 404 of docs/api.md, with DEBUG on too (where
    handler404 is not used). A known address missing its slash still gets the redirect."""
    if request.method in ("GET", "HEAD") and not request.path.endswith("/") \
            and resolve(request.path + "/").func is not api_not_found:
        return HttpResponsePermanentRedirect(request.get_full_path(force_append_slash=True))
    return json_404(request)


def favicon(request):
    """/favicon.ico itself: browsers, feeds and tools ask for it whatever a page links."""
    response = FileResponse(open(finders.find("rdi/favicon.ico"), "rb"), content_type="image/x-icon")
    response["Cache-Control"] = "public, max-age=86400"
    return response


def healthz(request):
    """Liveness probe for docker-compose and bin/run."""
    return JsonResponse({"ok": True})


urlpatterns = [
    path("admin/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
    path("favicon.ico", favicon, name="favicon"),
    path("api/accounts/", include("accounts.urls")),
    path("", include("disputes.urls")),
    path("api/", include("games.api.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema", template_name="api/swagger_ui.html"), name="api-docs"),
    path("", include("replay.urls")),
    path("", include("games.web.urls")),
    re_path(r"^api/", api_not_found),     # last: only what nothing above knows
]

handler404 = "games.api.errors.json_404"
handler500 = "games.api.errors.json_500"
