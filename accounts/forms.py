"""The sign-up page's form: Django's, with the normalised uniqueness and the race handled."""
from django.contrib.auth.forms import UserCreationForm
from django.db import IntegrityError, transaction

from accounts.services import username_refusal

TAKEN = "A user with that username already exists (names that differ only in case count as one)."


class SignUpForm(UserCreationForm):
    def clean_username(self):
        username = self.cleaned_data.get("username")
        refusal = username_refusal(username) if username else None
        if refusal:
            self.add_error("username", TAKEN if refusal.code == "username_taken" else refusal.message)
        return username

    def save(self, commit=True):
        """The new user, or None when a look-alike name won a race (the form then has the error)."""
        try:
            with transaction.atomic():
                return super().save(commit=commit)
        except IntegrityError:
            refusal = username_refusal(self.cleaned_data["username"])
            self.add_error("username", TAKEN if refusal is None or refusal.code == "username_taken"
                           else refusal.message)
            return None
