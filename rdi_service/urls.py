"""Top-level URL routes. Apps add their own routes under /api/ and the page paths."""
from django.contrib import admin
from django.http import JsonResponse
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView


def healthz(request):
    """Liveness probe for docker-compose and bin/run."""
    return JsonResponse({"ok": True})


urlpatterns = [
    path("admin/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
    path("api/accounts/", include("accounts.urls")),
    path("", include("disputes.urls")),
    path("api/", include("games.api.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("", include("replay.urls")),
    path("", include("games.web.urls")),
]

handler404 = "games.api.errors.json_404"
handler500 = "games.api.errors.json_500"
