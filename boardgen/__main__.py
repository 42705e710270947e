"""``python -m boardgen``: the same command line as the ``boardgen`` script."""

from boardgen.cli import main

main()
