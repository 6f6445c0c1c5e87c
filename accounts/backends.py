"""Log-in by the normalised username: "MIRA", "mira" and "ｍｉｒａ" are the account "Mira"."""
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend

from accounts.names import username_key


class NormalisedUsernameBackend(ModelBackend):
    def authenticate(self, request, username=None, password=None, **kwargs):
        User = get_user_model()
        if username is None:
            username = kwargs.get(User.USERNAME_FIELD)
        if username is None or password is None:
            return None
        user = User._default_manager.filter(username_key__key=username_key(str(username))).first()
        if user is None:
            User().set_password(password)   # as slow as a wrong password: no hint that the name is free
            return None
        if user.check_password(password) and self.user_can_authenticate(user):
            return user
        return None
