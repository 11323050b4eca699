"""Bradley–Terry ratings on the Elo scale from two-player game results, with 95% intervals.

The model: bot *i* beats bot *j* with probability ``g_i / (g_i + g_j)``; a rating is
``400 log10 g`` (so 400 points of difference are 10:1 odds, as in Elo) and the ``anchor``
bot is rated 0. The fit is the classic minorization–maximization iteration (Hunter 2004,
"MM algorithms for generalized Bradley–Terry models"). A game without a winner counts half a
win to each side. Every pair that met also gets one virtual game split half and half, a weak
prior that keeps a bot that won every game at a finite rating (its effect fades as games are
added). The 95% interval of each rating comes from the Fisher information of the fit (the
anchor's interval is 0 by definition: the others' are differences from it).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Game = tuple[str, str, float]
"""(bot a, bot b, a's score: 1 a won, 0 b won, 0.5 no winner)."""
PRIOR = 0.5
"""Virtual wins each side of every pair that met gets (one virtual game split in two)."""


def fit(bots: Sequence[str], games: Sequence[Game], anchor: str | None = None,
        iterations: int = 2000, tol: float = 1e-10) -> dict[str, float]:
    """Elo-scale ratings of ``bots`` from ``games`` (anchor at 0; default the first bot)."""
    idx = {b: i for i, b in enumerate(bots)}
    n = len(bots)
    wins = [[0.0] * n for _ in range(n)]
    for a, b, s in games:
        i, j = idx[a], idx[b]
        wins[i][j] += s
        wins[j][i] += 1 - s
    for i in range(n):
        for j in range(n):
            if i != j and (wins[i][j] + wins[j][i]) > 0:
                wins[i][j] += PRIOR
    played = [[wins[i][j] + wins[j][i] for j in range(n)] for i in range(n)]
    total = [sum(wins[i]) for i in range(n)]
    g = [1.0] * n
    for _ in range(iterations):
        new = []
        for i in range(n):
            den = sum(played[i][j] / (g[i] + g[j]) for j in range(n) if j != i and played[i][j])
            new.append(total[i] / den if den > 0 else g[i])
        scale = math.exp(sum(math.log(x) for x in new if x > 0) / max(1, sum(1 for x in new if x > 0)))
        new = [x / scale if x > 0 else 1e-12 for x in new]
        delta = max(abs(math.log(a / b)) for a, b in zip(new, g, strict=True))
        g = new
        if delta < tol:
            break
    ref = math.log10(g[idx[anchor if anchor is not None else bots[0]]])
    return {b: 400 * (math.log10(g[idx[b]]) - ref) for b in bots}


def intervals(bots: Sequence[str], games: Sequence[Game], anchor: str | None = None
              ) -> dict[str, tuple[float, float]]:
    """95% interval of each rating from the Fisher information of the fit (the prior's virtual
    games included): the observed information of the log-strengths, the anchor's held at 0,
    inverted; each rating +- 1.96 standard errors. The anchor's interval is its 0."""
    r = fit(bots, games, anchor)
    anchor = anchor if anchor is not None else bots[0]
    idx = {b: i for i, b in enumerate(bots)}
    n = len(bots)
    played = [[0.0] * n for _ in range(n)]
    for a, b, _s in games:
        played[idx[a]][idx[b]] += 1
        played[idx[b]][idx[a]] += 1
    for i in range(n):
        for j in range(n):
            if i != j and played[i][j]:
                played[i][j] += 2 * PRIOR
    theta = [r[b] * math.log(10) / 400 for b in bots]
    free = [i for i in range(n) if bots[i] != anchor]
    info = [[0.0] * len(free) for _ in free]
    for x, i in enumerate(free):
        for j in range(n):
            if j == i or not played[i][j]:
                continue
            p = 1 / (1 + math.exp(theta[j] - theta[i]))
            w = played[i][j] * p * (1 - p)
            info[x][x] += w
            if j in free:
                info[x][free.index(j)] -= w
    cov = _inverse(info)
    out = {anchor: (0.0, 0.0)}
    for x, i in enumerate(free):
        se = math.sqrt(cov[x][x]) * 400 / math.log(10) if cov is not None and cov[x][x] > 0 else math.inf
        out[bots[i]] = (r[bots[i]] - Z95 * se, r[bots[i]] + Z95 * se)
    return out


Z95 = 1.959963984540054


def _inverse(m: list[list[float]]) -> list[list[float]] | None:
    """The inverse of a small square matrix (Gauss-Jordan with partial pivoting), or None when
    it is singular (a bot connected to the anchor by no game)."""
    n = len(m)
    a = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(m)]
    for c in range(n):
        p = max(range(c, n), key=lambda k: abs(a[k][c]))
        if abs(a[p][c]) < 1e-12:
            return None
        a[c], a[p] = a[p], a[c]
        piv = a[c][c]
        a[c] = [x / piv for x in a[c]]
        for k in range(n):
            if k != c and a[k][c]:
                f = a[k][c]
                a[k] = [x - f * y for x, y in zip(a[k], a[c], strict=True)]
    return [row[n:] for row in a]


def expected_score(ra: float, rb: float) -> float:
    """The chance that a bot rated ``ra`` beats one rated ``rb``."""
    return 1 / (1 + 10 ** ((rb - ra) / 400))
