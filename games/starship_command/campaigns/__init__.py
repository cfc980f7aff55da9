"""The Starship Command campaign tracker: players, an append-only ledger, and pages rebuilt from it by the rules."""
