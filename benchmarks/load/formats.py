"""The championship formats the load test knows (``--format``), and what differs between them.

The runner, the HTTP driver, the report, the server and the databases are shared; each
format brings its championship (a ``build`` child), its burst (a plan module: the requests,
their bodies and the captain API's paths and answers) and its database check (a ``check``
child).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from benchmarks.load import abarrotada_plan, free_deal_plan, groups_plan, plan


@dataclass(frozen=True)
class LoadFormat:
    name: str  # the --format value
    describe: Callable[[int], str]  # the field of N tables, for the burst's heading
    build: str  # module of benchmarks.load that builds the championship (a Django child)
    check: str  # module of benchmarks.load that checks the database after the burst
    make_plan: Callable  # (build, duration, seed) -> schedule.Plan
    check_spec: Callable[..., dict]  # (plan, build) -> what the check needs to know
    types: tuple[str, ...]  # the report's request types, in order
    api: object  # the client's side of the captain API (a plan module's CaptainApi)
    default_tables: int
    default_seed: int | None  # None: a fresh seed each run, printed so that it can be replayed
    file_tag: str = ""  # in the names of the files the burst leaves in the workdir
    tables_multiple: int = 1  # --tables must be a multiple of this


FORMATS = {
    "duplicate": LoadFormat(
        "duplicate", plan.describe, "build", "check", plan.make_plan, plan.check_spec,
        plan.TYPES, plan.CaptainApi(), default_tables=200, default_seed=1,
    ),
    "free-deal": LoadFormat(
        "free-deal", free_deal_plan.describe, "free_deal_build", "free_deal_check",
        free_deal_plan.make_plan, free_deal_plan.check_spec, free_deal_plan.TYPES,
        free_deal_plan.CaptainApi(), default_tables=75, default_seed=None,
        file_tag="free-deal-",
    ),
    "abarrotada": LoadFormat(
        "abarrotada", abarrotada_plan.describe, "abarrotada_build", "abarrotada_check",
        abarrotada_plan.make_plan, abarrotada_plan.check_spec, abarrotada_plan.TYPES,
        abarrotada_plan.CaptainApi(), default_tables=50, default_seed=None,
        file_tag="abarrotada-",
    ),
    # Issue 38's field: 64 pairs in 16 groups of 4, round 1's 32 games (an even number of
    # tables: whole groups of 4, nobody sitting out).
    "groups": LoadFormat(
        "groups", groups_plan.describe, "groups_build", "groups_check", groups_plan.make_plan,
        groups_plan.check_spec, groups_plan.TYPES, groups_plan.CaptainApi(),
        default_tables=32, default_seed=None, file_tag="groups-", tables_multiple=2,
    ),
}
