"""Log set-up for ``python -m bot``: discord.py's readable lines, or JSON lines for collectors.

``ASTROLABE_LOG_FORMAT=json`` writes one JSON object a line (time, level, logger, message, and
the traceback as ``exc`` when there is one), which Loki, Elasticsearch or ``jq`` read without a
parsing rule.
"""

from __future__ import annotations

import datetime
import json
import logging
import sys
from typing import TextIO


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        when = datetime.datetime.fromtimestamp(record.created, datetime.UTC)
        line = {
            "time": when.isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            line["exc"] = self.formatException(record.exc_info)
        elif record.exc_text:
            line["exc"] = record.exc_text
        if record.stack_info:
            line["stack"] = self.formatStack(record.stack_info)
        return json.dumps(line, ensure_ascii=False, default=str)


def setup(log_format: str = "text", *, level: int = logging.INFO, stream: TextIO | None = None) -> None:
    """Log to ``stream`` (stderr) at ``level`` from the root logger, as text or JSON lines."""
    if log_format != "json":
        import discord

        discord.utils.setup_logging(level=level, root=True)
        return
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.setLevel(level)
    root.addHandler(handler)
