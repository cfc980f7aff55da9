"""The shapes every part of the JSON API shares, kept on the floor every app may import."""

from ninja import Schema


class Problem(Schema):
    """Why a request was refused, in words (every 4xx answer of the API)."""

    detail: str
