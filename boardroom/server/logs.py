"""Structured logs: one JSON object a line on stderr.

>>> import logging
>>> record = logging.LogRecord("boardroom", logging.INFO, "", 0, "hello", None, None)
>>> record.game = "g1"
>>> sorted(json.loads(JsonFormatter().format(record)))
['game', 'level', 'logger', 'msg', 'ts']
"""

from __future__ import annotations

import json
import logging
import sys
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


def configure(level: str = "INFO") -> None:
    """Send the server's and uvicorn's logs to stderr as JSON lines."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).handlers[:] = []
        logging.getLogger(name).propagate = True
    logging.getLogger("alembic").setLevel("WARNING")
