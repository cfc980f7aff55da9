"""Exact maximum-weight perfect matching on a general graph, with its optimality certificate.

This is Edmonds' primal-dual blossom algorithm in the array form popularised by
Joris van Rantwijk (the same algorithm ``networkx.max_weight_matching`` runs),
changed in four ways that the Swiss pairing needs:

* it **returns the dual solution** (vertex duals, the blossom tree and blossom
  duals). A matching whose edges are tight under a dual that is feasible for
  *every* edge of a larger graph is optimal in that larger graph too, so the
  pairing can solve a small candidate graph and then prove the answer against
  the complete one;
* it starts **warm**: instead of one dual value for every vertex, each vertex in
  turn gets the smallest dual that keeps its edges feasible, and is matched along
  an edge that this makes tight when the other end is still single (the greedy
  start of Kolmogorov's Blossom V). On a ranking where good partners sit next to
  each other this pairs nearly everyone before the first augmenting path;
* it grows **one alternating tree at a time**, from each vertex the warm start
  left single, instead of restarting trees from every single vertex after each
  augmentation. In a graph with a perfect matching every single vertex starts an
  augmenting path, and a tree grown from it stays near it, so a stage costs the
  size of its neighbourhood rather than of the graph. The price is that only
  *perfect* matchings are supported;
* the deep recursions of the textbook version (nested blossoms inside a large
  score group) are written as loops, so no recursion limit applies.

Weights must be integers; then every dual value stays an integer. Vertex duals
are stored doubled (``2·u(v)``), blossom duals plainly (``z(B)``), so the doubled
slack of an edge ``(i, j)`` of weight ``w`` is
``dual[i] + dual[j] - 2·w + 2·Σ z(B)`` over the blossoms containing both ends.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.tournament._matching_certificate import NO, MatchingCertificate


def max_weight_perfect_matching(n: int, edges: Sequence[tuple[int, int, int]]) -> MatchingCertificate:
    """A maximum-weight perfect matching of vertices ``0..n-1``, with its certificate.

    ``edges`` are ``(i, j, weight)`` with integer weights and ``i != j``. Raises
    ``ValueError`` when the graph has no perfect matching. The warm start visits
    vertices in index order, so number them so that good partners are close
    (the pairing numbers players by rank).
    """
    return _Solver(n, edges).solve()


class _Solver:
    """State of one run; methods mirror the steps of the textbook algorithm."""

    def __init__(self, n: int, edges: Sequence[tuple[int, int, int]]) -> None:
        self.n = n
        self.edges = edges
        m = len(edges)
        self.weight = [w for _, _, w in edges]
        # endpoint[2k] and endpoint[2k + 1] are the two ends of edge k; a vertex's
        # adjacency lists the endpoint index of the *far* end of each incident edge.
        endpoint = [0] * (2 * m)
        neighbend: list[list[int]] = [[] for _ in range(n)]
        for k, (i, j, _) in enumerate(edges):
            endpoint[2 * k] = i
            endpoint[2 * k + 1] = j
            neighbend[i].append(2 * k + 1)
            neighbend[j].append(2 * k)
        self.endpoint = endpoint
        self.neighbend = neighbend
        self.mate = [NO] * n  # endpoint index of the matched edge's far end
        self.label = [0] * (2 * n)  # 0 free, 1 S, 2 T (5: S with breadcrumb)
        self.labelend = [NO] * (2 * n)
        self.inblossom = list(range(n))
        self.blossomparent = [NO] * (2 * n)
        self.blossomchilds: list[list[int] | None] = [None] * (2 * n)
        self.blossombase = list(range(n)) + [NO] * n
        self.blossomendps: list[list[int] | None] = [None] * (2 * n)
        self.bestedge = [NO] * (2 * n)
        self.blossombestedges: list[list[int] | None] = [None] * (2 * n)
        self.unusedblossoms = list(range(n, 2 * n))
        self.dual = [0] * (2 * n)
        self.allowedge = [False] * m
        self.queue: list[int] = []
        # What the current stage touched, so a dual step costs the size of the
        # alternating trees rather than of the graph (entries may be stale).
        self.tree_vertices: list[int] = []
        self.tree_blossoms: list[int] = []
        self.reached: list[int] = []  # unlabelled vertices with a least-slack edge
        self.s_with_best: list[int] = []  # S-blossoms with a least-slack edge

    # -- helpers -----------------------------------------------------------------

    def slack(self, k: int) -> int:
        i, j, w = self.edges[k]
        return self.dual[i] + self.dual[j] - 2 * w

    def leaves(self, b: int) -> list[int]:
        n = self.n
        if b < n:
            return [b]
        out = []
        stack = [b]
        childs = self.blossomchilds
        while stack:
            t = stack.pop()
            if t < n:
                out.append(t)
            else:
                children = childs[t]
                assert children is not None  # a blossom (t >= n) has its children
                stack.extend(children)
        return out

    def warm_start(self) -> None:
        """Feasible even duals with a greedy matching of tight edges (see the module docstring).

        Tight edges join duals of equal parity, so with even duals at the start every
        vertex of a tree shares its root's parity, every slack between two of its
        S-vertices is even, and halving it (the dual step that closes a blossom)
        stays an integer.
        """
        n, dual, mate, endpoint, weight, neighbend = (
            self.n,
            self.dual,
            self.mate,
            self.endpoint,
            self.weight,
            self.neighbend,
        )
        for v in range(n):
            top = max((weight[p >> 1] for p in neighbend[v]), default=0)
            dual[v] = top + (top & 1)
        for v in range(n):
            if mate[v] != NO or not neighbend[v]:
                continue
            lowest = max(2 * weight[p >> 1] - dual[endpoint[p]] for p in neighbend[v])
            dual[v] = lowest
            for p in neighbend[v]:
                w = endpoint[p]
                if mate[w] == NO and 2 * weight[p >> 1] - dual[w] == lowest:
                    mate[v] = p
                    mate[w] = p ^ 1
                    break

    # -- labelling ---------------------------------------------------------------

    def assign_label(self, w: int, t: int, p: int) -> None:
        label, labelend, bestedge = self.label, self.labelend, self.bestedge
        while True:
            b = self.inblossom[w]
            label[w] = label[b] = t
            labelend[w] = labelend[b] = p
            bestedge[w] = bestedge[b] = NO
            members = self.leaves(b)
            self.tree_vertices.extend(members)
            if b >= self.n:
                self.tree_blossoms.append(b)
            if t == 1:
                self.queue.extend(members)
                return
            # A T-blossom's base is matched: its mate becomes an S-vertex.
            base = self.blossombase[b]
            matep = self.mate[base]
            w, t, p = self.endpoint[matep], 1, matep ^ 1

    def scan_blossom(self, v: int, w: int) -> int:
        """Trace back from ``v`` and ``w``: base of a new blossom, or ``-1`` for an augmenting path."""
        label, labelend, endpoint, inblossom = self.label, self.labelend, self.endpoint, self.inblossom
        path = []
        base = NO
        while v != NO or w != NO:
            b = inblossom[v]
            if label[b] & 4:
                base = self.blossombase[b]
                break
            path.append(b)
            label[b] = 5
            if labelend[b] == NO:
                v = NO
            else:
                v = endpoint[labelend[b]]
                b = inblossom[v]
                v = endpoint[labelend[b]]
            if w != NO:
                v, w = w, v
        for b in path:
            label[b] = 1
        return base

    def add_blossom(self, base: int, k: int) -> None:
        v, w, _ = self.edges[k]
        inblossom, labelend, endpoint = self.inblossom, self.labelend, self.endpoint
        blossomparent, label = self.blossomparent, self.label
        bb = inblossom[base]
        bv = inblossom[v]
        bw = inblossom[w]
        b = self.unusedblossoms.pop()
        self.blossombase[b] = base
        blossomparent[b] = NO
        blossomparent[bb] = b
        path: list[int] = []
        endps: list[int] = []
        while bv != bb:
            blossomparent[bv] = b
            path.append(bv)
            endps.append(labelend[bv])
            v = endpoint[labelend[bv]]
            bv = inblossom[v]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append(2 * k)
        while bw != bb:
            blossomparent[bw] = b
            path.append(bw)
            endps.append(labelend[bw] ^ 1)
            w = endpoint[labelend[bw]]
            bw = inblossom[w]
        self.blossomchilds[b] = path
        self.blossomendps[b] = endps
        label[b] = 1
        labelend[b] = labelend[bb]
        self.dual[b] = 0
        for leaf in self.leaves(b):
            if label[inblossom[leaf]] == 2:
                self.queue.append(leaf)
            inblossom[leaf] = b
        # Least-slack edges from the new blossom to every neighbouring S-blossom.
        bestedgeto: dict[int, tuple[int, int]] = {}  # S-blossom -> (slack, edge)
        dual, edges = self.dual, self.edges
        for sub in path:
            best_edges = self.blossombestedges[sub]
            if best_edges is None:
                candidates = [p >> 1 for leaf in self.leaves(sub) for p in self.neighbend[leaf]]
            else:
                candidates = best_edges
            for kk in candidates:
                i, j, wt = edges[kk]
                if inblossom[j] == b:
                    i, j = j, i
                bj = inblossom[j]
                if bj != b and label[bj] == 1:
                    s = dual[i] + dual[j] - 2 * wt
                    best = bestedgeto.get(bj)
                    if best is None or s < best[0]:
                        bestedgeto[bj] = (s, kk)
            self.blossombestedges[sub] = None
            self.bestedge[sub] = NO
        self.blossombestedges[b] = [kk for _, kk in bestedgeto.values()]
        self.bestedge[b] = min(bestedgeto.values())[1] if bestedgeto else NO
        self.tree_blossoms.append(b)
        self.s_with_best.append(b)

    def expand_blossom(self, root: int, endstage: bool) -> None:
        n = self.n
        label, labelend, inblossom = self.label, self.labelend, self.inblossom
        blossomparent, blossomchilds, dual = self.blossomparent, self.blossomchilds, self.dual
        pending = [root]
        while pending:
            b = pending.pop()
            children = blossomchilds[b]
            assert children is not None  # only blossoms are expanded
            for s in children:
                blossomparent[s] = NO
                if s < n:
                    inblossom[s] = s
                elif endstage and dual[s] == 0:
                    pending.append(s)
                else:
                    for leaf in self.leaves(s):
                        inblossom[leaf] = s
            if not endstage and label[b] == 2:
                self._relabel_expanded_t_blossom(b)
            label[b] = labelend[b] = NO
            blossomchilds[b] = self.blossomendps[b] = None
            self.blossombase[b] = NO
            self.blossombestedges[b] = None
            self.bestedge[b] = NO
            self.unusedblossoms.append(b)

    def _relabel_expanded_t_blossom(self, b: int) -> None:
        """Keep the alternating tree valid after a T-blossom is split into its children."""
        label, labelend, endpoint, inblossom = self.label, self.labelend, self.endpoint, self.inblossom
        childs = self.blossomchilds[b]
        endps = self.blossomendps[b]
        assert childs is not None and endps is not None  # only blossoms are expanded
        entrychild = inblossom[endpoint[labelend[b] ^ 1]]
        j = childs.index(entrychild)
        if j & 1:
            j -= len(childs)
            jstep = 1
            endptrick = 0
        else:
            jstep = -1
            endptrick = 1
        p = labelend[b]
        while j != 0:
            label[endpoint[p ^ 1]] = 0
            label[endpoint[endps[j - endptrick] ^ endptrick ^ 1]] = 0
            self.assign_label(endpoint[p ^ 1], 2, p)
            self.allowedge[endps[j - endptrick] >> 1] = True
            j += jstep
            p = endps[j - endptrick] ^ endptrick
            self.allowedge[p >> 1] = True
            j += jstep
        bv = childs[j]
        label[endpoint[p ^ 1]] = label[bv] = 2
        labelend[endpoint[p ^ 1]] = labelend[bv] = p
        self.bestedge[bv] = NO
        if bv >= self.n:
            self.tree_blossoms.append(bv)
        j += jstep
        while childs[j] != entrychild:
            bv = childs[j]
            if label[bv] == 1:
                j += jstep
                continue
            reached = NO
            for leaf in self.leaves(bv):
                if label[leaf] != 0:
                    reached = leaf
                    break
            if reached != NO:
                label[reached] = 0
                label[endpoint[self.mate[self.blossombase[bv]]]] = 0
                self.assign_label(reached, 2, labelend[reached])
            j += jstep

    def augment_blossom(self, root: int, vertex: int) -> None:
        """Swap matched and unmatched edges inside ``root`` so that ``vertex`` becomes its base."""
        n = self.n
        blossomparent, endpoint, mate = self.blossomparent, self.endpoint, self.mate
        stack = [(root, vertex)]
        while stack:
            b, v = stack.pop()
            t = v
            while blossomparent[t] != b:
                t = blossomparent[t]
            childs = self.blossomchilds[b]
            endps = self.blossomendps[b]
            assert childs is not None and endps is not None  # only blossoms are augmented
            i = j = childs.index(t)
            if i & 1:
                j -= len(childs)
                jstep = 1
                endptrick = 0
            else:
                jstep = -1
                endptrick = 1
            # Sub-blossoms are independent of each other: order does not matter.
            if t >= n:
                stack.append((t, v))
            while j != 0:
                j += jstep
                t = childs[j]
                p = endps[j - endptrick] ^ endptrick
                if t >= n:
                    stack.append((t, endpoint[p]))
                j += jstep
                t = childs[j]
                if t >= n:
                    stack.append((t, endpoint[p ^ 1]))
                mate[endpoint[p]] = p ^ 1
                mate[endpoint[p ^ 1]] = p
            self.blossomchilds[b] = childs[i:] + childs[:i]
            self.blossomendps[b] = endps[i:] + endps[:i]
            self.blossombase[b] = v

    def augment_matching(self, k: int) -> None:
        v, w, _ = self.edges[k]
        n = self.n
        inblossom, labelend, endpoint, mate = self.inblossom, self.labelend, self.endpoint, self.mate
        for s, p in ((v, 2 * k + 1), (w, 2 * k)):
            while True:
                bs = inblossom[s]
                if bs >= n:
                    self.augment_blossom(bs, s)
                mate[s] = p
                if labelend[bs] == NO:
                    break
                t = endpoint[labelend[bs]]
                bt = inblossom[t]
                s = endpoint[labelend[bt]]
                j = endpoint[labelend[bt] ^ 1]
                if bt >= n:
                    self.augment_blossom(bt, j)
                mate[j] = labelend[bt]
                p = labelend[bt] ^ 1

    # -- main loop -----------------------------------------------------------------

    def solve(self) -> MatchingCertificate:
        self.warm_start()
        mate = self.mate
        for root in range(self.n):
            if mate[root] == NO:
                if not self._stage(root):
                    raise ValueError("the graph has no perfect matching")
                # Blossoms of this tree whose dual fell to zero are no longer needed.
                for b in set(self.tree_blossoms):
                    if (
                        self.blossomparent[b] == NO
                        and self.blossombase[b] >= 0
                        and self.label[b] == 1
                        and self.dual[b] == 0
                    ):
                        self.expand_blossom(b, True)
        partner = [self.endpoint[p] for p in mate]
        children = {b: list(c) for b, c in enumerate(self.blossomchilds) if c is not None}
        return MatchingCertificate(mate=partner, dual=self.dual, parent=self.blossomparent, children=children)

    def _stage(self, root: int) -> bool:
        """Grow one alternating tree from ``root`` until it reaches another single vertex.

        Every single vertex of a graph with a perfect matching starts an
        augmenting path, so one tree at a time suffices; it stays near its root,
        which keeps a stage cheap. False when the tree can grow no further.
        """
        n = self.n
        self.label[:] = [0] * (2 * n)
        self.bestedge[:] = [NO] * (2 * n)
        self.blossombestedges[n:] = [None] * n
        self.allowedge[:] = [False] * len(self.edges)
        self.queue[:] = []
        self.tree_vertices[:] = []
        self.tree_blossoms[:] = []
        self.reached[:] = []
        self.s_with_best[:] = []
        self.assign_label(root, 1, NO)
        while True:
            if self._grow():
                return True
            if not self._adjust_duals():
                return False

    def _grow(self) -> bool:
        """Label along tight edges; True once the matching was augmented."""
        label, labelend, inblossom, endpoint = self.label, self.labelend, self.inblossom, self.endpoint
        allowedge, bestedge, dual, weight = self.allowedge, self.bestedge, self.dual, self.weight
        queue, neighbend, reached, s_with_best = self.queue, self.neighbend, self.reached, self.s_with_best
        while queue:
            v = queue.pop()
            dv = dual[v]
            for p in neighbend[v]:
                k = p >> 1
                w = endpoint[p]
                bv = inblossom[v]
                bw = inblossom[w]
                if bv == bw:
                    continue
                if not allowedge[k]:
                    kslack = dv + dual[w] - 2 * weight[k]
                    if kslack <= 0:
                        allowedge[k] = True
                if allowedge[k]:
                    if label[bw] == 0 and self.mate[self.blossombase[bw]] == NO:
                        # Another single vertex (or a blossom based on one): augment.
                        self.assign_label(w, 1, NO)
                        self.augment_matching(k)
                        return True
                    if label[bw] == 0:
                        self.assign_label(w, 2, p ^ 1)
                    elif label[bw] == 1:
                        base = self.scan_blossom(v, w)
                        if base >= 0:
                            self.add_blossom(base, k)
                        else:
                            self.augment_matching(k)
                            return True
                    elif label[w] == 0:
                        label[w] = 2
                        labelend[w] = p ^ 1
                elif label[bw] == 1:
                    best = bestedge[bv]
                    if best == NO:
                        bestedge[bv] = k
                        s_with_best.append(bv)
                    elif kslack < dual[endpoint[2 * best]] + dual[endpoint[2 * best + 1]] - 2 * weight[best]:
                        bestedge[bv] = k
                elif label[w] == 0:  # outside the tree, or not yet reached inside a T-blossom
                    best = bestedge[w]
                    if best == NO:
                        bestedge[w] = k
                        reached.append(w)
                    elif kslack < dual[endpoint[2 * best]] + dual[endpoint[2 * best + 1]] - 2 * weight[best]:
                        bestedge[w] = k
        return False

    def _adjust_duals(self) -> bool:
        """Move the duals by the largest step keeping them feasible; False when no step exists."""
        label, inblossom, bestedge, dual = self.label, self.inblossom, self.bestedge, self.dual
        blossomparent, blossombase = self.blossomparent, self.blossombase
        deltatype = NO
        delta = deltaedge = deltablossom = 0
        for v in self.reached:
            if label[inblossom[v]] == 0 and bestedge[v] != NO:
                d = self.slack(bestedge[v])
                if deltatype == NO or d < delta:
                    delta, deltatype, deltaedge = d, 2, bestedge[v]
        for b in self.s_with_best:
            if blossomparent[b] == NO and label[b] == 1 and bestedge[b] != NO:
                d = self.slack(bestedge[b]) // 2
                if deltatype == NO or d < delta:
                    delta, deltatype, deltaedge = d, 3, bestedge[b]
        top_blossoms = {
            b for b in self.tree_blossoms if blossombase[b] >= 0 and blossomparent[b] == NO and label[b] in (1, 2)
        }
        self.tree_blossoms[:] = top_blossoms
        for b in top_blossoms:
            if label[b] == 2 and (deltatype == NO or dual[b] < delta):
                delta, deltatype, deltablossom = dual[b], 4, b
        if deltatype == NO:
            return False
        tree_vertices = list(dict.fromkeys(v for v in self.tree_vertices if label[inblossom[v]]))
        self.tree_vertices[:] = tree_vertices
        for v in tree_vertices:
            if label[inblossom[v]] == 1:
                dual[v] -= delta
            else:
                dual[v] += delta
        for b in top_blossoms:
            if label[b] == 1:
                dual[b] += delta
            else:
                dual[b] -= delta
        if deltatype == 4:
            self.expand_blossom(deltablossom, False)
        else:
            self.allowedge[deltaedge] = True
            i, j, _ = self.edges[deltaedge]
            if label[inblossom[i]] == 0:
                i = j
            self.queue.append(i)
        return True
