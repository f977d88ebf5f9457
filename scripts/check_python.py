"""Stop early, in one line, when this Python is too old for the workshop."""
import sys

if sys.version_info < (3, 10):
    found = "%d.%d" % sys.version_info[:2]
    sys.exit(
        "Agent Loop Lab needs Python 3.10 or newer, found " + found + ": "
        "install a newer Python, then run make with PY=/path/to/python3.11"
    )
