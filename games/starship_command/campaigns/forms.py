"""Forms of the campaign pages. They read one entry each; the rules, through the services, judge it.

Every entry form carries ``seen``, the number of ledger entries the page was
built on, so the services can refuse an entry made against a state that has
changed since (see :func:`games.starship_command.campaigns.services._record`).
"""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.number_fields import IdChoiceField, WholeNumberField
from accounts.text_fields import CleanTextFormMixin
from fleets.models.deck import key_choices
from rules import starship_command
from rules.starship_command import Fate, Holding

from ..models import Campaign, CampaignPlayer
from .ledger import FATE_LABELS, BattleFate

MAX_POINTS = 9_999  # far above any card's shields or Structure, far below anything costly to store


def points_field(label, *, initial: int = 0) -> forms.IntegerField:
    return WholeNumberField(label=label, min_value=0, max_value=MAX_POINTS, initial=initial)


class CampaignForm(CleanTextFormMixin, forms.ModelForm):
    class Meta:
        model = Campaign
        fields = ["name", "battles"]
        widgets = {"battles": forms.NumberInput(attrs={"min": 1})}


class AddPlayerForm(CleanTextFormMixin, forms.Form):
    username = forms.CharField(label=gettext_lazy("Username"), help_text=gettext_lazy("The player's account name."))
    race = forms.ChoiceField(
        label=gettext_lazy("Race"),
        choices=key_choices(starship_command.RACES),
        help_text=gettext_lazy("Players of the same race are a team: they may exchange ships between battles."),
    )

    def clean_username(self) -> str:
        username = self.cleaned_data["username"].strip()
        self.user = get_user_model().objects.filter(username__iexact=username).first()
        if self.user is None:
            raise forms.ValidationError(_("No account is called %(username)r.") % {"username": username})
        return username

    def service_fields(self) -> dict:
        return {"user": self.user, "race": self.cleaned_data["race"]}


class EntryForm(CleanTextFormMixin, forms.Form):
    """A ledger entry: its fields go to the service as they are, ``seen`` included, with the player it is for."""

    seen = WholeNumberField(widget=forms.HiddenInput, min_value=0)
    player_arg = "player"  # the service's keyword for the player the entry is for

    def __init__(self, *args, player: CampaignPlayer | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.player = player

    def service_fields(self) -> dict:
        fields = dict(self.cleaned_data)
        if self.player is not None:
            fields[self.player_arg] = self.player
        return fields


class ShipChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj) -> str:
        return _("%(ship)s (%(class)s, %(value)s points)") % {
            "ship": obj.name,
            "class": obj.ship_class,
            "value": obj.value,
        }


