"""``boardroom simulate``: robots never send an illegal command, the same seed gives the same
files (with 1 worker or 2), and the report is complete and self-contained.

The 200 games of the legality check use fast rulesets so the suite stays short:
120 ``blitz`` games (2 years of 4 moves), 60 ``demo`` games (3 years of 8 moves) and
20 full ``classic`` games (6 years), with varied rosters, directors who pass by choice,
directors who are late (timeout takeovers, autoplay) and a board robot of 100 nodes.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from boardroom.bots.seats import BoardSettings
from boardroom.lab.batch import run_batch
from boardroom.lab.cli import main
from boardroom.lab.sim import LabConfig

FAST = BoardSettings(("beginner", "casual", "club"), nodes=100, pass_margin=100)
LEGALITY = {
    "blitz-default-roster": (
        LabConfig({"preset": "blitz"}, "blitz", board=FAST, late_rate=0.1),
        60,
    ),
    "blitz-raiders-no-host": (
        LabConfig(
            {"preset": "blitz", "years": 3},
            "raiders",
            roster=(("director", 4), ("raider", 4), ("value", 2), ("noise", 4)),
            board=FAST,
            late_rate=0.05,
        ),
        60,
    ),
    "demo-victim-pays": (
        LabConfig(
            {"preset": "demo", "capture_paid_by": "victim", "payout": 100},
            "demo",
            board=FAST,
            late_rate=0.05,
        ),
        60,
    ),
    "classic": (LabConfig({}, "classic", board=BoardSettings(nodes=100)), 20),
}


@pytest.mark.parametrize("name", sorted(LEGALITY))
def test_robots_never_send_an_illegal_command(name: str) -> None:
    config, games = LEGALITY[name]
    results = run_batch(config, games=games, seed=7, workers=1)
    assert len(results) == games
    assert [r.row["refusals"] for r in results] == [0] * games
    assert all(r.row["end"] in ("years_done", "board_decided") for r in results)
    if name != "classic":
        assert sum(int(r.row["trades"]) for r in results) > games


def simulate(out: Path, *args: str) -> int:
    return main(["--games", "4", "--seed", "3", "--out", str(out), "--quiet", *args])


@pytest.fixture(scope="module")
def blitz_rules(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("rules") / "blitz.toml"
    path.write_text('preset = "blitz"\n', encoding="utf-8")
    return path


def test_the_same_seed_gives_the_same_files_with_one_or_two_workers(
    tmp_path: Path, blitz_rules: Path
) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    assert simulate(one, "--ruleset", str(blitz_rules), "--workers", "1") == 0
    assert simulate(two, "--ruleset", str(blitz_rules), "--workers", "2") == 0
    plots = sorted(p.name for p in one.glob("*.png"))  # two workers draw them in parallel
    assert plots == sorted(p.name for p in two.glob("*.png")) and len(plots) == 8
    for name in ("games.csv", "report.html", *plots):
        assert (one / name).read_bytes() == (two / name).read_bytes(), name
    other = tmp_path / "other"
    assert main(["--games", "4", "--seed", "4", "--out", str(other), "--quiet",
                 "--ruleset", str(blitz_rules), "--workers", "1"]) == 0  # fmt: skip
    assert (other / "games.csv").read_bytes() != (one / "games.csv").read_bytes()


def test_the_report_is_complete_and_refers_only_to_files_next_to_it(
    tmp_path: Path, blitz_rules: Path
) -> None:
    assert simulate(tmp_path, "--ruleset", str(blitz_rules), "--workers", "1") == 0
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    references = re.findall(r'(?:src|href)="([^"]*)"', page)
    assert references, page
    for reference in references:
        assert "://" not in reference and not reference.startswith(("/", "//", "data:"))
        assert (tmp_path / reference).is_file(), reference
    assert "<script" not in page and "<link" not in page and "@import" not in page
    plots = {p.name for p in tmp_path.glob("*.png")}
    assert {"colour.png", "wealth.png", "prices.png", "dividends.png", "takeovers.png",
            "length.png"} <= plots  # fmt: skip
    assert all((tmp_path / p).read_bytes().startswith(b"\x89PNG") for p in plots)
    lines = (tmp_path / "games.csv").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 5 and lines[0].startswith("game,ruleset,seed,")


def test_compare_puts_two_rulesets_side_by_side(tmp_path: Path, blitz_rules: Path) -> None:
    richer = tmp_path / "richer.toml"
    richer.write_text('preset = "blitz"\nplayer_cash = 400\n', encoding="utf-8")
    out = tmp_path / "out"
    assert simulate(out, "--compare", str(blitz_rules), str(richer), "--workers", "2") == 0
    rows = (out / "games.csv").read_text(encoding="utf-8").splitlines()[1:]
    assert [r.split(",")[1] for r in rows] == ["blitz"] * 4 + ["richer"] * 4
    page = (out / "report.html").read_text(encoding="utf-8")
    assert "<th>blitz</th><th>richer</th>" in page


def test_a_bad_ruleset_file_is_refused_with_a_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("tax_rate = 120\n", encoding="utf-8")
    assert simulate(tmp_path / "out", "--ruleset", str(bad)) == 2
    assert "tax_rate" in capsys.readouterr().err
    assert simulate(tmp_path / "out", "--roster", "dealer=3") == 2


def test_the_report_tells_the_markets_health(tmp_path: Path, blitz_rules: Path) -> None:
    assert simulate(tmp_path, "--ruleset", str(blitz_rules), "--workers", "1") == 0
    header, *lines = (tmp_path / "games.csv").read_text(encoding="utf-8").splitlines()
    names = header.split(",")
    for column in ("private_trades", "meetings_called", "meetings_held", "two_sided"):
        assert column in names, names
    assert {f"two_sided_f{firm}" for firm in range(1, 9)} <= set(names)
    assert "private_noise_value" in names and "private_raider_director" in names
    rows = [dict(zip(names, line.split(","), strict=True)) for line in lines]
    for row in rows:
        pairs = sum(int(row[n]) for n in names if n.startswith("private_") and n.count("_") == 2)
        assert int(row["private_trades"]) == pairs <= int(row["trades"])
        assert 0 <= float(row["two_sided"]) <= 1
        held = int(row["meetings_held"])
        assert held <= min(int(row["meetings_called"]), int(row["years"]))
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    for figure in ("private trades per game (median)", "games with a meeting called"):
        assert figure in page
    assert 'src="market.png"' in page
