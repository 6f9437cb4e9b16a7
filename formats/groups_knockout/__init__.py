"""Groups then knockout (*lligueta per grups i eliminatòries*, rules.md 12): the fair's open
championship, a format package on the one core.

Pairs play a round robin in small groups (all groups side by side, round by round), then the
best of each group and the best of the rest play a seeded bracket. The pure rules are
``engine.groups``; this package stores the settings and the groups, drafts the group rounds
as the core's ``tournaments.Round`` and ``tournaments.Table`` rows, and shows the director's
groups page and printed group sheets.

Modules: ``models`` (settings, groups, the pairs in them), ``rules`` (the engine's refusals
translated), ``services`` (settings, making and swapping the groups, the next group round),
``selectors`` (the groups as pages show them), ``views`` and ``urls`` (the groups page, the
group sheets), ``forms`` and ``serializers`` (the settings' shape), ``format`` (the seam).

The group games, the standings, who goes through, the knockout, the API, the exports, the
archive and the demos: see :mod:`formats.groups_knockout.format`, which names each module.
"""
