"""The admin answers 403 to a logged-in user who is not staff (Django's own admin would send
them to its log-in page instead), so "not allowed" is unambiguous. Anonymous visitors still
get the admin's log-in page."""
from django.http import HttpResponseForbidden


class StaffOnlyAdmin:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if (request.path.startswith("/admin/") and user is not None and user.is_authenticated
                and not user.is_staff and not request.path.startswith("/admin/logout/")):
            return HttpResponseForbidden("Only staff can use the admin.")
        return self.get_response(request)
