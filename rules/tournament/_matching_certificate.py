"""The dual solution of a maximum-weight perfect matching, and the questions pairing asks it.

Linear-programming duality for perfect matchings (Edmonds): a perfect matching
is optimal if its edges have zero reduced cost under a dual solution whose
reduced costs are never negative. The dual has a value per vertex and one per
odd set (blossom) of a nested family. :mod:`rules.tournament._matching` solves a small
graph and hands back that dual; checking it against edges the solver never saw
proves (or refutes) optimality in a larger graph, and this module makes those
checks cheap: one walk up the blossom forest per edge, or a bound per vertex
and class of vertices (:meth:`MatchingCertificate.partner_floor`).

Vertex duals are stored doubled (``2·u(v)``) and blossom duals plainly (``z(B)``),
as the solver keeps them, so every value stays an integer.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import inf

NO = -1  # "none" for vertex, edge and blossom references


class MatchingCertificate:
    """A perfect matching together with the dual solution that proves it optimal.

    ``mate[v]`` is ``v``'s partner. ``dual`` holds doubled vertex duals at
    ``[0, n)`` and blossom duals at ``[n, 2n)``; ``parent[x]`` is the blossom
    directly containing vertex or blossom ``x`` (``-1`` at top level) and
    ``children`` lists the members of every blossom still standing.
    """

    __slots__ = ("mate", "dual", "parent", "children", "_depth", "_above", "_top")

    def __init__(self, mate: list[int], dual: list[int], parent: list[int], children: dict[int, list[int]]) -> None:
        self.mate = mate
        self.dual = dual
        self.parent = parent
        self.children = children
        # Per node of the blossom forest: depth, root, and the doubled blossom duals
        # from the node up to its root, so shared blossoms cost one walk to the
        # lowest common ancestor and no allocation.
        size = len(parent)
        self._depth = [0] * size
        self._above = [0] * size
        self._top = list(range(size))
        n = len(mate)
        stack = [x for x in [*range(n), *children] if parent[x] == NO]
        while stack:
            b = stack.pop()
            if b < n:
                continue
            self._above[b] += 2 * dual[b]
            for c in children[b]:
                self._depth[c] = self._depth[b] + 1
                self._above[c] = self._above[b]
                self._top[c] = self._top[b]
                stack.append(c)

    def common_blossom_dual(self, i: int, j: int) -> int:
        """Doubled sum of ``z(B)`` over the blossoms that contain both ``i`` and ``j``."""
        if self._top[i] != self._top[j]:
            return 0
        depth, parent = self._depth, self.parent
        i, j = parent[i], parent[j]
        while depth[i] > depth[j]:
            i = parent[i]
        while depth[j] > depth[i]:
            j = parent[j]
        while i != j:
            i, j = parent[i], parent[j]
        return self._above[i]

    def slack(self, i: int, j: int, weight: int) -> int:
        """Doubled reduced cost of edge ``(i, j)``; the dual is feasible for it when this is ``>= 0``."""
        return self.dual[i] + self.dual[j] - 2 * weight + self.common_blossom_dual(i, j)

    def covers(self, i: int, j: int, weight: int) -> bool:
        """Whether the dual is feasible for edge ``(i, j)``; bounds on the shared blossoms settle most edges."""
        base = self.dual[i] + self.dual[j] - 2 * weight
        if base >= 0:
            return True
        top = self._top[i]
        if top != self._top[j]:
            return False
        above, parent = self._above, self.parent
        if base + above[top] >= 0:  # the outermost blossom holds both
            return True
        if base + min(above[parent[i]], above[parent[j]]) < 0:  # even every blossom of i or j would not do
            return False
        return base + self.common_blossom_dual(i, j) >= 0

    def partner_floor(self, classes: Sequence[int], count: int) -> list[list[float]]:
        """``floor[v][c]``: least ``dual[w] + common_blossom_dual(v, w)`` over vertices ``w != v`` of class ``c``.

        With it, ``dual[v] + floor[v][c] - 2·W >= 0`` proves the dual feasible for
        every edge from ``v`` into class ``c`` whose weight is at most ``W``, in
        time linear in the size of the blossom tree instead of one walk per edge.
        ``classes[v]`` is ``v``'s class, ``-1`` for none.
        """
        n = len(self.mate)
        dual, children = self.dual, self.children
        top = [x for x in [*range(n), *children] if self.parent[x] == NO]
        # Bottom up: least dual[w] over the class-c vertices w inside x.
        inside: dict[int, list[float]] = {}
        for v in range(n):
            row = [inf] * count
            if classes[v] >= 0:
                row[classes[v]] = dual[v]
            inside[v] = row
        for b in self._bottom_up(top):
            inside[b] = [min(column) for column in zip(*(inside[c] for c in children[b]), strict=True)]
        # Top down: a partner w in a sibling of the member holding v shares exactly the
        # blossoms from the common parent up, whose doubled duals add up to ``shared``.
        floor: dict[int, list[float]] = {}
        pending = [(top, 0, [inf] * count)]
        while pending:
            members, shared, above = pending.pop()
            for c in members:
                floor[c] = list(above)
            for k in range(count):
                best = second = inf
                holder = NO
                for c in members:
                    value = inside[c][k]
                    if value < best:
                        best, second, holder = value, best, c
                    elif value < second:
                        second = value
                for c in members:
                    other = (second if c == holder else best) + shared
                    if other < floor[c][k]:
                        floor[c][k] = other
            for c in members:
                if c >= n:
                    pending.append((children[c], shared + 2 * dual[c], floor[c]))
        return [floor[v] for v in range(n)]

    def _bottom_up(self, top: list[int]) -> list[int]:
        """Every standing blossom, children before parents."""
        n = len(self.mate)
        order = []
        stack = [x for x in top if x >= n]
        while stack:
            b = stack.pop()
            order.append(b)
            stack.extend(c for c in self.children[b] if c >= n)
        order.reverse()
        return order
