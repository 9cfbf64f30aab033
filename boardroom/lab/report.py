"""The lab's outputs: ``games.csv`` (one row per game), PNG plots and ``report.html``.

The HTML is self-contained: inline style, the plots as PNG files next to it, no
script and nothing fetched from elsewhere. With two rulesets (``--compare``) every
table and plot shows them side by side. Nothing in the files depends on the clock,
so the same seed gives the same report.

>>> rows = [{"game": 0, "ruleset": "a", "x": 1.5}, {"game": 1, "ruleset": "a", "x": 2}]
>>> print(csv_text(rows), end="")
game,ruleset,x
0,a,1.5
1,a,2
"""

from __future__ import annotations

import csv
import html
import io
import math
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from statistics import fmean, median
from typing import TYPE_CHECKING, Any

from boardroom.games.exchange.ruleset import load_ruleset
from boardroom.lab.sim import LabConfig
from boardroom.lab.summary import Cell, GameResult

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

COLOURS = ("white", "black")
SERIES = ("#1f77b4", "#d62728")
GROUPS = ("price_y", "worth_f", "wealth_")


@dataclass(frozen=True)
class Run:
    """One ruleset's games: its label, the games' results (in game order), the lab settings."""

    label: str
    results: list[GameResult]
    config: LabConfig | None = None

    @property
    def rows(self) -> list[dict[str, Cell]]:
        return [r.row for r in self.results]


def columns(rows: Sequence[dict[str, Cell]]) -> list[str]:
    """Every column, in a fixed order: the plain ones, then prices, firm values, wealth.

    >>> columns([{"game": 0, "price_y1": 1, "wealth_noise": 2, "price_y0": 3}])
    ['game', 'price_y0', 'price_y1', 'wealth_noise']
    """
    seen = list(dict.fromkeys(k for row in rows for k in row))
    plain = [k for k in seen if not k.startswith(GROUPS)]

    def numbered(prefix: str) -> list[str]:
        found = [k for k in seen if k.startswith(prefix)]
        if prefix == "wealth_":
            return found
        return sorted(found, key=lambda k: int(k[len(prefix) :]))

    return plain + [k for prefix in GROUPS for k in numbered(prefix)]


