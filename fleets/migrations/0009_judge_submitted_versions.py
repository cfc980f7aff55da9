"""Keep a price for every version already submitted to an event, priced once under the current cards.

Versions submitted before prices were kept have no record of what they were judged at; the
cards the site holds now are the best witness left, and from now on that price stands.
A version whose content today's cards cannot read keeps no price (it is priced live).
"""

from django.db import migrations


def judge_submitted_versions(apps, schema_editor):
    from fleets.selectors import catalog_edition, content_fleet, load_catalog
    from rules.attack_wing import FleetInputError, report_to_dict, validate_fleet

    Registration = apps.get_model("tournaments", "Registration")
    JudgedPrice = apps.get_model("fleets", "JudgedPrice")
    submitted = (
        Registration.objects.exclude(fleet_version=None)
        .filter(fleet_version__judged_price=None)
        .select_related("fleet_version", "event")
        .order_by("fleet_submitted_at", "pk")
    )
    if not submitted.exists():
        return
    catalog, edition, judged = load_catalog(), catalog_edition(), set()
    for registration in submitted:
        version = registration.fleet_version
        if version.pk in judged:
            continue
        try:
            report = validate_fleet(content_fleet(version.content, catalog), catalog, registration.event.format)
        except (FleetInputError, KeyError):
            continue
        JudgedPrice.objects.create(version=version, report=report_to_dict(report), edition=edition)
        judged.add(version.pk)


class Migration(migrations.Migration):
    dependencies = [
        ("fleets", "0008_version_judged_price"),
        ("tournaments", "0001_initial"),  # submissions (Registration.fleet_version) exist from the first
    ]

    operations = [migrations.RunPython(judge_submitted_versions, migrations.RunPython.noop)]
