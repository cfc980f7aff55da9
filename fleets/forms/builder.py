"""Forms of the fleet pages.

The builder's forms each describe one change to a fleet: bound to the fleet
being edited (the engine's record) and the catalog, a valid form's ``apply``
returns the changed fleet. The view hands the result to
:func:`fleets.drafts.fleet_edit_draft`, so every change, whichever form made it,
is stored in the draft and checked the same way. Every builder form carries
``base``, the fleet's revision the page showed, so a change made in a stale
window is refused instead of applied to a list its author has not seen.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from django import forms
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from accounts.number_fields import WholeNumberField
from accounts.text_fields import CleanTextFormMixin
from rules.attack_wing import Catalog, FleetShip
from rules.attack_wing import Fleet as EngineFleet
from rules.attack_wing.catalog import ADMIRAL, CAPTAIN, OTHER, RESOURCE, SHIP, UPGRADE, UPGRADE_TYPES
from rules.attack_wing.checks.beneath_rules import places_beneath
from rules.attack_wing.fleet import ResourceOption
from rules.attack_wing.index import index_for

from ..access import PlayerEvent
from ..selectors import UPGRADE_TYPE_LABELS, faction_label
from ..selectors.checks import BENEATH
from .finder import CardFinderForm

# What a ship's "add a card" search looks for: (label, card kind, upgrade type, role in the fleet file).
SLOTS = {
    "captain": (gettext_lazy("Captain"), CAPTAIN, None, "captain"),
    "admiral": (gettext_lazy("Admiral (face up)"), ADMIRAL, None, "admiral"),
    "admiral-captain": (gettext_lazy("Admiral as captain (face down)"), ADMIRAL, None, "captain"),
    **{t: (UPGRADE_TYPE_LABELS[t], UPGRADE, t, "upgrade") for t in UPGRADE_TYPES},
    "other": (gettext_lazy("Other (fleet captain, officer, construction…)"), OTHER, None, "upgrade"),
}
SLOT_CHOICES = [(key, label) for key, (label, *_rest) in SLOTS.items()]
# The search for an Upgrade to place face down beneath one of the ship's cards (Quark, Cryogenic Stasis):
# ``beneath:<its id>``, offered for each such card of the ship (``ShipLines.hosts``).
BENEATH_SLOT = "beneath:"
# The card kinds each role of the fleet file accepts (an admiral may captain a ship face down).
ROLE_KINDS = {"captain": (CAPTAIN, ADMIRAL), "admiral": (ADMIRAL,), "upgrade": (UPGRADE, OTHER)}
# The roles and card kinds as a sentence names them, in the reader's language.
ROLE_WORDS = {
    "captain": gettext_lazy("captain"),
    "admiral": gettext_lazy("admiral"),
    "upgrade": gettext_lazy("upgrade"),
    "ship": gettext_lazy("ship"),
    "other": gettext_lazy("other"),
    "resource": gettext_lazy("resource"),
    "card": gettext_lazy("card"),
    "beneath": gettext_lazy("beneath"),
    "sideboard": gettext_lazy("sideboard"),
}


def role_words(role: str) -> str:
    return str(ROLE_WORDS.get(role, role))


class BuilderForm(CleanTextFormMixin, forms.Form):
    """A change to ``fleet``; subclasses validate their fields against it and the catalog."""

    base = WholeNumberField(min_value=0, widget=forms.HiddenInput)

    def __init__(self, *args, fleet: EngineFleet, catalog: Catalog, **kwargs):
        super().__init__(*args, **kwargs)
        self.fleet = fleet
        self.catalog = catalog

    def apply(self) -> EngineFleet:
        raise NotImplementedError

    def _card(self, card_id: str, kinds: tuple[str, ...]):
        card = self.catalog.get(card_id)
        if card is None or card.kind not in kinds:
            raise forms.ValidationError(
                _("No such %(kinds)s card: %(id)s.") % {"kinds": _(" or ").join(map(role_words, kinds)), "id": card_id}
            )
        return card

    def _replace_ship(self, index: int, *, fleet: EngineFleet | None = None, **changes) -> EngineFleet:
        """The fleet (``fleet``, else the one edited) with ship ``index`` changed; a card face down beneath a card
        that left the ship leaves too."""
        fleet = fleet or self.fleet
        ships = list(fleet.ships)
        ship = replace(ships[index], **changes)
        hosts = (ship.captain, ship.admiral, *ship.upgrades)
        ships[index] = replace(ship, beneath=tuple(pair for pair in ship.beneath if pair[0] in hosts))
        return replace(fleet, ships=tuple(ships))


class ShipChangeForm(BuilderForm):
    """A change to one ship, named by its place in the fleet."""

    ship = WholeNumberField(min_value=0, widget=forms.HiddenInput)

    def clean_ship(self) -> int:
        index = self.cleaned_data["ship"]
        if index >= len(self.fleet.ships):
            raise forms.ValidationError(_("That ship is no longer in the fleet."))
        return index

    @property
    def entry(self) -> FleetShip:
        return self.fleet.ships[self.cleaned_data["ship"]]


class AddShipForm(BuilderForm):
    card = forms.CharField(max_length=100, widget=forms.HiddenInput)

    def clean_card(self) -> str:
        return self._card(self.cleaned_data["card"], (SHIP,)).id

    def apply(self) -> EngineFleet:
        return replace(self.fleet, ships=(*self.fleet.ships, FleetShip(ship=self.cleaned_data["card"])))


class RemoveShipForm(ShipChangeForm):
    def apply(self) -> EngineFleet:
        index = self.cleaned_data["ship"]
        return replace(self.fleet, ships=self.fleet.ships[:index] + self.fleet.ships[index + 1 :])


class AssignCardForm(ShipChangeForm):
    """Give a ship its captain or admiral (replacing the one it had), one more upgrade, or an Upgrade placed
    face down beneath ``host``, a card of the ship whose text places cards beneath it."""

    role = forms.ChoiceField(choices=[(role, role) for role in (*ROLE_KINDS, BENEATH)], widget=forms.HiddenInput)
    card = forms.CharField(max_length=100, widget=forms.HiddenInput)
    host = forms.CharField(max_length=100, required=False, widget=forms.HiddenInput)

    def clean(self):
        cleaned = super().clean()
        if "role" in cleaned and "card" in cleaned:
            cleaned["card"] = self._card(cleaned["card"], ROLE_KINDS.get(cleaned["role"], (UPGRADE,))).id
        if cleaned.get("role") == BENEATH and "ship" in cleaned:
            entry, host = self.entry, self.catalog.get(cleaned.get("host") or "")
            if host is None or host.id not in (entry.captain, entry.admiral, *entry.upgrades):
                raise forms.ValidationError(_("That card is no longer on the ship."))
            if not places_beneath(host):
                raise forms.ValidationError(_("%(name)s places no card face down beneath it.") % {"name": host.name})
        return cleaned

    def apply(self) -> EngineFleet:
        role, card = self.cleaned_data["role"], self.cleaned_data["card"]
        if role == "upgrade":
            return self._replace_ship(self.cleaned_data["ship"], upgrades=(*self.entry.upgrades, card))
        if role == BENEATH:
            host, beneath = self.cleaned_data["host"], self.entry.beneath
            # beside the host's other cards, so the fleet file (which groups them by host) reads back the same
            after = max((i + 1 for i, (held_by, _card) in enumerate(beneath) if held_by == host), default=len(beneath))
            beneath = (*beneath[:after], (host, card), *beneath[after:])
            return self._replace_ship(self.cleaned_data["ship"], beneath=beneath)
        return self._replace_ship(self.cleaned_data["ship"], **{role: card})


# The roles a ship lists several cards under, by the ship's field that lists them (removed by their place).
LISTED = {"upgrade": "upgrades", BENEATH: "beneath"}


class RemoveCardForm(ShipChangeForm):
    """Take the captain, the admiral, one upgrade or one card face down beneath another (by its place) off a
    ship."""

    role = forms.ChoiceField(choices=[(role, role) for role in (*ROLE_KINDS, BENEATH)], widget=forms.HiddenInput)
    position = WholeNumberField(min_value=0, required=False, widget=forms.HiddenInput)

    def clean(self):
        cleaned = super().clean()
        listed = LISTED.get(cleaned.get("role"))
        if listed and "ship" in cleaned:
            position = cleaned.get("position")
            if position is None or position >= len(getattr(self.entry, listed)):
                raise forms.ValidationError(_("That card is no longer on the ship."))
        return cleaned

    def apply(self) -> EngineFleet:
        role = self.cleaned_data["role"]
        listed = LISTED.get(role)
        if listed:
            position, cards = self.cleaned_data["position"], getattr(self.entry, listed)
            return self._replace_ship(self.cleaned_data["ship"], **{listed: cards[:position] + cards[position + 1 :]})
        return self._replace_ship(self.cleaned_data["ship"], **{role: None})


class MoveShipForm(ShipChangeForm):
    """Move a ship one place up or down the fleet (the order of the sheet and of the fleet file)."""

    direction = forms.ChoiceField(choices=[("up", "up"), ("down", "down")], widget=forms.HiddenInput)

    def clean(self):
        cleaned = super().clean()
        if "ship" in cleaned and "direction" in cleaned:
            index = cleaned["ship"]
            target = index - 1 if cleaned["direction"] == "up" else index + 1
            if not 0 <= target < len(self.fleet.ships):
                words = (
                    _("Ship %(number)s is already first: it cannot move further.")
                    if target < 0
                    else _("Ship %(number)s is already last: it cannot move further.")
                )
                raise forms.ValidationError(words % {"number": index + 1})
            cleaned["target"] = target
        return cleaned

    def apply(self) -> EngineFleet:
        ships = list(self.fleet.ships)
        index, target = self.cleaned_data["ship"], self.cleaned_data["target"]
        ships[index], ships[target] = ships[target], ships[index]
        return replace(self.fleet, ships=tuple(ships))


class MoveCardForm(ShipChangeForm):
    """Move the captain, the admiral or one upgrade (by its place) to another ship, or to another role: an admiral
    face up or face down as the captain (``to``: ``<ship index>:<role>``), in one change instead of remove and add.

    The place it goes must be open (a ship has one captain and one admiral); a card with cards face down beneath it
    stays, since they belong to it where it is."""

    role = forms.ChoiceField(choices=[(role, role) for role in ROLE_KINDS], widget=forms.HiddenInput)
    position = WholeNumberField(min_value=0, required=False, widget=forms.HiddenInput)
    to = forms.CharField(max_length=30, label=gettext_lazy("Move to"))

    def clean(self):
        cleaned = super().clean()
        if not {"ship", "role", "to"} <= cleaned.keys():
            return cleaned
        entry, role = self.entry, cleaned["role"]
        if role == "upgrade":
            position = cleaned.get("position")
            if position is None or position >= len(entry.upgrades):
                raise forms.ValidationError(_("That card is no longer on the ship."))
            card_id = entry.upgrades[position]
        else:
            card_id = getattr(entry, role)
            if card_id is None:
                raise forms.ValidationError(_("That card is no longer on the ship."))
        target, _colon, to_role = cleaned["to"].partition(":")
        if not target.isdigit() or int(target) >= len(self.fleet.ships) or to_role not in ROLE_KINDS:
            raise forms.ValidationError(_("Choose where the card goes: a ship of the fleet and its place."))
        card = self.catalog.get(card_id)
        if card.kind not in ROLE_KINDS[to_role]:
            raise forms.ValidationError(
                _("%(name)s cannot be a ship's %(role)s.") % {"name": card.name, "role": role_words(to_role)}
            )
        target_entry = self.fleet.ships[int(target)]
        if (int(target), to_role) == (cleaned["ship"], role):
            raise forms.ValidationError(_("%(name)s is already there.") % {"name": card.name})
        held = getattr(target_entry, to_role) if to_role != "upgrade" else None
        if held is not None:
            raise forms.ValidationError(
                _("Ship %(number)s already has a %(role)s (%(name)s): move or remove it first.")
                % {"number": int(target) + 1, "role": role_words(to_role), "name": self.catalog.get(held).name}
            )
        if any(host == card_id for host, _card in entry.beneath):
            raise forms.ValidationError(
                _("%(name)s has cards face down beneath it: remove them first.") % {"name": card.name}
            )
        cleaned.update(card=card_id, target=int(target), to_role=to_role)
        return cleaned

    def apply(self) -> EngineFleet:
        data = self.cleaned_data
        if data["role"] == "upgrade":
            upgrades = self.entry.upgrades
            fleet = self._replace_ship(
                data["ship"], upgrades=upgrades[: data["position"]] + upgrades[data["position"] + 1 :]
            )
        else:
            fleet = self._replace_ship(data["ship"], **{data["role"]: None})
        target = fleet.ships[data["target"]]
        if data["to_role"] == "upgrade":
            return self._replace_ship(data["target"], fleet=fleet, upgrades=(*target.upgrades, data["card"]))
        return self._replace_ship(data["target"], fleet=fleet, **{data["to_role"]: data["card"]})


class BlindBoosterForm(ShipChangeForm):
    blind_booster = forms.BooleanField(required=False, label=gettext_lazy("Blind Booster ship"))

    def apply(self) -> EngineFleet:
        return self._replace_ship(self.cleaned_data["ship"], blind_booster=self.cleaned_data["blind_booster"])


class ResourceForm(BuilderForm):
    """The fleet's one resource (seed 003, Resources 1), or none, with the choices its text asks for:
    the Officer Exchange Program's two factions, the Fleet Captain's free Elite Talent.

    ``retired`` are the resources retired on the day the builder judges the fleet on; the choice
    marks them, so a player sees it before submitting."""

    resource = forms.ChoiceField(
        required=False,
        label=gettext_lazy("Resource"),
        widget=forms.Select(attrs={"class": "form-select form-select-sm"}),
    )
    factions = forms.MultipleChoiceField(
        required=False,
        label=gettext_lazy("Its two factions (Officer Exchange Program)"),
        widget=forms.CheckboxSelectMultiple,
    )
    free_talent = forms.BooleanField(
        required=False,
        label=gettext_lazy("The Fleet Captain equips 1 of his own Elite Talents for free (instead of the extra slot)"),
    )

    def __init__(self, *args, retired: frozenset[str] = frozenset(), **kwargs):
        super().__init__(*args, **kwargs)
        resources = sorted((c for c in self.catalog.cards.values() if c.kind == RESOURCE), key=lambda c: c.name)
        self.fields["resource"].choices = [("", _("No resource"))] + [
            (
                c.id,
                (_("%(name)s (%(cost)s SP) — retired on this date") if c.id in retired else _("%(name)s (%(cost)s SP)"))
                % {"name": c.name, "cost": c.cost},
            )
            for c in resources
        ]
        self.fields["factions"].choices = [
            (key, faction_label(key)) for key in sorted(index_for(self.catalog).factions)
        ]
        current = self.fleet.resources[0] if self.fleet.resources else None
        self.takes = resource_options_taken(self.catalog.get(current)) if current else frozenset()
        option = self.fleet.option(current) if current else None
        if option is not None:
            self.initial.setdefault("factions", list(option.factions))
            self.initial.setdefault("free_talent", option.free_talent)

    def apply(self) -> EngineFleet:
        card = self.cleaned_data["resource"]
        if not card:
            return replace(self.fleet, resources=(), resource_options=())
        takes = resource_options_taken(self.catalog.get(card))
        factions = tuple(self.cleaned_data["factions"]) if "factions" in takes else ()
        free_talent = self.cleaned_data["free_talent"] and "free_talent" in takes
        options = (
            (ResourceOption(id=card, factions=factions, free_talent=free_talent or None),)
            if factions or free_talent
            else ()
        )
        return replace(self.fleet, resources=(card,), resource_options=options)


def resource_options_taken(card) -> frozenset[str]:
    """The choices a resource's text asks for when the fleet is built ("factions", "free_talent")."""
    if card is None:
        return frozenset()
    return frozenset(str(r.value) for r in card.restrictions if r.code == "resource_option")


