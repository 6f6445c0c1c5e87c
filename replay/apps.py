from django.apps import AppConfig


class ReplayConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "replay"
    verbose_name = "Replay"
