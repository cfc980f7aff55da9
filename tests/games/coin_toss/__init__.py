"""Coin Toss: a game that exists only in the tests, to prove that a game is one folder.

It is installed by the test settings alone and touches no file outside this folder:
a catalog of coins, a list rule (a purse of one to three coins, all of its call),
a result form (who won the toss) and its events. ``test_event`` (in this folder) runs a
whole event of it through the site.
"""

KEY = "coin-toss"
NAME = "Coin Toss"