BUILDER_FORMS: dict[str, type[BuilderForm]] = {
    "add-ship": AddShipForm,
    "remove-ship": RemoveShipForm,
    "assign": AssignCardForm,
    "remove-card": RemoveCardForm,
    "booster": BlindBoosterForm,
    "move-ship": MoveShipForm,
    "move-card": MoveCardForm,
    "resource": ResourceForm,
}


class CardSearchForm(CardFinderForm):
    """The builder's search: ships for the fleet, or cards for one ship's slot (``ship`` and ``slot``), with
    every filter of the finder (:mod:`fleets.forms.finder`). ``type`` names the slot as ``slot`` does, so a
    ship's "add a Crew" button can open the search as ``?ship=0&type=crew&faction=federation``."""

    slot = forms.CharField(required=False, max_length=110, label=gettext_lazy("Card type"))
    ship = WholeNumberField(required=False, min_value=0, widget=forms.HiddenInput)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        known = dict(self.fields["type"].choices)
        self.fields["type"].choices += [(key, label) for key, label in SLOT_CHOICES if key not in known]

    def clean_slot(self) -> str:
        """One of :data:`SLOTS`, or :data:`BENEATH_SLOT` and a card id (the card is checked when the chosen
        Upgrade is placed)."""
        slot = self.cleaned_data["slot"]
        if slot and slot not in SLOTS and not (slot.startswith(BENEATH_SLOT) and len(slot) > len(BENEATH_SLOT)):
            raise forms.ValidationError(_("Select a valid card type."))
        return slot

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("ship") is not None and not cleaned.get("slot") and cleaned.get("type") in SLOTS:
            cleaned["slot"] = cleaned["type"]
        return cleaned


