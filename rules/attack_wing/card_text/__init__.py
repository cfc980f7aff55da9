"""Fleet-building rules read from a card's printed text, for either card database.

Both databases carry the card text (Utopia as HTML with faction and class icons, Space Dock
as plain text with ``[CREW]``-style icons). The sentences that change fleet building follow
a small number of printed forms; each form quotes the card it was written for. What a
sentence says becomes :class:`~rules.attack_wing.catalog.Restriction` data, so the engine
never parses text while it validates a fleet.

The package is split by subject, each module importing only those listed before it:

- :mod:`.plain`: the text without markup, cut into sentences;
- :mod:`.descriptors`: the words that name a ship or a captain ("Krenim weapon ship",
  "Klingon Captain") and whether a card fits them; the faction and upgrade-type words;
- :mod:`.qualifiers`: :class:`~.qualifiers.Qualifier`, which cards a reduction or waiver reaches;
- :mod:`.cost_rules`: sentences that change what a card costs (extra costs, reductions, exact and
  computed costs) and the stat bonuses computed resource costs count;
- :mod:`.waivers`: "You do not pay a faction penalty …";
- :mod:`.reader`: :func:`~.reader.read_card_text`, one card's text sentence by sentence, with the
  deployment restrictions ("may only be purchased for …") read in place;
- :mod:`.slots`: :func:`~.slots.slots_from_text`, the slots a card's text adds to its ship.

Codes produced here (docs/attack-wing-rules.md lists every code):

- ``ship_is`` (alternatives OR-ed) / ``captain_is``: "This Upgrade may only be purchased for a
  Krenim weapon ship", "… for a Klingon Captain assigned to a Klingon ship"; on a ship card
  ``captain_is`` names the only captains it takes ("This ship may only be assigned Gareb or a
  Romulan Drone Pilot as its Captain");
- ``hull_min`` / ``hull_max`` / ``attack_max``: "… a ship with a Hull Value of 3 or less";
- ``one_per_ship``: "no ship may be equipped with more than one …";
- ``no_captain``: "You cannot assign a Captain or an Admiral to this ship" (Dreadnought);
- ``max_upgrade_cost``: "You cannot deploy a [borg] Upgrade with a cost greater than 5 to this ship";
- ``extra_cost_unless_ship`` (``"a|b"``, amount): "costs +5 SP for any ship other than a …",
  "… for any non-Romulan ship", "… if not equipped to either a …, … or … ship";
- ``extra_cost_unless_captain``, ``extra_cost_if_skill_over``: "+5 SP for any Captain other
  than Karr or a Hirogen Captain", "+5 SP if purchased for a Captain with a Skill greater than 5";
- ``cost_from_attack`` (amount = what is added): "the SP cost is equal to the ship's Primary
  Weapon Value +1";
- ``reduce`` / ``reduce_one`` / ``fleet_discount`` (qualifier, amount): "All of your Xindi
  [weapon] Upgrades cost -1 SP", "One of your Dominion Upgrades costs -2 SP";
- ``reduce_added`` (qualifier, amount): "Add 1 [tech] Upgrade slot to your Upgrade Bar. That Upgrade
  costs -1 SP": the card in each slot the card adds (placed with its whole ship); B'Elanna Torres's
  "-1SP for each unused Upgrade Slot on that ship's printed Upgrade Bar" (``per_unused``);
- ``exact_added`` (qualifier, amount): Balance of Terror's card chosen for the slot it adds, "for a cost
  of exactly 3 SP … of the same faction as the ship and … an SP cost of 5 or less";
- ``places_beneath`` / ``places_beneath_printed`` / ``places_beside``: the cards set face down at setup
  beneath a card (Quark, Experimental Torpedo Bay's "Torpedo [weapon]") or bought beside Shinzon;
- ``waive_penalty`` (qualifier): "You do not pay a faction penalty when assigning …";
- ``double_penalty`` (qualifier): "The faction penalty is doubled for any non-Klingon Upgrades".

A *qualifier* says which cards a reduction or waiver reaches, written ``key=value`` pairs
joined by ``;`` (see :func:`~.qualifiers.read_qualifier`).
"""
