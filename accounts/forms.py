"""The sign-up page's form: Django's, with the normalised uniqueness and the race handled."""
from django.contrib.auth.forms import UserCreationForm
from django.db import IntegrityError, transaction

from accounts.models import UsernameKey
from accounts.names import username_key

TAKEN = "A user with that username already exists (names that differ only in case count as one)."


class SignUpForm(UserCreationForm):
    def clean_username(self):
        username = self.cleaned_data.get("username")
        if username and UsernameKey.objects.filter(key=username_key(username)).exists():
            self.add_error("username", TAKEN)
        return username

    def save(self, commit=True):
        """The new user, or None when a look-alike name won a race (the form then has the error)."""
        try:
            with transaction.atomic():
                return super().save(commit=commit)
        except IntegrityError:
            self.add_error("username", TAKEN)
            return None
