"""Series (rules.md 13.2) and the players' public pages: a club's annual ranking or a
circuit's, adding up the final places of championships of any format.

The series reads what the core keeps: the register of players, each finished
championship's final places and the ratings (``tournaments.models``). It asks no format:
the places were said by each format when its championship finished.
"""
