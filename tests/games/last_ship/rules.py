"""The game's one scoring rule, pure Python: the winner scores survivor points per ship still flying
(10 unless the event says otherwise)."""

POINTS_PER_SURVIVOR = 10
MAX_SURVIVORS = 3


def survivor_points(ships_left: int, per_ship: int = POINTS_PER_SURVIVOR) -> int:
    if not 1 <= ships_left <= MAX_SURVIVORS:
        raise ValueError(f"a winner has 1 to {MAX_SURVIVORS} ships left, not {ships_left}")
    return per_ship * ships_left
