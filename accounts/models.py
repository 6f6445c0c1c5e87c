"""The normalised key of every username, unique in the database.

Django's `auth_user.username` is unique only byte for byte, so "race" and "RACE" (or the
full-width "ｒａｃｅ") were two accounts. A unique functional index on `auth_user` cannot say
the same thing: Postgres has no casefold (its lower() keeps "ß" and final sigma, and depends
on the database's ctype), and a normalisation computed in SQL could drift from the one log-in
uses. So the key is computed once, in Python (`accounts.names.username_key`), stored here
under a unique constraint, and log-in looks users up by it.

`skeleton` does the same for names that only look alike (TR39 skeletons of the key, e.g. a
Cyrillic "а" for a Latin "a"): unique, so two racing sign-ups of look-alikes give one account.
It is NULL only for an account that already collided with an older one when the column was
added (accounts/migrations/0002): that account keeps its name, the older one keeps the skeleton.
"""
from django.conf import settings
from django.db import models


class UsernameKey(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True,
                                related_name="username_key")
    key = models.TextField(unique=True, help_text="username_key(username): NFKC, casefold, NFKC.")
    skeleton = models.TextField(unique=True, null=True,
                                help_text="username_skeleton(username): the TR39 skeleton of the key.")

    def __str__(self):
        return self.key
