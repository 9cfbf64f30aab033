"""The balance lab: whole Exchange Draughts games played by robots at full speed, and reports.

``boardroom simulate`` (:mod:`boardroom.lab.cli`) plays N games with robots in every
seat on a seeded fake clock (:mod:`boardroom.lab.sim`), spreads them over the
machine's cores (:mod:`boardroom.lab.batch`), sums each game up in one CSV row
(:mod:`boardroom.lab.summary`) and writes an HTML report with PNG plots
(:mod:`boardroom.lab.report`).
"""
