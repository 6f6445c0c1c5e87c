from django.db import migrations, models


class Migration(migrations.Migration):
    """Games get the scheme of their hash chain. Every game before this one was chained plain
    (1); game_create writes the keyed scheme (2) from now on (games/chain.py)."""

    dependencies = [("games", "0005_uploaded_pack")]

    operations = [
        migrations.AddField(
            model_name="game",
            name="chain",
            field=models.PositiveSmallIntegerField(
                default=1, help_text="The hash chain's scheme (games.chain): 1 plain, 2 keyed by the seed; a "
                                     "projection of game_created's `chain`."),
        ),
    ]
