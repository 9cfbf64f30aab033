"""Where a batch's games are played: this process, a local process pool, or a Dask cluster.

:func:`open_executor` gives a :class:`concurrent.futures.Executor` for
:func:`boardroom.lab.batch.run_tasks` (or None: play in this process):

* ``cluster=None`` — a local process pool of ``workers`` processes (none for 1 worker);
* ``cluster="local"`` — a Dask cluster of ``workers`` worker processes on this machine,
  started for the run and stopped after it (on 127.0.0.1, no dashboard);
* ``cluster="tcp://host:8786"`` (any scheduler address) — an existing Dask cluster; its
  workers need the same ``boardroom`` installed.

Dask (``pip install distributed``) is optional: without it a cluster is refused with
:class:`ClusterUnavailable`. Whatever plays the games, results come back in game order
and each game is played from its own seed, so the CSV is the same byte for byte.

>>> with open_executor(None, workers=1) as executor:
...     executor is None
True
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

LOCAL = "local"
"""The ``--cluster`` value that starts a Dask cluster on this machine for the run."""


class ClusterUnavailable(ValueError):
    """A Dask cluster was asked for but cannot be used (not installed, not reachable)."""


def load_distributed() -> Any:
    """The ``distributed`` module, or :class:`ClusterUnavailable` with what to install."""
    try:
        import distributed
    except ImportError as exc:
        raise ClusterUnavailable(
            "--cluster needs Dask's distributed scheduler, which is not installed here; "
            "install it with: pip install distributed (or pip install -e '.[dev]')"
        ) from exc
    return distributed


@contextlib.contextmanager
def open_executor(cluster: str | None, *, workers: int) -> Iterator[Executor | None]:
    """The executor a run plays its games on (see the module docstring); shut down after."""
    if cluster is None:
        if workers <= 1:
            yield None
            return
        with ProcessPoolExecutor(max_workers=workers) as pool:
            yield pool
        return
    distributed = load_distributed()
    with contextlib.ExitStack() as stack:
        address: Any = cluster
        if cluster == LOCAL:
            address = stack.enter_context(
                distributed.LocalCluster(
                    n_workers=max(workers, 1),
                    threads_per_worker=1,
                    processes=True,
                    host="127.0.0.1",
                    dashboard_address=None,
                )
            )
        try:
            client = stack.enter_context(distributed.Client(address, timeout="20s"))
        except (OSError, TimeoutError, ValueError) as exc:  # unreachable, or a bad address
            raise ClusterUnavailable(f"cannot reach the Dask cluster at {cluster}: {exc}") from exc
        yield client.get_executor(pure=False)
