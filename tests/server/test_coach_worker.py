"""The coach's worker ends when its server ends, however: by Linux's parent-death signal
(asked for in the worker's start) and, where that signal is missing, by a thread watching the
parent's pid. A stand-in "server" starts a worker-like process and is SIGKILLed; the worker
is gone within seconds (read from /proc)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from multi_support import wait_for

SERVER = """
import subprocess, sys
worker = subprocess.Popen([sys.executable, "-c", sys.argv[1]], stdout=subprocess.PIPE)
assert worker.stdout is not None and worker.stdout.readline() == b"ready\\n"
print(worker.pid, flush=True)
sys.stdin.read()
"""
WORKERS = {
    "the parent-death signal": "coach.worker_start(os.getppid())",
    "the parent watched": (
        "threading.Thread(target=coach.watch_parent, args=(os.getppid(),)).start()"
    ),
}


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.parametrize("how", sorted(WORKERS))
def test_a_worker_ends_with_its_killed_server(how: str) -> None:
    body = "import os, threading, time\nfrom boardroom.server import coach\n"
    body += f"{WORKERS[how]}\nprint('ready', flush=True)\ntime.sleep(120)\n"
    server = subprocess.Popen(
        [sys.executable, "-c", SERVER, body], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    assert server.stdout is not None
    worker = int(server.stdout.readline())
    try:
        assert alive(worker)
        server.send_signal(signal.SIGKILL)
        server.wait(10)
        wait_for(lambda: not alive(worker), "the worker ended with its server", 10)
    finally:
        if alive(worker):
            os.kill(worker, signal.SIGKILL)
