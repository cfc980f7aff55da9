"""Decks for Wing Commander CCG, Starship Command and Spearpoint 1943: catalogs, builder, files, sheets.

Every rule comes from the game's subpackage under ``rules/``; this package
stores decks, edits them, and shows what the rules say about them.
"""