def csv_text(rows: Sequence[dict[str, Cell]]) -> str:
    """The rows as CSV text (``\\n`` line ends; a missing cell is empty)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns(rows), lineterminator="\n", restval="")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def write_report(
    out: Path, runs: Sequence[Run], *, executor: Executor | None = None, workers: int = 1
) -> list[Path]:
    """Write ``games.csv``, the plots and ``report.html`` into ``out``; the files written.

    With a process pool (the one that played the games) the plots are drawn on it, in
    ``workers`` tasks at once, while this process writes the CSV (each plot is drawn on its
    own figure, so the files are the same); elsewhere here (matplotlib's pyplot is not
    safe to use from several threads, which a Dask worker may run).
    """
    out.mkdir(parents=True, exist_ok=True)
    rows = [row for run in runs for row in run.rows]
    if not isinstance(executor, ProcessPoolExecutor) or workers <= 1:
        (out / "games.csv").write_text(csv_text(rows), encoding="utf-8")
        plots = draw_plots(out, runs)
    else:
        names = [plot[0] for plot in PLOTS]
        shares = [names[k::workers] for k in range(min(workers, len(names)))]
        drawn: list[Future[list[tuple[str, str, bytes]]]] = [
            executor.submit(render_plots, list(runs), share) for share in shares
        ]
        (out / "games.csv").write_text(csv_text(rows), encoding="utf-8")
        images = {name: (caption, png) for share in drawn for name, caption, png in share.result()}
        plots = []
        for name in names:
            caption, png = images[name]
            (out / name).write_bytes(png)
            plots.append((name, caption))
    (out / "report.html").write_text(html_text(runs, plots), encoding="utf-8")
    return [out / "games.csv", *(out / name for name, _ in plots), out / "report.html"]


# --- numbers ------------------------------------------------------------------------------


def share(rows: Sequence[dict[str, Cell]], key: str, value: str) -> float:
    """The fraction of rows whose ``key`` is ``value``.

    >>> share([{"w": "white"}, {"w": "black"}, {"w": "white"}], "w", "white")
    0.6666666666666666
    """
    return sum(1 for r in rows if str(r[key]) == value) / len(rows) if rows else 0.0


def mean_of(rows: Sequence[dict[str, Cell]], key: str) -> float:
    """The mean of a numeric column (missing cells skipped).

    >>> mean_of([{"x": 1}, {"x": ""}, {"x": 4}], "x")
    2.5
    """
    values = [float(r[key]) for r in rows if key in r and r[key] != ""]
    return fmean(values) if values else 0.0


def kinds_of(run: Run) -> list[str]:
    """The robot kinds present, in seat order."""
    return list(dict.fromkeys(kind for r in run.results for kind, _ in r.wealth))


def settings(config: LabConfig) -> dict[str, str]:
    """What the games were played with: the ruleset's changes from the classic one, the robots.

    >>> settings(LabConfig(ruleset={"preset": "demo"}))["ruleset"]
    'time_scale=0.1, years=3'
    """
    classic = load_ruleset().as_json()
    chosen = load_ruleset(dict(config.ruleset)).as_json()
    changed = [f"{k}={_short(v)}" for k, v in sorted(chosen.items()) if classic[k] != v]
    board = config.board
    passing = "never by choice" if board.pass_margin is None else f"margin {board.pass_margin}"
    return {
        "ruleset": ", ".join(changed) or "classic (the defaults)",
        "robots": ", ".join(f"{count} {kind}" for kind, count in config.roster),
        "board robot": f"{'/'.join(board.levels)}, {board.nodes} nodes a move, passes {passing}",
        "late directors": f"{100 * config.late_rate:.0f} % of calls",
    }


def _short(value: object) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_short(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_short(v) for v in value) + "]"
    return str(value)


def headline(run: Run) -> dict[str, str]:
    """The figures the report's table shows for one ruleset."""
    rows = run.rows
    figures = settings(run.config) if run.config is not None else {}
    figures |= {
        "games": str(len(rows)),
        "white wins (board, else the colour whose firms produced more)": _pct(
            share(rows, "colour_winner", "white")
        ),
        "black wins (board, else the colour whose firms produced more)": _pct(
            share(rows, "colour_winner", "black")
        ),
        "board won by white": _pct(share(rows, "board_winner", "white")),
        "board won by black": _pct(share(rows, "board_winner", "black")),
        "board decided": _pct(1 - share(rows, "board_reason", "undecided")),
        "years played (mean)": f"{mean_of(rows, 'years'):.2f}",
        "moves on the board (mean)": f"{mean_of(rows, 'plies'):.1f}",
        "takeovers per game (mean)": f"{mean_of(rows, 'takeovers'):.2f}",
        "games with a takeover": _pct(sum(1 for r in rows if int(r["takeovers"])) / len(rows)),
        "dividend yield per year (mean)": f"{mean_of(rows, 'dividend_yield'):.2f} %",
        "trades per game (mean)": f"{mean_of(rows, 'trades'):.1f}",
        "State sold out (no share left at the end)": _pct(share(rows, "state_shares", "0")),
        "refused commands": str(sum(int(r["refusals"]) for r in rows)),
    }
    if rows and "private_trades" in rows[0]:
        figures |= market_figures(rows)
    seats = Counter(kind for kind, _ in run.results[0].wealth) if run.results else Counter()
    total = sum(seats.values())
    for kind in kinds_of(run):
        figures[f"wealth of a {kind} (mean)"] = f"{mean_of(rows, f'wealth_{kind}'):.1f}"
        won = share(rows, "top_kind", kind)
        figures[f"richest player is a {kind}"] = (
            f"{_pct(won)} (seats: {_pct(seats[kind] / total)})" if total else _pct(won)
        )
    return figures


