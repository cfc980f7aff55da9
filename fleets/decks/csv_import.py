"""CSV import of the catalogs organizers keep: all rows or none.

Every row of the file is checked before anything is written, and every bad row
is reported with its line number and why, so an organizer fixes the whole file
in one go; then all rows are written in one transaction. A row whose name (for
Spearpoint, name and side) is already in the catalog updates that card, so a
corrected file can be imported again. An optional column left out of the file
leaves that field of existing cards as it is.

The same function serves the organizers' page and the shell::

    from fleets.decks.csv_import import import_catalog_csv
    import_catalog_csv(game=key, data=open("cards.csv", "rb").read())

Each game's columns are its :class:`CatalogSpec` (``games/<game>/catalog.py``),
registered as the game's ``catalog``. Choices (sides, types, races, crews) are read
without regard to case, and spaces may stand for hyphens (``Battle Damage``).
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass

from django import forms
from django.db import IntegrityError, models, transaction
from django.utils.translation import gettext as _

from accounts import csv_safe
from accounts.csv_safe import FORMULA_STARTS
from accounts.text_fields import CleanTextFormMixin
from game_registry import catalog_games, get_game, is_game
from rules.inputs.text_input import text_problem

MAX_CSV_BYTES = 1_000_000
MAX_CSV_ROWS = 5_000
# What a spreadsheet reads as the start of a formula; such a cell is refused on import and quoted on export.


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


@dataclass(frozen=True, slots=True)
class CatalogChange:
    """What importing one row would do: add a card, or change these fields of an existing one (none: unchanged)."""

    line: int
    name: str
    created: bool
    changed: tuple[str, ...] = ()

    @property
    def action(self) -> str:
        return "add" if self.created else ("update" if self.changed else "unchanged")


class CatalogRowForm(CleanTextFormMixin, forms.ModelForm):
    """One CSV row. Uniqueness is settled by the import itself (it looks every key up at once)."""

    def validate_unique(self):
        pass


@dataclass(frozen=True, slots=True)
class CatalogSpec:
    """How one game's CSV maps to its catalog: columns to fields, which are required, and the row key."""

    form: type[CatalogRowForm]
    columns: dict[str, str]  # CSV header -> model field
    optional: frozenset[str]
    key: tuple[str, ...]
    defaults: dict[str, str]  # what an empty optional cell means
    choice_fields: frozenset[str] = frozenset()  # fields read as choice keys ("Battle Damage" -> "battle-damage")

    @property
    def model(self) -> type[models.Model]:
        return self.form._meta.model

    def key_of(self, values: dict[str, str]) -> tuple[str, ...]:
        return tuple(values.get(field, "") for field in self.key)


def import_catalog_csv(*, game: str, data: bytes | str) -> CatalogImportResult:
    """Check every row of the CSV ``data`` for ``game``'s catalog, then write them all or raise
    :class:`CatalogImportError` listing every bad row and write nothing."""
    return _write(_checked_forms(game, data))


def preview_catalog_csv(*, game: str, data: bytes | str) -> list[CatalogChange]:
    """What :func:`import_catalog_csv` would do with ``data``, row by row, writing nothing (bad rows raise
    :class:`CatalogImportError` as the import does)."""
    spec = catalog_spec(game)
    changes = []
    for line, form in _checked_forms(game, data):
        column = {field: header for header, field in spec.columns.items()}
        changed = tuple(column.get(field, field) for field in form.changed_data) if form.instance.pk else ()
        changes.append(CatalogChange(line, form.cleaned_data.get("name", ""), form.instance.pk is None, changed))
    return changes


def catalog_spec(game: str) -> CatalogSpec:
    if not is_game(game) or get_game(game).catalog is None:
        known = ", ".join(known.key for known in catalog_games())
        raise CatalogImportError(
            [RowError(0, _("unknown game %(game)s; expected one of %(known)s") % {"game": repr(game), "known": known})]
        )
    return get_game(game).catalog


def export_catalog_csv(*, game: str, cards) -> str:
    """``cards`` of ``game``'s catalog as the CSV the import reads (choices as their keys, weapons with ``;``)."""
    spec = catalog_spec(game)
    out = io.StringIO()
    writer = csv_safe.writer(out, lineterminator="\r\n")
    writer.writerow(list(spec.columns))
    for card in cards:
        values = (getattr(card, field) for field in spec.columns.values())
        writer.writerow(["" if v is None else "; ".join(v) if isinstance(v, list) else v for v in values])
    return out.getvalue()


def template_csv(*, game: str) -> str:
    """The header row of ``game``'s catalog CSV, ready to fill in."""
    return ",".join(catalog_spec(game).columns) + "\r\n"


def _checked_forms(game: str, data: bytes | str) -> list[tuple[int, forms.ModelForm]]:
    spec = catalog_spec(game)
    fields, rows = _read_rows(spec, data)
    form_class = forms.modelform_factory(spec.model, form=spec.form, fields=fields)
    existing = _existing(spec, [values for _line, values in rows])
    forms_by_line, errors, seen = [], [], {}
    for line, values in rows:
        key = spec.key_of(values)
        if key in seen:
            errors.append(
                RowError(line, _("the same %(key)s as line %(line)s") % {"key": ", ".join(spec.key), "line": seen[key]})
            )
            continue
        seen[key] = line
        problem = _cell_problem(spec, values)
        if problem:
            errors.append(RowError(line, problem))
            continue
        form = form_class(data=values, instance=existing.get(key))
        if form.is_valid():
            forms_by_line.append((line, form))
        else:
            errors.append(RowError(line, _form_errors(spec, form)))
    if errors:
        raise CatalogImportError(errors)
    return forms_by_line


