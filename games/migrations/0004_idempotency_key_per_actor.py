"""Idempotency keys become unique per (game, actor) instead of per game: a player could take
the key a bot or the timer would use next (freezing the game) and probe other actors' keys
to learn who made a hidden decision. The new index is built before the old one goes, and
every (game, key) unique pair is also (game, actor, key) unique, so existing logs qualify."""
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0003_seat_bot_and_timers'),
    ]

    operations = [
        migrations.AddConstraint(
            model_name='gameevent',
            constraint=models.UniqueConstraint(condition=models.Q(('idempotency_key__isnull', False)),
                                               fields=('game', 'actor', 'idempotency_key'),
                                               name='event_unique_actor_idempotency_key'),
        ),
        migrations.RemoveConstraint(
            model_name='gameevent',
            name='event_unique_idempotency_key',
        ),
        migrations.AlterField(
            model_name='gameevent',
            name='idempotency_key',
            field=models.CharField(blank=True, help_text="Optional; unique per (game, actor): one actor can never take or probe another's key.", max_length=100, null=True),
        ),
    ]
