"""The school-day benchmark (``benchmarks/school_day.py``) runs its whole code path for a few
seconds with tiny classes, so that it cannot rot: every kind seated and played over real
sockets on a started server, the figures written (one phase: the peers are the same code
with one kind; each phase is a server's start, seconds on this shared machine)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TINY = (
    "--seconds 3 --interval 0.3 --think 0.05 0.2 --plies 2 6 --peers="
    " --exchange 1 --exchange-people 2 --exchange-robots 1"
    " --quiz 1 --phones 2 --events 1 --pupils 4 --simul 1 --simul-pupils 2"
)


def test_a_tiny_school_day_is_measured(tmp_path: Path) -> None:
    out = tmp_path / "day.json"
    script = str(ROOT / "benchmarks" / "school_day.py")
    done = subprocess.run(
        [sys.executable, script, *TINY.split(), "--json", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    (day,) = json.loads(out.read_text())
    assert day["phase"] == "school day"
    assert set(day["kinds"]) == {"exchange", "quiz", "event", "simul"}
    for kind, figures in day["kinds"].items():
        assert figures["people_commands"] > 0, kind
        assert figures["ack_p99_ms"] > 0, kind
    assert day["overall"]["people_commands"] == sum(
        f["people_commands"] for f in day["kinds"].values()
    )
    assert day["server_cpu_s"] > 0 and day["server_peak_rss_mb"][0] > 0
    assert day["load_average"]["max"] >= 0
