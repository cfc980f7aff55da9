"""Ship cards for the Starship Command tests: made-up names, stats shaped like the rulebook's examples."""

from rules.starship_command import ShipCard


def ship(name, race="confederation", value=20, *, shields=10, structure=15, fighters=0, ship_class="cruiser"):
    return ShipCard(
        name=name,
        race=race,
        ship_class=ship_class,
        value=value,
        shields=shields,
        structure=structure,
        crippled=(shields + structure) // 2,
        weapons=("phaser-1", "plasma"),
        fighter_capacity=fighters,
    )


# "29 points for the Saratoga class heavy Cruiser"; "a shield strength of 20" (Scoring Points, Totaling Damage).
SARATOGA = ship("Saratoga", value=29, shields=20, structure=24, ship_class="heavy cruiser")
