"""The pages: start, join, lobby, player and team screens, host console, projector, results.

Static HTML/CSS/JS (ES modules, no build step, nothing from a CDN) under ``static/``,
served with the live server: :func:`boardroom.web.app.create_app` is the server's app
plus the page routes (:mod:`.pages`) and the few endpoints the pages need beyond the
server's API (:mod:`.api`). The server never imports this package.
"""
