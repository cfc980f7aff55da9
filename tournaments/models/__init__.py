"""The tournaments app's models, one module per concern."""

from .awards import SPORTSMANSHIP, Award, SportsmanshipVote
from .event import Event, EventStatus, TieBreakPreset, TopCut
from .final_standing import FinalStanding
from .registration import Registration
from .results import Outcome, ResultChange, ResultReport
from .round_history import RoundChange
from .rounds import Match, MatchSide, MatchStatus, Round, Stage, cut_round_name
from .sheets_job import SheetsJob, SheetsStep
from .staff import StaffAction, StaffChange
from .submissions import SubmissionChange
from .submitted_deck import SubmittedDeck
from .waitlist import WaitlistEntry

__all__ = [
    "SPORTSMANSHIP",
    "Award",
    "SportsmanshipVote",
    "Event",
    "EventStatus",
    "FinalStanding",
    "Match",
    "MatchSide",
    "MatchStatus",
    "Outcome",
    "Registration",
    "ResultChange",
    "ResultReport",
    "Round",
    "RoundChange",
    "SheetsJob",
    "SheetsStep",
    "StaffAction",
    "StaffChange",
    "Stage",
    "SubmissionChange",
    "SubmittedDeck",
    "TieBreakPreset",
    "TopCut",
    "WaitlistEntry",
    "cut_round_name",
]
