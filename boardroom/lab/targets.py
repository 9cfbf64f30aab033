"""The balance targets of a lesson's ruleset (issue 12), measured with confidence intervals.

Rates get Wilson score intervals; means get the normal interval mean ± 1.96·s/√n.
A target is met when its whole 95 % interval lies inside the goal (``met``), and
"met on the point estimate" when only the estimate does (``point``).

>>> lo, hi = wilson(510, 1000)
>>> round(lo, 4), round(hi, 4)
(0.479, 0.5409)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import sqrt
from statistics import fmean, stdev

from boardroom.games.exchange.ruleset import FIRMS, load_ruleset
from boardroom.lab.summary import Cell

Z = 1.959964
"""The 97.5 % normal quantile: two-sided 95 % intervals."""


def wilson(hits: int, n: int, z: float = Z) -> tuple[float, float]:
    """The Wilson score interval of a rate ``hits / n``.

    >>> wilson(0, 10)[0], round(wilson(0, 10)[1], 4)
    (0.0, 0.2775)
    """
    if n == 0:
        return (0.0, 1.0)
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: Sequence[float], z: float = Z) -> tuple[float, float, float]:
    """The mean and its normal 95 % interval.

    >>> mean_interval([1.0, 2.0, 3.0])
    (2.0, 0.8684, 3.1316)
    """
    mean = fmean(values)
    half = z * stdev(values) / sqrt(len(values)) if len(values) > 1 else 0.0
    return (round(mean, 4), round(mean - half, 4), round(mean + half, 4))


@dataclass(frozen=True)
class Target:
    """One measured figure against its goal [low, high]."""

    name: str
    value: float
    low: float
    high: float
    goal: tuple[float, float]
    unit: str = ""

    @property
    def met(self) -> bool:
        """The whole interval lies inside the goal."""
        return self.goal[0] <= self.low and self.high <= self.goal[1]

    @property
    def point(self) -> bool:
        """The estimate lies inside the goal."""
        return self.goal[0] <= self.value <= self.goal[1]

    def line(self) -> str:
        """The target as one line of text.

        >>> Target("white wins", 51.0, 47.9, 54.1, (42.0, 58.0), " %").line()
        'white wins: 51.0 % [47.9, 54.1] goal 42.0-58.0 % — met'
        """
        verdict = "met" if self.met else "point estimate only" if self.point else "NOT met"
        goal = f"{self.goal[0]:.1f}-{self.goal[1]:.1f}{self.unit}"
        return (
            f"{self.name}: {self.value:.1f}{self.unit} [{self.low:.1f}, {self.high:.1f}] "
            f"goal {goal} — {verdict}"
        )


def _rate(
    name: str, rows: Sequence[dict[str, Cell]], key: str, value: str, goal: tuple[float, float]
) -> Target:
    hits = sum(1 for r in rows if str(r[key]) == value)
    low, high = wilson(hits, len(rows))
    return Target(name, 100 * hits / len(rows), 100 * low, 100 * high, goal, " %")


def _mean(name: str, values: Sequence[float], goal: tuple[float, float], unit: str = "") -> Target:
    mean, low, high = mean_interval(values)
    return Target(name, mean, low, high, goal, unit)


def _numbers(rows: Sequence[dict[str, Cell]], key: str) -> list[float]:
    return [float(r[key]) for r in rows if key in r and r[key] != ""]


def targets(
    rows: Sequence[dict[str, Cell]], kinds: Sequence[str], ruleset: object = None
) -> list[Target]:
    """Issue 12's targets for one ruleset's games (rows of ``games.csv``)."""
    start = load_ruleset(ruleset).player_cash
    found = [_rate("white wins", rows, "colour_winner", "white", (42.0, 58.0))]
    for kind in kinds:
        found.append(_rate(f"richest player is a {kind}", rows, "top_kind", kind, (0.0, 60.0)))
    found.append(
        _mean("dividend yield a year", _numbers(rows, "dividend_yield"), (4.0, 100.0), " %")
    )
    if "raider" in kinds:
        raiders = [100 * (w / start - 1) for w in _numbers(rows, "wealth_raider")]
        found.append(_mean("raiders' final wealth vs start", raiders, (-15.0, 15.0), " %"))
    ratios = [100 * (v - 1) for v in _numbers(rows, "privatization_ratio")]
    if ratios:
        found.append(
            _mean("State's sale price vs the shares' end value", ratios, (-15.0, 15.0), " %")
        )
    found.extend(production(rows))
    return found


def production(rows: Sequence[dict[str, Cell]]) -> list[Target]:
    """Each firm's production (final value plus dividends paid) against the mean of all."""
    per_firm = {firm: _numbers(rows, f"worth_f{firm}") for firm in FIRMS}
    overall = fmean(v for values in per_firm.values() for v in values)
    found = []
    for firm, values in per_firm.items():
        mean, low, high = mean_interval([100 * (v / overall - 1) for v in values])
        found.append(
            Target(f"firm {firm}'s production vs the mean", mean, low, high, (-15.0, 15.0), " %")
        )
    return found


def minutes(rows: Sequence[dict[str, Cell]]) -> str:
    """How long the games lasted on the lab's clock.

    >>> minutes([{"minutes": 50.0}, {"minutes": 70.0}])
    'game length: mean 60.0 min, 10-90 % 50.0-70.0 min'
    """
    values = sorted(_numbers(rows, "minutes"))
    if not values:
        return "game length: unknown"
    tenth = values[int(0.1 * (len(values) - 1))]
    ninetieth = values[round(0.9 * (len(values) - 1))]
    return f"game length: mean {fmean(values):.1f} min, 10-90 % {tenth:.1f}-{ninetieth:.1f} min"
