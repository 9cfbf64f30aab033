"""The live server: HTTP + WebSocket, seats and secrets, fan-out, timers, robots.

``boardroom serve`` → :func:`boardroom.server.run.serve`. The app is built by
:func:`boardroom.server.app.create_app` around a :class:`boardroom.server.hub.Hub`.
"""
