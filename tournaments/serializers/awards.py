"""The event's awards in its file: each award's name and its winner's username (``null``: not named).
Best Sportsmanship votes are secret and stay out of the file; older files have no awards."""

from __future__ import annotations

from ..models import Award
from .base import Column, Entity


class AwardEntity(Entity):
    model = Award
    columns = (Column("name", "name"), Column("winner", "winner", default=None))


AWARD = AwardEntity()
