"""Keep each account's UsernameKey in step with its username, whoever saves the user (sign-up,
the admin, createsuperuser, tests). A name equal to another up to case, or confusable with it makes the save raise IntegrityError, so
callers that create users do it inside a transaction (accounts.services.account_create)."""
from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_logged_out
from django.db.models.signals import post_save
from django.dispatch import receiver

from accounts.models import UsernameKey
from accounts.names import username_key, username_skeleton


@receiver(post_save, sender=get_user_model(), dispatch_uid="accounts-username-key")
def _username_key(sender, instance, raw=False, update_fields=None, **kwargs):
    # every log-in saves last_login alone: only a save that may change the name writes the key
    if raw or (update_fields is not None and instance.USERNAME_FIELD not in update_fields):
        return
    key = username_key(instance.get_username())
    # an unchanged name keeps its row as it is: an account that migration 0002 left without a
    # skeleton (it looked like an older one) must stay savable
    if UsernameKey.objects.filter(user_id=instance.pk, key=key).exists():
        return
    UsernameKey.objects.update_or_create(user_id=instance.pk, defaults={
        "key": key, "skeleton": username_skeleton(instance.get_username())})


@receiver(user_logged_out, dispatch_uid="accounts-revoke-token")
def _revoke_token(sender, request, user, **kwargs):
    """Log-out (the API's or the page's) ends the API token with the session."""
    if user is not None and user.pk is not None:
        from accounts.tokens import token_revoke

        token_revoke(user)
