"""Campaigns move to the Starship Command app: the tables are renamed, the rows stay.

The state forgets the models here and ``starship_command.0001_initial`` declares them
again over the renamed tables, so no row is copied and nothing is lost.
"""

from django.db import migrations

MOVED = {
    "campaign": "starship_command_campaign",
    "campaignplayer": "starship_command_campaignplayer",
    "campaignentry": "starship_command_campaignentry",
}


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0004_campaigns"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[migrations.AlterModelTable(name=name, table=table) for name, table in MOVED.items()],
            state_operations=[
                migrations.DeleteModel(name="CampaignEntry"),
                migrations.DeleteModel(name="CampaignPlayer"),
                migrations.DeleteModel(name="Campaign"),
            ],
        ),
    ]
