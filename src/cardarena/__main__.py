"""`python -m cardarena ...`: the same command line as `cardarena ...`."""

from .cli import main

main()
