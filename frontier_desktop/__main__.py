"""`python -m frontier_desktop` runs the command line."""

from frontier_desktop.cli import main

raise SystemExit(main())
