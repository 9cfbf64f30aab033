"""The server's logs on stderr: one JSON object a line (for machines: a file, a collector),
or a short readable line for a person at a terminal (``boardroom serve`` picks).

>>> import logging
>>> record = logging.LogRecord("boardroom", logging.INFO, "", 0, "hello", None, None)
>>> record.game = "g1"
>>> sorted(json.loads(JsonFormatter().format(record)))
['game', 'level', 'logger', 'msg', 'ts']
>>> record.created = 0.0
>>> ConsoleFormatter().format(record)[8:]
' hello (game=g1)'
"""

from __future__ import annotations

import json
import logging
import sys
import time
from typing import Any

STANDARD = frozenset(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message"}


class JsonFormatter(logging.Formatter):
    """Every record as ``{"ts", "level", "logger", "msg", ...extra fields}``."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "ts": round(record.created, 3),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        line.update({k: v for k, v in vars(record).items() if k not in STANDARD})
        if record.exc_info:
            line["exc"] = self.formatException(record.exc_info)
        return json.dumps(line, default=str, ensure_ascii=False)


class ConsoleFormatter(logging.Formatter):
    """A line a person reads: ``12:03:04 message (game=g1)``, the level named from warnings on.

    >>> record = logging.LogRecord("boardroom.hub", logging.WARNING, "", 0, "lead lost", (), None)
    >>> record.game = "g1"
    >>> ConsoleFormatter().format(record)[8:]
    ' WARNING lead lost (game=g1)'
    """

    def format(self, record: logging.LogRecord) -> str:
        stamp = time.strftime("%H:%M:%S", time.localtime(record.created))
        level = "" if record.levelno < logging.WARNING else f" {record.levelname}"
        fields = [f"{k}={v}" for k, v in vars(record).items() if k not in STANDARD]
        extra = f" ({' '.join(fields)})" if fields else ""
        line = f"{stamp}{level} {record.getMessage()}{extra}"
        if record.exc_info:
            line += "\n" + self.formatException(record.exc_info)
        return line


def configure(level: str = "INFO", json_lines: bool = True) -> None:
    """Send the server's and uvicorn's logs to stderr: JSON lines, or (``json_lines`` off)
    readable lines without uvicorn's start-up chatter (the start prints its own)."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter() if json_lines else ConsoleFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).handlers[:] = []
        logging.getLogger(name).propagate = True
        logging.getLogger(name).setLevel(logging.NOTSET if json_lines else logging.WARNING)
    logging.getLogger("alembic").setLevel("WARNING")
