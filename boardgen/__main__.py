"""``python -m boardgen``: the same command line as the ``boardgen`` script."""

from boardgen.cli import main

if __name__ == "__main__":  # not when a worker process started by spawning imports it
    main()
