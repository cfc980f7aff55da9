"""CSV import of the catalogs organizers keep: all rows or none.

Every row of the file is checked before anything is written, and every bad row
is reported with its line number and why, so an organizer fixes the whole file
in one go; then all rows are written in one transaction. A row whose name (for
Spearpoint, name and side) is already in the catalog updates that card, so a
corrected file can be imported again. An optional column left out of the file
leaves that field of existing cards as it is.

The same function serves the organizers' page and the shell::

    from fleets.decks.csv_import import import_catalog_csv
    import_catalog_csv(game="wing-commander", data=open("cards.csv", "rb").read())

Columns (header names, any order, any case):

- wing-commander: name, side, type, mustering_cost, medal_cost [, notes] --
  side, type and costs may be left empty where no source states them;
- starship-command: name, race, class, value, shields, structure, crippled
  [, weapons, fighter_capacity] -- weapons separated by ``;``, e.g. ``phaser-1; torpedo``;
- spearpoint: name, side, type, cost [, crew] -- crew empty means none.

Choices (sides, types, races, crews) are read without regard to case, and
spaces may stand for hyphens (``Battle Damage``).
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass

from django import forms
from django.db import IntegrityError, models, transaction

from fleets.models.deck import (
    DECK_GAMES,
    SPEARPOINT,
    STARSHIP_COMMAND,
    WING_COMMANDER,
    SpearpointUnit,
    StarshipCommandShip,
    WingCommanderCard,
)
from rules import starship_command

MAX_CSV_BYTES = 1_000_000
MAX_CSV_ROWS = 5_000


@dataclass(frozen=True, slots=True)
class RowError:
    line: int  # the file's line number, the header being line 1
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


class CatalogImportError(Exception):
    """The file was refused and nothing was written; ``errors`` lists every problem found."""

    def __init__(self, errors: list[RowError]) -> None:
        super().__init__("; ".join(str(error) for error in errors))
        self.errors = errors


@dataclass(frozen=True, slots=True)
class CatalogImportResult:
    created: int
    updated: int


class CatalogRowForm(forms.ModelForm):
    """One CSV row. Uniqueness is settled by the import itself (it looks every key up at once)."""

    def validate_unique(self):
        pass


class WingCommanderRowForm(CatalogRowForm):
    class Meta:
        model = WingCommanderCard
        fields = ["name", "side", "card_type", "mustering_cost", "medal_cost", "notes"]


class StarshipCommandRowForm(CatalogRowForm):
    weapons = forms.CharField(required=False)

    class Meta:
        model = StarshipCommandShip
        fields = [
            "name",
            "race",
            "ship_class",
            "value",
            "shields",
            "structure",
            "crippled",
            "weapons",
            "fighter_capacity",
        ]

    def clean_weapons(self) -> list[str]:
        weapons = [w.strip().lower().replace(" ", "-") for w in re.split(r"[;,|]", self.cleaned_data["weapons"])]
        weapons = [weapon for weapon in weapons if weapon]
        unknown = sorted(set(weapons) - set(starship_command.WEAPONS))
        if unknown:
            raise forms.ValidationError(
                f"unknown weapon {unknown[0]!r} (expected some of {', '.join(starship_command.WEAPONS)})"
            )
        return weapons

    def clean(self):
        """The ship must be one the rules accept (at least 1 Structure point, and so on)."""
        cleaned = super().clean()
        if not self.errors:
            ship = self.instance
            given = set(self._meta.fields)
            values = {field: cleaned[field] if field in given else getattr(ship, field) for field in self.Meta.fields}
            try:
                starship_command.ShipCard(**{**values, "weapons": tuple(values["weapons"])})
            except ValueError as error:
                raise forms.ValidationError(str(error).split(": ", 1)[-1]) from None
        return cleaned


class SpearpointRowForm(CatalogRowForm):
    class Meta:
        model = SpearpointUnit
        fields = ["name", "side", "unit_type", "cost", "crew"]


@dataclass(frozen=True, slots=True)
class CatalogSpec:
    """How one game's CSV maps to its catalog: columns to fields, which are required, and the row key."""

    form: type[CatalogRowForm]
    columns: dict[str, str]  # CSV header -> model field
    optional: frozenset[str]
    key: tuple[str, ...]
    defaults: dict[str, str]  # what an empty optional cell means

    @property
    def model(self) -> type[models.Model]:
        return self.form._meta.model

    def key_of(self, values: dict[str, str]) -> tuple[str, ...]:
        return tuple(values.get(field, "") for field in self.key)


SPECS = {
    WING_COMMANDER: CatalogSpec(
        form=WingCommanderRowForm,
        columns={
            "name": "name",
            "side": "side",
            "type": "card_type",
            "mustering_cost": "mustering_cost",
            "medal_cost": "medal_cost",
            "notes": "notes",
        },
        optional=frozenset({"notes"}),
        key=("name",),
        defaults={},
    ),
    STARSHIP_COMMAND: CatalogSpec(
        form=StarshipCommandRowForm,
        columns={
            "name": "name",
            "race": "race",
            "class": "ship_class",
            "value": "value",
            "shields": "shields",
            "structure": "structure",
            "crippled": "crippled",
            "weapons": "weapons",
            "fighter_capacity": "fighter_capacity",
        },
        optional=frozenset({"weapons", "fighter_capacity"}),
        key=("name",),
        defaults={"fighter_capacity": "0"},
    ),
    SPEARPOINT: CatalogSpec(
        form=SpearpointRowForm,
        columns={"name": "name", "side": "side", "type": "unit_type", "cost": "cost", "crew": "crew"},
        optional=frozenset({"crew"}),
        key=("name", "side"),
        defaults={"crew": "none"},
    ),
}
CHOICE_FIELDS = frozenset({"side", "card_type", "race", "unit_type", "crew"})


