"""The coin catalog of the test-only game."""

from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = []

    operations = [
        migrations.CreateModel(
            name="Coin",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("name", models.CharField(max_length=40)),
                ("side", models.CharField(choices=[("heads", "Heads"), ("tails", "Tails")], max_length=10)),
            ],
            options={
                "ordering": ["name"],
            },
        ),
    ]
