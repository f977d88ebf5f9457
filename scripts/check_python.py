"""Stop early, in one line, when this Python is too old for the workshop."""
import sys


def problem(version):
    """The message to show for this Python version, or None when it is new enough."""
    if tuple(version[:2]) >= (3, 10):
        return None
    found = "%d.%d" % tuple(version[:2])
    return ("Agent Loop Lab needs Python 3.10 or newer, found " + found + ": "
            "install a newer Python, then run make with PY=/path/to/python3.11")


if __name__ == "__main__":
    message = problem(sys.version_info)
    if message:
        sys.exit(message)