def _cell_problem(spec: CatalogSpec, values: dict[str, str]) -> str | None:
    """A cell no catalog takes: control characters, or text a spreadsheet would read as a formula
    (a negative number is left to the field, which says it cannot be negative)."""
    column = {field: header for header, field in spec.columns.items()}
    for field, value in values.items():
        problem = text_problem(value, multiline=field == "notes")
        if problem:
            return f"{column.get(field, field)}: {problem}"
        if value.startswith(FORMULA_STARTS) and not re.fullmatch(r"-\d+", value):
            return _("%(column)s: %(start)s starts a spreadsheet formula; remove it") % {
                "column": column.get(field, field),
                "start": repr(value[:1]),
            }
    return None


def _read_rows(spec: CatalogSpec, data: bytes | str) -> tuple[list[str], list[tuple[int, dict[str, str]]]]:
    """The file's fields, and (line number, field -> normalised cell) for each non-empty row.

    Problems with the file as a whole (encoding, header, size) raise at once.
    """
    if len(data) > MAX_CSV_BYTES:
        raise CatalogImportError([RowError(0, _("the file is larger than %(size)s bytes") % {"size": MAX_CSV_BYTES})])
    try:
        text = data.decode("utf-8-sig") if isinstance(data, bytes) else data
    except UnicodeDecodeError:
        raise CatalogImportError([RowError(0, _("the file is not UTF-8 text"))]) from None
    # strict: a stray or unterminated quote is an error, not a cell that swallows the rest of the file.
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    start = 1  # the line where the row being read began
    try:
        header = next(reader, None)
        if header is None:
            raise CatalogImportError([RowError(1, _("the file is empty; it starts with a header row"))])
        fields = _header_fields(spec, header)
        rows, uneven, start = [], [], reader.line_num + 1
        for cells in reader:
            line, start = start, reader.line_num + 1
            if not any(cell.strip() for cell in cells):
                continue
            if len(rows) >= MAX_CSV_ROWS:
                raise CatalogImportError(
                    [RowError(line, _("more than %(max)s rows; split the file") % {"max": MAX_CSV_ROWS})]
                )
            if len(cells) != len(fields):  # a short row would blank the cells it lacks
                uneven.append(
                    RowError(
                        line,
                        _("%(cells)s cells, but the header has %(fields)s")
                        % {"cells": len(cells), "fields": len(fields)},
                    )
                )
                continue
            rows.append((line, _normalised(spec, dict(zip(fields, cells, strict=True)), fields)))
    except csv.Error as error:
        raise CatalogImportError(
            [RowError(start, _("not a readable CSV file: %(error)s") % {"error": error})]
        ) from None
    if uneven:
        raise CatalogImportError(uneven)
    return fields, rows


def _header_fields(spec: CatalogSpec, header: list[str]) -> list[str]:
    names = [cell.strip().lower() for cell in header]
    unknown = [name for name in names if name not in spec.columns]
    missing = [column for column in spec.columns if column not in names and column not in spec.optional]
    repeated = sorted({name for name in names if names.count(name) > 1})
    problems = []
    if unknown:
        problems.append(_("unknown column %(column)s") % {"column": repr(unknown[0])})
    if missing:
        problems.append(_("missing column %(column)s") % {"column": repr(missing[0])})
    if repeated:
        problems.append(_("column %(column)s appears twice") % {"column": repr(repeated[0])})
    if problems:
        expected = ", ".join(f"[{c}]" if c in spec.optional else c for c in spec.columns)
        raise CatalogImportError(
            [
                RowError(
                    1,
                    _("%(problems)s (the columns are: %(expected)s)")
                    % {"problems": "; ".join(problems), "expected": expected},
                )
            ]
        )
    return [spec.columns[name] for name in names]


def _normalised(spec: CatalogSpec, values: dict[str, str], fields: list[str]) -> dict[str, str]:
    """Cells trimmed, choices lower-cased with hyphens, empty optional cells given their meaning."""
    cleaned = {}
    for field in fields:
        value = values.get(field, "").strip()
        if field in spec.choice_fields:
            value = re.sub(r"\s+", "-", value.lower())
        cleaned[field] = value or spec.defaults.get(field, "")
    return cleaned


def _existing(spec: CatalogSpec, rows: list[dict[str, str]]) -> dict[tuple[str, ...], models.Model]:
    # A name the row check will refuse (a NUL, say) is never looked up: PostgreSQL cannot even compare it.
    names = {name for values in rows if text_problem(name := values.get("name", "")) is None}
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
                [RowError(line, _("this card was added by someone else meanwhile; import again"))]
            ) from None
    return CatalogImportResult(created=created, updated=len(forms_by_line) - created)
