"""Attack Wing's own event settings: the fleet-point base, a bye's fleet points, the resources the
venue bans and which resources the event refuses (none, by the WizKids 2016 table, or only those banned).

They are kept in ``Event.game_settings`` (:mod:`tournaments.games.settings`); this form is how the
organizer sets them on the event form, and how an imported event file's are checked.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.number_fields import WholeNumberField
from rules import attack_wing
from tournaments.games import GameSettingsForm

# Which resources an event refuses: none, those the WizKids 2016 table retires by the event's date (with
# any named in the banned list too), or only those named in the banned list.
NO_RETIREMENT, BY_THE_2016_TABLE, ONLY_LISTED = "none", "table-2016", "list"
RESOURCE_RULES = [
    (NO_RETIREMENT, gettext_lazy("None retired: every resource is allowed")),
    (BY_THE_2016_TABLE, gettext_lazy("Retired by the WizKids 2016 table on the event's day (and any banned above)")),
    (ONLY_LISTED, gettext_lazy("Only the resources banned above are refused")),
]

# The largest number the settings ever held (they were small-integer columns of the event).
LARGEST_POINTS = 32767


class EventSettingsForm(GameSettingsForm):
    fleet_point_base = WholeNumberField(
        label=gettext_lazy("Fleet points for destroying a whole fleet"),
        min_value=1,
        max_value=LARGEST_POINTS,
        required=False,
        help_text=gettext_lazy(
            "Fleet points measure what a player destroyed of the opponent's fleet and break ties in "
            "the standings. Leave blank to use the format's fleet size limit."
        ),
    )
    bye_fleet_points = WholeNumberField(
        label=gettext_lazy("Fleet points for a bye"),
        min_value=0,
        max_value=LARGEST_POINTS,
        initial=60,
        help_text=gettext_lazy(
            "With an odd number of players, one player a round has no opponent: they win and get these fleet points."
        ),
    )
    banned_resources = forms.CharField(
        label=gettext_lazy("Banned cards and resources"),
        max_length=500,
        required=False,
        initial="",
        help_text=gettext_lazy(
            "Card names or card ids, separated by commas: a list using one is refused. "
            "Leave blank to ban nothing beyond the format (Additional Rules, Resources 2)."
        ),
    )
    resource_rule = forms.ChoiceField(
        label=gettext_lazy("Which resources are refused"),
        choices=RESOURCE_RULES,
        required=False,
        initial=NO_RETIREMENT,
        widget=forms.RadioSelect,
        help_text=gettext_lazy(
            "The WizKids 2016 table retires resources on the 1st of a month (Additional Rules, "
            "Resources 4); its last line is long past, so for a recent event it retires every resource. "
            "A community event usually retires none, or names the ones it refuses above."
        ),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["fleet_point_base"].initial = default_fleet_point_base(self.format_key)

    def clean_fleet_point_base(self) -> int | None:
        """Blank: the format's fleet limit."""
        base = self.cleaned_data["fleet_point_base"] or default_fleet_point_base(self.format_key)
        if base is None:
            raise forms.ValidationError(_("This format has no fleet limit to take: give the fleet points."))
        return base

    def clean_resource_rule(self) -> str:
        """Left out (a file exported before the choice): its tick box "retire by the 2016 table" says which."""
        rule = self.cleaned_data["resource_rule"]
        if rule:
            return rule
        retired = self.data.get(self.add_prefix("retire_resources"))
        return rule_of_older_settings(retired, self.data.get(self.add_prefix("banned_resources")) or "")

    def clean(self):
        """A banned list goes with the rule that reads it: "only the listed" needs one, "none retired" has none."""
        data = super().clean()
        rule, banned = data.get("resource_rule"), banned_names(data.get("banned_resources") or "")
        if rule == ONLY_LISTED and not banned:
            self.add_error("banned_resources", _("Name the resources to refuse, or choose another rule."))
        elif rule == NO_RETIREMENT and banned:
            self.add_error("resource_rule", _('Resources are banned above: choose "only the resources banned above".'))
        return data


def rule_of_older_settings(retired: object, banned: str) -> str:
    """The rule of settings kept before the choice: ticked "retire by the 2016 table" is the table,
    unticked the banned list if it names any, else none retired."""
    if retired is True:
        return BY_THE_2016_TABLE
    return ONLY_LISTED if banned_names(banned) else NO_RETIREMENT


def default_fleet_point_base(format_key: str) -> int | None:
    """Destroying a whole fleet scores the format's fleet limit (the 2016 text still says 120 for
    130-point fleets; real 130-point events score a full wipe as 130, so the limit is used)."""
    fmt = attack_wing.FORMATS.get(format_key)
    return fmt.fleet_limit if fmt else None


def banned_names(text: str) -> frozenset[str]:
    """The banned resources as the rules take them: names or ids, trimmed, without empties."""
    return frozenset(name.strip() for name in text.split(",") if name.strip())
