"""The pages: start, join, lobby, player and team screens, host console, projector, results.

Static HTML/CSS/JS (ES modules, no build step, nothing from a CDN) under ``static/``,
served by the live server; :func:`boardroom.web.pages.mount` adds the page routes and
the few endpoints the pages need beyond the server's API (``boardroom.web.api``).
"""
