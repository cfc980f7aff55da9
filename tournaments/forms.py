"""Forms of the event pages. They only read and check input; services do the writing."""

from __future__ import annotations

from typing import NamedTuple

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from accounts.number_fields import IdChoiceField, IdMultipleChoiceField
from accounts.text_fields import CleanTextFormMixin
from fleets.decks.services import MAX_IMPORT_BYTES
from fleets.models import Deck
from game_registry import all_games
from stores.access import organized_stores
from stores.models import Store

from .access import eligible_judges
from .formats import format_choices, join_format_choice, split_format_choice
from .games import DeckGame, GameSettingsForm, event_game
from .models import Event
from .models.event import suggested_rounds
from .services.event_rules import CHECKED, event_problems
from .zones import wall_clock_at


class GameSettings(NamedTuple):
    """One game's part of the event form: its key, its name and its settings form."""

    key: str
    name: str
    form: GameSettingsForm


class EventForm(CleanTextFormMixin, forms.ModelForm):
    """One form for creating and editing; game and format are picked together.

    Each game with settings of its own brings its settings form (``EventGame.settings_form``),
    shown under the game's name with the game's key as prefix; only the chosen game's is read,
    and what it cleans becomes the event's ``game_settings``.
    """

    game_format = forms.ChoiceField(
        label=_("Game and format"),
        choices=format_choices,
        help_text=_("The rules every player's fleet or deck is checked against when they submit it."),
    )
    judges = IdMultipleChoiceField(
        label=_("Judges"),
        queryset=get_user_model().objects.none(),  # the eligible ones, set per form (tournaments.access)
        required=False,
        help_text=_(
            "People who help you run the event: they may pair rounds, enter and correct results and see "
            "every list. Only the store's judges are offered (any account with the Judge role for an event held "
            "at no store); you can appoint judges later too."
        ),
    )

    class Meta:
        model = Event
        fields = [
            "name",
            "date",
            "start_time",
            "check_in_opens_minutes",
            "end_time",
            "venue",
            "store",
            "planned_rounds",
            "round_minutes",
            "submission_deadline",
            "lists_public",
            "top_cut",
            "player_cap",
            "entry_fee",
            "prize_support",
            "judges",
            "win_points",
            "tie_points",
            "loss_points",
            "tiebreaks",
            "paper_size",
        ]
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "start_time": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
            "end_time": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
            "submission_deadline": forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
            "prize_support": forms.Textarea(attrs={"rows": 4}),
        }

        # Written for an organizer who runs their first event here: what each setting does, in words.
        labels = {
            "name": _("Event name"),
            "start_time": _("Start time"),
            "end_time": _("End time (optional)"),
            "venue": _("Where"),
            "planned_rounds": _("Number of Swiss rounds"),
            "round_minutes": _("Minutes per round"),
            "submission_deadline": _("Deadline for lists"),
            "lists_public": _("Show every player's list once the event starts"),
            "top_cut": _("Top cut after the Swiss rounds"),
            "player_cap": _("Most players (optional)"),
            "entry_fee": _("Entry fee (optional)"),
            "prize_support": _("Prize support (optional)"),
            "win_points": _("Match points for a win"),
            "tie_points": _("Match points for a tie"),
            "loss_points": _("Match points for a loss"),
            "tiebreaks": _("Ranking order in the standings"),
        }
        help_texts = {
            "name": _('As players see it in the event list, for example "Store Championship, March".'),
            "date": _("The day the event is played."),
            "start_time": _(
                "When players should be there to check in: shown on the event page, the printouts "
                "and the calendar entry. Leave blank for an all-day entry."
            ),
            "end_time": _("When the event should be over, if you know."),
            "venue": _("The store or address, shown on the event page and in the calendar entry."),
            "store": _(
                "The store's organizers run the event with you and its judges help. Only stores you "
                "organize are offered."
            ),
            "round_minutes": _("The round clock on the round page and the venue's screen counts down from this."),
            "submission_deadline": _(
                "After this, players can no longer submit or change their list themselves. "
                "Leave blank to take lists until the event starts. The store's time (the site's for an event held "
                "at no store), as are the start and end."
            ),
            "lists_public": _(
                "Ticked: once the event starts, anyone can see every player's list. Not ticked: "
                "players see only the lists of the opponents they are paired with. You and your judges see all."
            ),
            "top_cut": _(
                "After the Swiss rounds, the best 2, 4, 8 or 16 players in the standings play knockout "
                "rounds, the best seed against the worst, until one is left. The cut needs at least that many players."
            ),
            "player_cap": _(
                "Past this many, players who register join a waitlist in order, and a withdrawal gives "
                "the next one the place (they get a mail). You and your judges may still add players over it. "
                "Leave blank for no limit."
            ),
            "entry_fee": _(
                'Shown on the event page, for example "10 EUR". The site takes no payment: the desk '
                "ticks who has paid at check-in."
            ),
            "prize_support": _(
                'One line per place, best first, for example "1st: booster box"; the final '
                "standings printout shows what each place received."
            ),
            "win_points": _("Each result's match points add up over the event; the standings rank by them."),
            "tie_points": _("Only Swiss rounds can end in a tie; a top-cut game always has a winner."),
            "loss_points": _("Usually 0."),
            "tiebreaks": _("What ranks the players, in order: each one separates players level on those before it."),
        }

    field_order = ["name", "game_format", "date", "start_time", "end_time", "store", "venue"]

    def __init__(self, *args, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user
        # Only the stores the person organizes are offered (the rule itself: ``event_rules.store_refusal``).
        self.fields["store"].queryset = organized_stores(user) if user is not None else Store.objects.none()
        self.fields["judges"].queryset = eligible_judges(stores=self._offered_stores(user), event=self.instance)
        self.fields["paper_size"].required = False
        players = None
        if self.instance.pk:
            self.initial["game_format"] = join_format_choice(self.instance.game, self.instance.format)
            players = self.instance.registrations.filter(dropped_at=None).count()
        self.fields["planned_rounds"].help_text = rounds_help(players)
        self.game_forms = self._game_forms()

    def _offered_stores(self, user):
        """Whose judges the form offers: the event's store's (an event at no store: every judge's); for a
        new event, those of the stores the person may hold it at. :meth:`clean` holds the choice to the
        store chosen."""
        if self.instance.pk:
            return None if self.instance.store_id is None else [self.instance.store_id]
        stores = organized_stores(user) if user is not None else Store.objects.none()
        return stores if stores.exists() else None

    def _game_forms(self) -> list[GameSettings]:
        """Every game's settings form: the chosen game's bound to the input, the others showing what they
        hold (an event's own settings when it plays that game, else the game's defaults)."""
        chosen, format_key = split_format_choice(self.data.get("game_format", "")) if self.is_bound else ("", "")
        sections = []
        for game in all_games():
            form_class = event_game(game.key).settings_form
            if form_class is None:
                continue
            initial = self.instance.game_settings if self.instance.pk and self.instance.game == game.key else None
            data = self.data if self.is_bound and game.key == chosen else None
            form = form_class(data, initial=initial, prefix=game.key, format_key=format_key or self.instance.format)
            sections.append(GameSettings(game.key, game.name, form))
        return sections

    @property
    def chosen_game_form(self) -> GameSettingsForm | None:
        """The settings form of the game the input chose (``None``: that game has no settings of its own)."""
        game, _ = split_format_choice(self.data.get("game_format", "") if self.is_bound else "")
        return next((section.form for section in self.game_forms if section.key == game), None)

    def is_valid(self) -> bool:
        """The event's fields and the chosen game's settings, every error shown at once."""
        valid = super().is_valid()
        settings = self.chosen_game_form
        return (settings is None or settings.is_valid()) and valid

    def clean_paper_size(self) -> str:
        """A form sent without the paper keeps the event's (a new event's is the site's, ``MUSTER_PAPER_SIZE``)."""
        return self.cleaned_data["paper_size"] or self.instance.paper_size

    def clean(self):
        """The event's rules (:mod:`tournaments.services.event_rules`, the judges' among them), each problem
        shown on its field; the deadline is the time of day where the event is held."""
        data = super().clean()
        game, _ = split_format_choice(data.get("game_format", ""))
        settings = {name: data[name] for name in CHECKED if name in data}
        event = self.instance if self.instance.pk else None
        judges = data.get("judges", [])
        for field, problem in event_problems(
            organizer=self.user, event=event, judges=judges, game=game, **settings
        ).items():
            self.add_error(field, problem)
        if data.get("submission_deadline") is not None:
            data["submission_deadline"] = wall_clock_at(data.get("store"), data["submission_deadline"])
        return data

    def service_fields(self) -> dict:
        """The cleaned values as the event services take them."""
        data = {name: value for name, value in self.cleaned_data.items() if name not in ("game_format", "judges")}
        data["game"], data["format"] = split_format_choice(self.cleaned_data["game_format"])
        settings = self.chosen_game_form
        data["game_settings"] = settings.settings() if settings is not None else {}
        return data


def rounds_help(players: int | None) -> str:
    """The rounds field's help: the number the site would pick (enough rounds to leave at most one
    player unbeaten), for the players registered so far, else for typical numbers of players."""
    if players:
        return ngettext(
            "Suggested: %(rounds)s for the %(players)s player registered so far. Leave blank and it is set "
            "when the event starts, from the number of players.",
            "Suggested: %(rounds)s for the %(players)s players registered so far. Leave blank and it is set "
            "when the event starts, from the number of players.",
            players,
        ) % {"rounds": suggested_rounds(players), "players": players}
    typical = ", ".join(
        gettext("%(rounds)s for %(players)s") % {"rounds": suggested_rounds(n), "players": n} for n in (4, 8, 16, 32)
    )
    return gettext(
        "Suggested: %(typical)s players. Leave blank and it is set when the event starts, from the number of players."
    ) % {"typical": typical}


class AddPlayerForm(CleanTextFormMixin, forms.Form):
    """A player by account name, or a walk-in by name alone (with the e-mail they may claim it by)."""

    username = forms.CharField(label=_("Username"), required=False, help_text=_("The player's account name."))
    walk_in_name = forms.CharField(
        label=_("…or a walk-in's name"),
        max_length=150,
        required=False,
        help_text=_("For a player without an account: you enter their list."),
    )
    walk_in_email = forms.EmailField(
        label=_("Walk-in's e-mail (optional)"),
        required=False,
        help_text=_("Signing up with it later gives them this entry and its results."),
    )
    club = forms.CharField(
        label=_("Club or store"),
        max_length=80,
        required=False,
        help_text=_("Pairing keeps clubmates apart where it can."),
    )

    def clean(self):
        cleaned = super().clean()
        if self.has_error("username") or self.has_error("walk_in_name"):
            return cleaned
        username, walk_in = cleaned.get("username", "").strip(), cleaned.get("walk_in_name", "").strip()
        if bool(username) == bool(walk_in):
            raise forms.ValidationError(gettext("Give either an account name or a walk-in's name."))
        if username:
            if cleaned.get("walk_in_email"):
                raise forms.ValidationError(gettext("An e-mail goes with a walk-in's name, not with an account name."))
            self.player = get_user_model().objects.filter(username__iexact=username).first()
            if self.player is None:
                self.add_error("username", gettext("No account is called %(name)s.") % {"name": repr(username)})
        return cleaned

    @property
    def is_walk_in(self) -> bool:
        return bool(self.cleaned_data.get("walk_in_name", "").strip())


class WalkInDecksForm(CleanTextFormMixin, forms.Form):
    """A walk-in's lists for a deck game, one per slot, each a file or pasted text as the deck import reads."""

    def __init__(self, *args, game: DeckGame, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        for slot in game.slots:
            noun = game.slot_label(slot)
            self.fields[f"file_{slot}"] = forms.FileField(
                required=False,
                label=gettext("%(side)s: file") % {"side": noun},
                help_text=gettext("A JSON list file or a text list."),
            )
            self.fields[f"text_{slot}"] = forms.CharField(
                required=False,
                label=gettext("…or paste the %(side)s") % {"side": noun.lower()},
                widget=forms.Textarea(attrs={"rows": 6}),
            )

    def clean(self):
        cleaned = super().clean()
        lists = {}
        for slot in self.game.slots:
            upload, text = cleaned.get(f"file_{slot}"), cleaned.get(f"text_{slot}", "")
            if bool(upload) == bool(text.strip()):
                raise forms.ValidationError(
                    gettext("%(side)s: give either a file or pasted text.") % {"side": self.game.slot_label(slot)}
                )
            if upload and upload.size > MAX_IMPORT_BYTES:
                raise forms.ValidationError(
                    gettext("A list file is at most %(size)s KB.") % {"size": MAX_IMPORT_BYTES // 1024}
                )
            lists[slot] = upload.read() if upload else text.encode()
        cleaned["lists"] = lists
        return cleaned


class AppointJudgeForm(CleanTextFormMixin, forms.Form):
    username = forms.CharField(
        label=_("Appoint a judge (account name)"), max_length=150, help_text=_("An account holding the Judge role.")
    )

    def clean_username(self):
        username = self.cleaned_data["username"].strip()
        user = get_user_model().objects.filter(username__iexact=username).first()
        if user is None:
            raise forms.ValidationError(gettext("No account is called %(name)s.") % {"name": repr(username)})
        self.judge = user
        return username


class FleetSubmitForm(CleanTextFormMixin, forms.Form):
    fleet = IdChoiceField(queryset=None, empty_label=None, label=_("Fleet"))

    def __init__(self, *args, fleets, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["fleet"].queryset = fleets


class SwapForm(CleanTextFormMixin, forms.Form):
    first = IdChoiceField(queryset=None, label=_("Player"))
    second = IdChoiceField(queryset=None, label=_("Swap with"))
    allow_rematch = forms.BooleanField(required=False, label=_("Pair them even if it makes a rematch"))

    def __init__(self, *args, registrations, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("first", "second"):
            self.fields[name].queryset = registrations
            self.fields[name].label_from_instance = lambda r: r.name


def field_name(slot: str) -> str:
    return f"deck_{slot}" if slot else "deck"


class DeckSubmitForm(CleanTextFormMixin, forms.Form):
    """One choice per slot the game needs, among the player's decks of that game (and, per slot, that side)."""

    def __init__(self, *args, game: DeckGame, decks: list[Deck], **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        side_key = game.kind.side_key
        self.missing = []  # slots the player has no deck for yet
        for slot in game.slots:
            fitting = [deck.pk for deck in decks if not slot or deck.content.get(side_key) == slot]
            if not fitting:
                self.missing.append(game.slot_label(slot))
            field = IdChoiceField(
                queryset=Deck.objects.filter(pk__in=fitting).order_by("name"),
                label=game.slot_label(slot),
                empty_label=None,
            )
            field.label_from_instance = lambda deck: (
                gettext("%(name)s (code %(code)s)")
                % {
                    "name": deck.name,
                    "code": deck.code,
                }
            )
            self.fields[field_name(slot)] = field

    def decks(self) -> dict[str, Deck]:
        return {slot: self.cleaned_data[field_name(slot)] for slot in self.game.slots}


VERSION_FIELD = "version"


def carry_version(form, version: int | None = None):
    """Give a staff result form (any game's) the hidden version of the table it is opened on
    (:func:`tournaments.selectors.result_versions`; a bound form reads it from what was sent): saving
    it over a newer result asks first. A form sent without it (an older page) is saved as before."""
    form.fields[VERSION_FIELD] = forms.IntegerField(
        widget=forms.HiddenInput, required=False, min_value=0, max_value=2**63 - 1, initial=version
    )
    return form


def opened_version(form) -> int | None:
    """The table's version the valid ``form`` was opened on, if it says."""
    return form.cleaned_data.get(VERSION_FIELD)


def offer_replace(form, changed) -> None:
    """A refused ``form`` (:class:`~tournaments.errors.ResultChanged`) shown again as typed, saying what
    is there now, and carrying the newer version: sending it again replaces that result."""
    form.data = form.data.copy()
    form.data[form.add_prefix(VERSION_FIELD)] = str(changed.version)
    form.add_error(None, changed.message)
