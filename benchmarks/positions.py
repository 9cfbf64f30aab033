"""Positions both benchmarked engines are measured on (plain data: the peer imports it too)."""

START = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"

# Middle games from seeded random play (frozen), three of them with kings.
MIDDLE_GAMES = [
    "B:Wa1,b2,d6,e1,e3,f4,g1,h2:Ba3,a7,b8,d8,f6,f8,g7,h6",
    "W:Wa1,b2,c1,c3,e1,f2,g3,h4:Ba3,a7,b6,d6,d8,g5,g7,h8",
    "B:Wa1,a3,b2,b4,c3,f2,h2:Ba7,b8,c7,e7,h6",
    "W:Wa1,a3,b2,c1,g3:Bb8,e7,Kg1,g5,g7,h6,h8",
    "W:Wa5,d2,f2,h4:BKa1,a7,b6,c7,d8,e7,f6,g5,g7,h6,h8",
    "W:Wa1,a3,a5,b2,c3,e1,e3,g1,Kg3,h2:Be5,h6,h8",
]

PERFT_START_DEPTH = 8
PERFT_MIDDLE_DEPTH = 6
PLAYOUT_GAMES = 300
PLAYOUT_MAX_PLIES = 200