def percentile(values: Sequence[float], fraction: float) -> float:
    """The ``fraction`` quantile of ``values`` (nearest rank; 0 for none).

    >>> percentile([5, 1, 3, 2, 4], 0.5), percentile([5, 1, 3, 2, 4], 0.1)
    (3, 1)
    """
    ranked = sorted(values)
    if not ranked:
        return 0
    return ranked[max(0, min(len(ranked) - 1, math.ceil(fraction * len(ranked)) - 1))]


def market_figures(rows: Sequence[dict[str, Cell]]) -> dict[str, str]:
    """The market's health: private trades (the State's privatization left out), by kind of
    buyer and seller, meetings called and held, two-sided books."""
    private = [int(r["private_trades"]) for r in rows]
    called = sum(1 for r in rows if int(r["meetings_called"])) / len(rows)
    figures = {
        "private trades per game (median)": str(percentile(private, 0.5)),
        "private trades per game (10th percentile)": str(percentile(private, 0.1)),
        "private trades per game (mean)": f"{fmean(private):.1f}",
        "games with a meeting called": _pct(called),
        "meetings called per game (mean)": f"{mean_of(rows, 'meetings_called'):.2f}",
        "meetings held per game (mean)": f"{mean_of(rows, 'meetings_held'):.2f}",
        "two-sided book, share of session time (mean of firms)": _pct(mean_of(rows, "two_sided")),
    }
    pairs = sorted({k for r in rows for k in r if k.startswith("private_") and k.count("_") == 2})
    for key in pairs:
        mean = mean_of(rows, key)
        if mean > 0:
            _, buyer, seller = key.split("_")
            figures[f"private trades, {buyer} bought from {seller} (mean)"] = f"{mean:.2f}"
    return figures


def _pct(value: float) -> str:
    return f"{100 * value:.1f} %"


# --- plots --------------------------------------------------------------------------------

Plot = tuple[str, str]
"""A plot's file name and caption."""


def draw_plots(out: Path, runs: Sequence[Run]) -> list[Plot]:
    """Draw every plot into ``out``; their file names and captions."""
    written: list[Plot] = []
    for name, caption, png in render_plots(runs):
        (out / name).write_bytes(png)
        written.append((name, caption))
    return written


def render_plots(
    runs: Sequence[Run], names: Sequence[str] | None = None
) -> list[tuple[str, str, bytes]]:
    """Every plot (or those ``names``) as PNG bytes: file name, caption, image.

    Each is drawn on its own figure, so drawing them in several processes gives the
    same images.
    """
    pyplot = load_pyplot()
    drawn: list[tuple[str, str, bytes]] = []
    for name, caption, draw, panels in PLOTS:
        if names is not None and name not in names:
            continue
        figure, axes = pyplot.subplots(1, panels, figsize=(4.2 * panels + 1.4, 3.6), dpi=80)
        draw(axes, runs)
        figure.tight_layout()
        drawn.append((name, caption, _png(figure)))
        pyplot.close(figure)
    return drawn


