"""English dates as Muster has always printed them: ISO days and 24-hour times, which read the same to a
store in London and in New York. German uses Django's own formats (28.11.2026, 19:00)."""

SHORT_DATE_FORMAT = "Y-m-d"
SHORT_DATETIME_FORMAT = "Y-m-d H:i"
