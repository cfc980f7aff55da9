from django.db import migrations, models


class Migration(migrations.Migration):
    """Events keep their game's own settings as JSON; the games move theirs in (see each game's migrations)."""

    dependencies = [("tournaments", "0015_match_bye_reason")]

    operations = [
        migrations.AddField(
            model_name="event",
            name="game_settings",
            field=models.JSONField(
                blank=True,
                default=dict,
                help_text="The game's own settings, as its settings form cleaned them (tournaments.games.settings).",
            ),
        ),
    ]
