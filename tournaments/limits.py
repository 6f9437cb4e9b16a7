"""Upper bounds of the numbers a user may type, so that every number fits the database
columns (PostgreSQL's integer holds at most 2**31 - 1, a small integer 32767) and no form or
import can reach a 500 with a huge value."""

#: The largest value of an integer column on every supported database.
MAX_DB_INTEGER = 2**31 - 1
#: The largest value of a small-integer column (table and round numbers).
MAX_DB_SMALL_INTEGER = 32767
#: Team numbers: a championship has a few hundred teams at most.
MAX_TEAM_NUMBER = 9999
#: Table numbers.
MAX_TABLE_NUMBER = 9999