class JudgeDayForm(forms.Form):
    """Which event or date the builder judges a list on (resource retirement, seed 003, Resources 4): one
    of the player's events (its date and its retirement setting decide) or a plain date.

    The choice travels in the query (``?event=`` or ``?on=``) of every request the builder page makes,
    its changes included, so editing the list keeps judging it for the event the player chose.
    """

    event = forms.TypedChoiceField(
        required=False, coerce=int, empty_value=None, label=gettext_lazy("Event this list is for")
    )
    on = forms.DateField(
        required=False,
        label=gettext_lazy("Date of the event this list is for"),
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )

    def __init__(self, data, *, events: list[PlayerEvent]):
        super().__init__(data)
        self.events = {event.pk: event for event in events}
        self.fields["event"].choices = [
            ("", _("Choose an event")),
            *(
                (event.pk, f"{event.name}, {date_format(event.event_date, pgettext('date format', 'j F Y'))}")
                for event in events
            ),
        ]

    def clean(self):
        data = super().clean()
        if data.get("event") is not None and data.get("on") is not None:
            raise forms.ValidationError(_("Choose an event or a date, not both."))
        return data

    @property
    def chosen_event(self) -> PlayerEvent | None:
        return self.events.get(self.cleaned_data["event"]) if self.is_valid() else None

    @property
    def chosen_day(self) -> date | None:
        return self.cleaned_data["on"] if self.is_valid() else None

    def query_params(self) -> list[tuple[str, str]]:
        """The valid choice as query parameters, for the builder's links and forms to carry on."""
        if self.chosen_event is not None:
            return [("event", str(self.chosen_event.pk))]
        if self.chosen_day is not None:
            return [("on", self.chosen_day.isoformat())]
        return []


EXPORT_CHOICES = [
    ("sheet", gettext_lazy("Fleet Build Sheet (PDF)")),
    ("text", gettext_lazy("Text")),
    ("json", "JSON"),
    ("utopia-link", gettext_lazy("Utopia link")),
    ("utopia-text", gettext_lazy("Utopia text")),
]


class DraftForm(forms.Form):
    """Save or discard the builder's draft (``base``: the revision the page showed); ``then`` names
    the export or sheet to open once the version is saved, empty to stay in the builder."""

    base = WholeNumberField(min_value=0, widget=forms.HiddenInput)
    then = forms.ChoiceField(choices=[("", gettext_lazy("Stay in the builder")), *EXPORT_CHOICES], required=False)
