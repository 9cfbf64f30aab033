"""``boardroom simulate --cluster``: the same seed gives the same ``games.csv`` byte for byte
from one worker, the local process pool and a Dask cluster; without Dask a cluster is refused
with a sentence. A handful of 1-year blitz games keeps it short."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from boardroom.lab.cli import main

distributed = pytest.importorskip("distributed")


def prefixes(dask_scheduler: object) -> set[str]:
    """The kinds of task the scheduler has seen (run on the scheduler)."""
    return set(getattr(dask_scheduler, "task_prefixes", {}))


def simulate(out: Path, *args: str) -> int:
    return main(
        ["--games", "5", "--seed", "11", "--out", str(out), "--quiet", "--nodes", "60", *args]
    )


@pytest.fixture(scope="module")
def rules(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("rules") / "blitz1.toml"
    path.write_text('preset = "blitz"\nyears = 1\n', encoding="utf-8")
    return path


def test_one_worker_the_pool_and_a_dask_cluster_write_the_same_csv(
    tmp_path: Path, rules: Path
) -> None:
    one, pool, dask = tmp_path / "one", tmp_path / "pool", tmp_path / "dask"
    assert simulate(one, "--ruleset", str(rules), "--workers", "1") == 0
    assert simulate(pool, "--ruleset", str(rules), "--workers", "2") == 0
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        address = cluster.scheduler_address
        assert simulate(dask, "--ruleset", str(rules), "--cluster", address) == 0
        with distributed.Client(address) as client:
            played = client.run_on_scheduler(prefixes)
    csv = (one / "games.csv").read_bytes()
    assert csv.count(b"\n") == 6
    assert (pool / "games.csv").read_bytes() == csv
    assert (dask / "games.csv").read_bytes() == csv
    assert (dask / "report.html").read_bytes() == (one / "report.html").read_bytes()
    assert "play_one" in played  # the cluster played the games


def test_without_dask_a_cluster_is_refused_with_a_sentence(
    tmp_path: Path,
    rules: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    assert simulate(tmp_path / "out", "--ruleset", str(rules), "--cluster", "local") == 2
    err = capsys.readouterr().err
    assert "not installed" in err and "pip install distributed" in err
    assert not (tmp_path / "out" / "games.csv").exists()


def test_an_unreachable_cluster_is_refused_with_a_sentence(
    tmp_path: Path, rules: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert simulate(tmp_path / "out", "--ruleset", str(rules), "--cluster", "inproc://none") == 2
    assert "cannot reach the Dask cluster" in capsys.readouterr().err