def import_catalog_csv(*, game: str, data: bytes | str) -> CatalogImportResult:
    """Check every row of the CSV ``data`` for ``game``'s catalog, then write them all or raise
    :class:`CatalogImportError` listing every bad row and write nothing."""
    if game not in DECK_GAMES:
        raise CatalogImportError([RowError(0, f"unknown game {game!r}; expected one of {', '.join(DECK_GAMES)}")])
    spec = SPECS[game]
    fields, rows = _read_rows(spec, data)
    form_class = forms.modelform_factory(spec.model, form=spec.form, fields=fields)
    existing = _existing(spec, [values for _line, values in rows])
    forms_by_line, errors, seen = [], [], {}
    for line, values in rows:
        key = spec.key_of(values)
        if key in seen:
            errors.append(RowError(line, f"the same {', '.join(spec.key)} as line {seen[key]}"))
            continue
        seen[key] = line
        form = form_class(data=values, instance=existing.get(key))
        if form.is_valid():
            forms_by_line.append((line, form))
        else:
            errors.append(RowError(line, _form_errors(spec, form)))
    if errors:
        raise CatalogImportError(errors)
    return _write(forms_by_line)


def _read_rows(spec: CatalogSpec, data: bytes | str) -> tuple[list[str], list[tuple[int, dict[str, str]]]]:
    """The file's fields, and (line number, field -> normalised cell) for each non-empty row.

    Problems with the file as a whole (encoding, header, size) raise at once.
    """
    if len(data) > MAX_CSV_BYTES:
        raise CatalogImportError([RowError(0, f"the file is larger than {MAX_CSV_BYTES} bytes")])
    try:
        text = data.decode("utf-8-sig") if isinstance(data, bytes) else data
    except UnicodeDecodeError:
        raise CatalogImportError([RowError(0, "the file is not UTF-8 text")]) from None
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = next(reader, None)
        if header is None:
            raise CatalogImportError([RowError(1, "the file is empty; it starts with a header row")])
        fields = _header_fields(spec, header)
        rows, start = [], reader.line_num + 1
        for cells in reader:
            line, start = start, reader.line_num + 1
            if not any(cell.strip() for cell in cells):
                continue
            if len(rows) >= MAX_CSV_ROWS:
                raise CatalogImportError([RowError(line, f"more than {MAX_CSV_ROWS} rows; split the file")])
            if len(cells) > len(fields):
                raise CatalogImportError([RowError(line, f"{len(cells)} cells, but the header has {len(fields)}")])
            rows.append((line, _normalised(spec, dict(zip(fields, cells, strict=False)), fields)))
    except csv.Error as error:
        raise CatalogImportError([RowError(reader.line_num, f"not a readable CSV file: {error}")]) from None
    return fields, rows


def _header_fields(spec: CatalogSpec, header: list[str]) -> list[str]:
    names = [cell.strip().lower() for cell in header]
    unknown = [name for name in names if name not in spec.columns]
    missing = [column for column in spec.columns if column not in names and column not in spec.optional]
    repeated = sorted({name for name in names if names.count(name) > 1})
    problems = []
    if unknown:
        problems.append(f"unknown column {unknown[0]!r}")
    if missing:
        problems.append(f"missing column {missing[0]!r}")
    if repeated:
        problems.append(f"column {repeated[0]!r} appears twice")
    if problems:
        expected = ", ".join(f"[{c}]" if c in spec.optional else c for c in spec.columns)
        raise CatalogImportError([RowError(1, f"{'; '.join(problems)} (the columns are: {expected})")])
    return [spec.columns[name] for name in names]


def _normalised(spec: CatalogSpec, values: dict[str, str], fields: list[str]) -> dict[str, str]:
    """Cells trimmed, choices lower-cased with hyphens, empty optional cells given their meaning."""
    cleaned = {}
    for field in fields:
        value = values.get(field, "").strip()
        if field in CHOICE_FIELDS:
            value = re.sub(r"\s+", "-", value.lower())
        cleaned[field] = value or spec.defaults.get(field, "")
    return cleaned


def _existing(spec: CatalogSpec, rows: list[dict[str, str]]) -> dict[tuple[str, ...], models.Model]:
    names = {values.get("name", "") for values in rows}
    return {
        tuple(getattr(card, field) for field in spec.key): card for card in spec.model.objects.filter(name__in=names)
    }


def _form_errors(spec: CatalogSpec, form: forms.ModelForm) -> str:
    column = {field: header for header, field in spec.columns.items()}
    return "; ".join(
        (message if field == "__all__" else f"{column.get(field, field)}: {message}")
        for field, messages in form.errors.items()
        for message in messages
    )


@transaction.atomic
def _write(forms_by_line: list[tuple[int, forms.ModelForm]]) -> CatalogImportResult:
    created = sum(1 for _line, form in forms_by_line if form.instance.pk is None)
    for line, form in forms_by_line:
        try:
            with transaction.atomic():
                form.save()
        except IntegrityError:  # another import added the same card a moment ago
            raise CatalogImportError(
                [RowError(line, "this card was added by someone else meanwhile; import again")]
            ) from None
    return CatalogImportResult(created=created, updated=len(forms_by_line) - created)