class PurchaseForm(EntryForm):
    ship = ShipChoiceField(
        queryset=None,
        label=gettext_lazy("Ship"),
        help_text=gettext_lazy("Ships of the player's race that nobody holds or has lost."),
    )

    def __init__(self, *args, ships, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["ship"].queryset = ships


def damage_label(holding: Holding) -> str:
    return _("%(ship)s (%(shield)s shield, %(structure)s Structure damage)") % {
        "ship": holding.ship.name,
        "shield": holding.shield_damage,
        "structure": holding.structure_damage,
    }


class RepairForm(EntryForm):
    ship = forms.ChoiceField(label=gettext_lazy("Ship"))
    shields = points_field(gettext_lazy("Shield points repaired"))
    structure = points_field(gettext_lazy("Structure points repaired"))

    def __init__(self, *args, fleet: tuple[Holding, ...], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["ship"].choices = [
            (holding.ship.name, damage_label(holding))
            for holding in fleet
            if holding.shield_damage or holding.structure_damage
        ]
        self.fields["ship"].help_text = _(
            "One point per two shield points (rounded down over the ship's repairs since the battle), "
            "one point per Structure point."
        )


class TransferForm(EntryForm):
    player_arg = "giver"
    ship = forms.ChoiceField(label=gettext_lazy("Ship"))
    receiver = IdChoiceField(queryset=None, label=gettext_lazy("Give to"), empty_label=None)

    def __init__(self, *args, fleet: tuple[Holding, ...], teammates, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["ship"].choices = [(holding.ship.name, holding.ship.name) for holding in fleet]
        self.fields["receiver"].queryset = teammates


FATE_CHOICES = [("", gettext_lazy("At the starbase")), *((fate.value, FATE_LABELS[fate]) for fate in Fate)]


class PlayerChoiceField(forms.ChoiceField):
    """One of the campaign's players, or nobody. The players are read once for the whole battle form, not once
    per ship as a model choice field would."""

    def __init__(self, **kwargs):
        super().__init__(required=False, **kwargs)
        self.players: dict[str, CampaignPlayer] = {}

    def offer(self, players) -> None:
        self.players = {str(player.pk): player for player in players}
        self.choices = [("", "—"), *((pk, str(player)) for pk, player in self.players.items())]

    def clean(self, value) -> CampaignPlayer | None:
        return self.players.get(super().clean(value))


class ShipFateForm(CleanTextFormMixin, forms.Form):
    """One ship's line of a battle result; left at the starbase, it is not part of the result."""

    fate = forms.ChoiceField(choices=FATE_CHOICES, required=False)
    shield_damage = points_field(gettext_lazy("Shield damage"))
    structure_damage = points_field(gettext_lazy("Structure damage"))
    destroyed_by = PlayerChoiceField()
    captured_by = PlayerChoiceField()
    fighters_aboard = forms.CharField(
        required=False,
        max_length=100,
        help_text=gettext_lazy("Values of the fighter squadrons still aboard, e.g. 5, 6."),
    )

    def __init__(self, *args, owner: CampaignPlayer, holding: Holding, players: list[CampaignPlayer], **kwargs):
        super().__init__(*args, **kwargs)
        self.owner, self.holding = owner, holding
        ship = holding.ship.name
        labels = {
            "fate": _("Fate of %(ship)s"),
            "shield_damage": _("Shield damage of %(ship)s"),
            "structure_damage": _("Structure damage of %(ship)s"),
            "destroyed_by": _("%(ship)s destroyed by"),
            "captured_by": _("%(ship)s captured by"),
            "fighters_aboard": _("Fighters aboard %(ship)s"),
        }
        for name, label in labels.items():
            self.fields[name].label = label % {"ship": ship}
            widget = self.fields[name].widget
            widget.attrs["class"] = (
                "form-select form-select-sm" if isinstance(widget, forms.Select) else "form-control form-control-sm"
            )
        self.fields["shield_damage"].initial = holding.shield_damage
        self.fields["structure_damage"].initial = holding.structure_damage
        self.fields["destroyed_by"].offer(players)
        self.fields["captured_by"].offer(players)
        if not holding.ship.fighter_capacity:
            del self.fields["fighters_aboard"]

    def clean_fighters_aboard(self) -> tuple[int, ...]:
        values = self.cleaned_data["fighters_aboard"].replace(",", " ").split()
        if not all(value.isdecimal() and int(value) <= MAX_POINTS for value in values):
            raise forms.ValidationError(_("List the squadrons' values as whole numbers, e.g. 5, 6."))
        return tuple(int(value) for value in values)

    def battle_fate(self) -> BattleFate | None:
        """The ship's fate, or None when it stayed at the starbase."""
        data = self.cleaned_data
        if not data["fate"]:
            return None
        return BattleFate(
            ship=self.holding.ship.name,
            owner=self.owner,
            fate=Fate(data["fate"]),
            shield_damage=data["shield_damage"],
            structure_damage=data["structure_damage"],
            destroyed_by=data["destroyed_by"],
            captured_by=data["captured_by"],
            fighters_aboard=data.get("fighters_aboard", ()),
        )


class BattleResultForm:
    """A battle result: one :class:`ShipFateForm` per ship in the fleets, plus the ledger length it was built on."""

    def __init__(
        self, data=None, *, ships: list[tuple[CampaignPlayer, Holding]], players: list[CampaignPlayer], seen: int
    ):
        self.header = EntryForm(data, initial={"seen": seen})
        self.rows = [
            ShipFateForm(data, prefix=f"ship{index}", owner=owner, holding=holding, players=players)
            for index, (owner, holding) in enumerate(ships)
        ]

    def is_valid(self) -> bool:
        return all([self.header.is_valid(), *(row.is_valid() for row in self.rows)])

    def service_fields(self) -> dict:
        fates = [row.battle_fate() for row in self.rows]
        return {**self.header.service_fields(), "fates": [fate for fate in fates if fate is not None]}


class VoidForm(EntryForm):
    """Void one entry of the ledger, saying why; the entry's number comes from the page's address."""

    reason = forms.CharField(
        label=gettext_lazy("Reason"),
        max_length=200,
        help_text=gettext_lazy("Why the entry is void, e.g. “the Saratoga's damage was entered twice”."),
    )

    def __init__(self, *args, sequence: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.sequence = sequence

    def service_fields(self) -> dict:
        return {**super().service_fields(), "sequence": self.sequence}
