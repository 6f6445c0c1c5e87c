from django.apps import AppConfig


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = "Games"

    def ready(self):
        # The application layer flows one way: the services append and, after each commit,
        # call their listeners; the timers (AI turns, deadlines) listen from above.
        from games import services, timers

        services.listen_after_commit(timers.after_commit)