def load_pyplot() -> Any:
    """Matplotlib's ``pyplot`` on the Agg backend (about a second to import the first time:
    a run with a process pool imports it before the pool starts, so that every worker
    has it and draws its plots at once)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    return pyplot


def _png(figure: Figure) -> bytes:
    image = io.BytesIO()
    figure.savefig(image, format="png", metadata={"Software": None})
    return image.getvalue()


def _offsets(count: int, width: float = 0.8) -> list[float]:
    step = width / count
    return [-width / 2 + step * (i + 0.5) for i in range(count)]


def _grouped_bars(
    ax: Axes, runs: Sequence[Run], labels: Sequence[str], heights: Callable[[Run], list[float]]
) -> None:
    offsets = _offsets(len(runs))
    width = 0.8 / len(runs)
    for i, run in enumerate(runs):
        xs = [x + offsets[i] for x in range(len(labels))]
        ax.bar(xs, heights(run), width, label=run.label, color=SERIES[i % len(SERIES)])
    ax.set_xticks(range(len(labels)), list(labels))
    if len(runs) > 1:
        ax.legend(fontsize=8)


def _colour(axes: Any, runs: Sequence[Run]) -> None:
    left, right = axes
    labels = ["white", "black", "tie"]
    _grouped_bars(
        left, runs, labels, lambda r: [100 * share(r.rows, "colour_winner", c) for c in labels]
    )
    left.set_title("winner: board, else the colour whose firms produced more", fontsize=9)
    left.set_ylabel("% of games")
    board = ["white", "black", "undecided"]
    _grouped_bars(
        right,
        runs,
        board,
        lambda r: [
            100 * share(r.rows, "board_winner", c)
            if c != "undecided"
            else 100 * share(r.rows, "board_reason", "undecided")
            for c in board
        ],
    )
    right.set_title("the board game itself", fontsize=9)


def _wealth(ax: Axes, runs: Sequence[Run]) -> None:
    kinds = list(dict.fromkeys(k for run in runs for k in kinds_of(run)))
    offsets = _offsets(len(runs))
    for i, run in enumerate(runs):
        data = [[w for r in run.results for k, w in r.wealth if k == kind] or [0] for kind in kinds]
        boxes = ax.boxplot(
            data,
            positions=[x + offsets[i] for x in range(len(kinds))],
            widths=0.7 / len(runs),
            patch_artist=True,
            showfliers=False,
        )
        for patch in boxes["boxes"]:
            patch.set_facecolor(SERIES[i % len(SERIES)])
            patch.set_alpha(0.5)
    ax.set_xticks(range(len(kinds)), kinds)
    ax.set_ylabel("final wealth (cash after settlement)")
    _legend(ax, runs)


def _legend(ax: Axes, runs: Sequence[Run]) -> None:
    if len(runs) > 1:
        from matplotlib.patches import Patch

        handles = [Patch(color=SERIES[i % len(SERIES)], label=r.label) for i, r in enumerate(runs)]
        ax.legend(handles=handles, fontsize=8)


def _prices(ax: Axes, runs: Sequence[Run]) -> None:
    for i, run in enumerate(runs):
        colour = SERIES[i % len(SERIES)]
        length = max((len(r.closes) for r in run.results), default=0)
        for side, style in enumerate(("-", "--")):
            medians = [
                median(r.closes_by_colour[side][k] for r in run.results if len(r.closes) > k)
                for k in range(length)
            ]
            label = f"{run.label}: {COLOURS[side]} firms"
            ax.plot(range(length), medians, style, color=colour, label=label)
        low, high = _band([r.closes for r in run.results], length)
        ax.fill_between(range(length), low, high, color=colour, alpha=0.15)
    ax.set_xlabel("session (0 = opening)")
    ax.set_ylabel("closing price (median; band: middle half)")
    ax.legend(fontsize=7)


def _band(series: list[tuple[float, ...]], length: int) -> tuple[list[float], list[float]]:
    low, high = [], []
    for k in range(length):
        values = sorted(s[k] for s in series if len(s) > k)
        low.append(values[len(values) // 4])
        high.append(values[(3 * len(values)) // 4])
    return low, high


def _dividends(ax: Axes, runs: Sequence[Run]) -> None:
    years = max((len(r.yields) for run in runs for r in run.results), default=0)
    labels = [str(y + 1) for y in range(years)]
    _grouped_bars(
        ax,
        runs,
        labels,
        lambda run: [
            fmean([r.yields[y] for r in run.results if len(r.yields) > y] or [0.0])
            for y in range(years)
        ],
    )
    ax.set_xlabel("year")
    ax.set_ylabel("dividend / previous close, % (mean)")


def _counts(run: Run, key: str, values: Sequence[int]) -> list[float]:
    found = Counter(int(r[key]) for r in run.rows)
    return [100 * found[v] / len(run.rows) for v in values]


def _takeovers(ax: Axes, runs: Sequence[Run]) -> None:
    top = max((int(r["takeovers"]) for run in runs for r in run.rows), default=0)
    values = list(range(top + 1))
    _grouped_bars(ax, runs, [str(v) for v in values], lambda r: _counts(r, "takeovers", values))
    ax.set_xlabel("takeovers in the game")
    ax.set_ylabel("% of games")


def _length(axes: Any, runs: Sequence[Run]) -> None:
    left, right = axes
    top = max((int(r["years"]) for run in runs for r in run.rows), default=1)
    years = list(range(1, top + 1))
    _grouped_bars(left, runs, [str(y) for y in years], lambda r: _counts(r, "years", years))
    left.set_xlabel("years played")
    left.set_ylabel("% of games")
    for i, run in enumerate(runs):
        plies = [int(r["plies"]) for r in run.rows]
        right.hist(plies, bins=20, alpha=0.5, color=SERIES[i % len(SERIES)], label=run.label)
    right.set_xlabel("moves on the board")
    right.set_ylabel("games")
    _legend(right, runs)


def _firms(ax: Axes, runs: Sequence[Run]) -> None:
    labels = [str(f) for f in range(1, 9)]
    _grouped_bars(ax, runs, labels, lambda r: [mean_of(r.rows, f"worth_f{f}") for f in labels])
    ax.set_xlabel("firm (1-4 white, 5-8 black)")
    ax.set_ylabel("final value + dividends paid (mean)")


def _market(axes: Any, runs: Sequence[Run]) -> None:
    left, right = axes
    for i, run in enumerate(runs):
        private = [int(r.get("private_trades", 0)) for r in run.rows]
        left.hist(private, bins=20, alpha=0.5, color=SERIES[i % len(SERIES)], label=run.label)
    left.set_xlabel("private trades in the game (not the State's sales)")
    left.set_ylabel("games")
    _legend(left, runs)
    labels = [str(f) for f in range(1, 9)]
    _grouped_bars(
        right, runs, labels, lambda r: [100 * mean_of(r.rows, f"two_sided_f{f}") for f in labels]
    )
    right.set_xlabel("firm")
    right.set_ylabel("% of session time with a two-sided book")


PLOTS: list[tuple[str, str, Callable[[Any, Sequence[Run]], None], int]] = [
    ("colour.png", "Win rate by colour", _colour, 2),
    ("wealth.png", "Final wealth by strategy", _wealth, 1),
    ("prices.png", "Price paths: mean closing price after each session", _prices, 1),
    ("dividends.png", "Dividend yield by year", _dividends, 1),
    ("takeovers.png", "Takeovers (director changes) per game", _takeovers, 1),
    ("length.png", "Game length", _length, 2),
    ("firms.png", "What each firm produced: final value plus dividends paid", _firms, 1),
    ("market.png", "The market: private trades per game, two-sided books by firm", _market, 2),
]
"""Every plot: its file name, caption, what draws it and its number of panels."""


# --- html ---------------------------------------------------------------------------------

STYLE = """
body { font-family: sans-serif; max-width: 70em; margin: 2em auto; color: #222; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #bbb; padding: 0.3em 0.7em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
figure { display: inline-block; margin: 1em 1em 1em 0; }
figcaption { font-size: 0.9em; color: #555; }
"""


def html_text(runs: Sequence[Run], plots: Sequence[Plot]) -> str:
    """The report page: a table of headline figures and the plots (local files only)."""
    tables = [headline(run) for run in runs]
    keys = list(dict.fromkeys(k for t in tables for k in t))
    head = "".join(f"<th>{html.escape(run.label)}</th>" for run in runs)
    body = "".join(
        f"<tr><td>{html.escape(k)}</td>"
        + "".join(f"<td>{html.escape(t.get(k, ''))}</td>" for t in tables)
        + "</tr>\n"
        for k in keys
    )
    figures = "".join(
        f'<figure><img src="{name}" alt="{html.escape(caption)}">'
        f"<figcaption>{html.escape(caption)}</figcaption></figure>\n"
        for name, caption in plots
    )
    title = "Boardroom balance report: " + " vs ".join(run.label for run in runs)
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{html.escape(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
        f"<h1>{html.escape(title)}</h1>\n"
        '<p>Robots in every seat; the raw data is in <a href="games.csv">games.csv</a> '
        "(one row per game).</p>\n"
        f"<table>\n<tr><th></th>{head}</tr>\n{body}</table>\n{figures}</body>\n</html>\n"
    )
