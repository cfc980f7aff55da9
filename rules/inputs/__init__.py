"""What every game and app shares to read what people type and upload: the list-file reader and
report (``list_check``), the check of typed text (``text_input``), reading at most a limit
(``bounded_read``), look-alike names (``confusables``) and integers in a range (``integers``).
Any game's rules may import these; they import no game.
"""
