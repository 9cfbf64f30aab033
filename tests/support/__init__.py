"""What the tests share: a free loopback port, ``boardroom serve`` in a subprocess (ready when
``/ready`` says so), and the HTTP API as a test uses it. Fixtures are in ``tests/conftest.py``."""

from support.api import Api
from support.servers import Server, free_port, running

__all__ = ["Api", "Server", "free_port", "running"]
