from django.apps import AppConfig


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = "Games"

    def ready(self):
        # The application layer flows one way: the write path (games.appends) appends and, after
        # each commit, calls its listeners; the timers (AI turns, deadlines) and seat control
        # (a seat handed back to the person who decided for it) listen from above.
        from games import appends, services, timers

        appends.listen_after_commit(timers.after_commit)
        appends.listen_player_back(services.player_back)
