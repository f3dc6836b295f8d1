"""Contests between automatons, their storage and ratings (docs/arena.md).

Import the modules you need (`arena.store.Store`, `arena.contest.create_contest / run_contest`,
`arena.report.contest_report`): this package itself imports nothing, so the `cardarena` command,
which mounts `arena.cli`, does not load SQLAlchemy until a contest command runs.
"""
