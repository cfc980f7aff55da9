"""The game's one scoring rule, pure Python: the winner scores 10 survivor points per ship still flying."""

POINTS_PER_SURVIVOR = 10
MAX_SURVIVORS = 3


def survivor_points(ships_left: int) -> int:
    if not 1 <= ships_left <= MAX_SURVIVORS:
        raise ValueError(f"a winner has 1 to {MAX_SURVIVORS} ships left, not {ships_left}")
    return POINTS_PER_SURVIVOR * ships_left
