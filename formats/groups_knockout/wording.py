"""How the format's refusals name who plays at a table: a pair who plays games (the
core's words, ``scoring.wording``). Given to them through ``Format.wording``."""


from scoring.wording import GAME_PAIR_WORDING

#: The core's words for pairs who play games (``scoring.wording``).
PAIR_WORDING = GAME_PAIR_WORDING
