"""Database triggers that keep fleet history append-only and locked fleets unchanged.

Hand-written (keep it if the app's migrations are ever regenerated): the
services already refuse these writes, the triggers make sure no other path
(the admin, a shell, a bulk update) can. Both refuse with an integrity error:

* a stored version's history columns never change (``created_by`` may still
  become NULL when that user is deleted);
* no version is added to a locked fleet;
* a locked fleet's row never changes.

Deleting rows is left to the services and to the PROTECT foreign keys of the
apps that reference versions, so test databases can still be flushed.
"""

from django.db import migrations

HISTORY_COLUMNS = ("fleet_id", "number", "content", "code", "total", "legal", "created_at")

SQLITE_FORWARD = [
    f"""CREATE TRIGGER fleetversion_append_only BEFORE UPDATE ON fleets_fleetversion
    WHEN {" OR ".join(f"OLD.{c} IS NOT NEW.{c}" for c in HISTORY_COLUMNS)}
    BEGIN SELECT RAISE(ABORT, 'fleet versions are append-only'); END""",
    """CREATE TRIGGER fleetversion_locked_fleet BEFORE INSERT ON fleets_fleetversion
    WHEN (SELECT locked_at FROM fleets_fleet WHERE id = NEW.fleet_id) IS NOT NULL
    BEGIN SELECT RAISE(ABORT, 'the fleet is locked'); END""",
    """CREATE TRIGGER fleet_locked BEFORE UPDATE ON fleets_fleet
    WHEN OLD.locked_at IS NOT NULL
    BEGIN SELECT RAISE(ABORT, 'the fleet is locked'); END""",
]
SQLITE_BACKWARD = [
    "DROP TRIGGER IF EXISTS fleetversion_append_only",
    "DROP TRIGGER IF EXISTS fleetversion_locked_fleet",
    "DROP TRIGGER IF EXISTS fleet_locked",
]

POSTGRES_FORWARD = [
    """CREATE FUNCTION fleets_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION '%', TG_ARGV[0] USING ERRCODE = 'integrity_constraint_violation'; END $$""",
    """CREATE FUNCTION fleets_refuse_locked_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM fleets_fleet WHERE id = NEW.fleet_id AND locked_at IS NOT NULL) THEN
        RAISE EXCEPTION 'the fleet is locked' USING ERRCODE = 'integrity_constraint_violation';
      END IF;
      RETURN NEW;
    END $$""",
    f"""CREATE TRIGGER fleetversion_append_only BEFORE UPDATE ON fleets_fleetversion FOR EACH ROW
    WHEN ({" OR ".join(f"OLD.{c} IS DISTINCT FROM NEW.{c}" for c in HISTORY_COLUMNS)})
    EXECUTE FUNCTION fleets_refuse('fleet versions are append-only')""",
    """CREATE TRIGGER fleetversion_locked_fleet BEFORE INSERT ON fleets_fleetversion FOR EACH ROW
    EXECUTE FUNCTION fleets_refuse_locked_version()""",
    """CREATE TRIGGER fleet_locked BEFORE UPDATE ON fleets_fleet FOR EACH ROW
    WHEN (OLD.locked_at IS NOT NULL) EXECUTE FUNCTION fleets_refuse('the fleet is locked')""",
]
POSTGRES_BACKWARD = [
    "DROP TRIGGER IF EXISTS fleetversion_append_only ON fleets_fleetversion",
    "DROP TRIGGER IF EXISTS fleetversion_locked_fleet ON fleets_fleetversion",
    "DROP TRIGGER IF EXISTS fleet_locked ON fleets_fleet",
    "DROP FUNCTION IF EXISTS fleets_refuse_locked_version()",
    "DROP FUNCTION IF EXISTS fleets_refuse()",
]

STATEMENTS = {
    "sqlite": (SQLITE_FORWARD, SQLITE_BACKWARD),
    "postgresql": (POSTGRES_FORWARD, POSTGRES_BACKWARD),
}


def _run(direction: int):
    def run(apps, schema_editor):
        vendor = schema_editor.connection.vendor
        if vendor not in STATEMENTS:
            raise NotImplementedError(f"fleet lock triggers exist for SQLite and PostgreSQL only, not {vendor}")
        for statement in STATEMENTS[vendor][direction]:
            schema_editor.execute(statement, params=None)  # no placeholders: keep '%' literal

    return run


class Migration(migrations.Migration):
    dependencies = [("fleets", "0001_initial")]

    operations = [migrations.RunPython(_run(0), _run(1))]
