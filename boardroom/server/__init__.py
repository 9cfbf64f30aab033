"""The live server: HTTP + WebSocket, seats and secrets, fan-out, timers, robots.

The app is built by :func:`boardroom.server.app.create_app` around a
:class:`boardroom.server.hub.Hub`; the pages add theirs on top
(:func:`boardroom.web.app.create_app`, run by ``boardroom serve``).
"""
