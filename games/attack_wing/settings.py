"""Attack Wing's own event settings: the fleet-point base, a bye's fleet points, the resources the
venue bans and whether resources retire by the WizKids 2016 table.

They are kept in ``Event.game_settings`` (:mod:`tournaments.games.settings`); this form is how the
organizer sets them on the event form, and how an imported event file's are checked.
"""

from __future__ import annotations

from django import forms

from accounts.number_fields import WholeNumberField
from rules import attack_wing
from tournaments.games import GameSettingsForm

# The largest number the settings ever held (they were small-integer columns of the event).
LARGEST_POINTS = 32767


class EventSettingsForm(GameSettingsForm):
    fleet_point_base = WholeNumberField(
        label="Fleet points for destroying a whole fleet",
        min_value=1,
        max_value=LARGEST_POINTS,
        required=False,
        help_text="Fleet points measure what a player destroyed of the opponent's fleet and break ties in "
        "the standings. Leave blank to use the format's fleet size limit.",
    )
    bye_fleet_points = WholeNumberField(
        label="Fleet points for a bye",
        min_value=0,
        max_value=LARGEST_POINTS,
        initial=60,
        help_text="With an odd number of players, one player a round has no opponent: they "
        "win and get these fleet points.",
    )
    banned_resources = forms.CharField(
        label="Banned cards and resources",
        max_length=500,
        required=False,
        initial="",
        help_text="Card names or card ids, separated by commas: a list using one is refused. "
        "Leave blank to ban nothing beyond the format (Additional Rules, Resources 2).",
    )
    retire_resources = forms.BooleanField(
        label="Retire resources by the WizKids 2016 table",
        required=False,
        initial=True,
        help_text="Ticked: a resource is refused from the date the WizKids 2016 table retires it "
        "(Additional Rules, Resources 4). Not ticked (a community event): no resource is retired; "
        "to allow only some, ban the others above.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["fleet_point_base"].initial = default_fleet_point_base(self.format_key)

    def clean_fleet_point_base(self) -> int | None:
        """Blank: the format's fleet limit."""
        base = self.cleaned_data["fleet_point_base"] or default_fleet_point_base(self.format_key)
        if base is None:
            raise forms.ValidationError("This format has no fleet limit to take: give the fleet points.")
        return base


def default_fleet_point_base(format_key: str) -> int | None:
    """Destroying a whole fleet scores the format's fleet limit (the 2016 text still says 120 for
    130-point fleets; real 130-point events score a full wipe as 130, so the limit is used)."""
    fmt = attack_wing.FORMATS.get(format_key)
    return fmt.fleet_limit if fmt else None


def banned_names(text: str) -> frozenset[str]:
    """The banned resources as the rules take them: names or ids, trimmed, without empties."""
    return frozenset(name.strip() for name in text.split(",") if name.strip())
