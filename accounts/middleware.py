"""`Secure` on the session and CSRF cookies of every answer to an HTTPS request (behind a
proxy: SECURE_PROXY_SSL_HEADER, settings). Django's SESSION_COOKIE_SECURE would set it on
plain HTTP too, which breaks development on http://127.0.0.1."""
from django.conf import settings


class SecureCookiesOverHttps:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if request.is_secure():
            for name in (settings.SESSION_COOKIE_NAME, settings.CSRF_COOKIE_NAME):
                if name in response.cookies:
                    response.cookies[name]["secure"] = True
        return response
