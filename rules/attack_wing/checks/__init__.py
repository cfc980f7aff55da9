"""The construction rules, one function each; every one returns the violations it finds.

Section names refer to seed 003 (WizKids "Additional Rules for Tournaments", 5/31/2016).
The engine (:func:`rules.attack_wing.engine.validate_fleet`) runs every rule; the modules group
them by what a rule looks at, so each family reads on its own:

- :mod:`.point_limits`: the fleet's and each ship's SP limits (Suggested format);
- :mod:`.fleet_rules`: the fleet as a whole: ship count, oversized bases, admirals, capital ships,
  unique names and cards that may not share a fleet, the Blind Booster;
- :mod:`.resource_rules`: resources: how many, retired, banned by the venue;
- :mod:`.ship_rules`: one ship by its kind: captain, squadron, shuttlecraft, officers, flagship;
- :mod:`.slot_rules`: upgrades need a slot of their type;
- :mod:`.card_rules`: each card's own deployment restrictions and the ship card's;
- :mod:`.wording`: how a violation names its ship, shared by the others.
"""
