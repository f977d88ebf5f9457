"""Check that a refactor of the practice model changes no reply, byte for byte.

    python scripts/same_replies.py record before.json [pytest args]   # on the code before
    python scripts/same_replies.py record after.json [pytest args]    # on the code after
    python scripts/same_replies.py compare before.json after.json     # 'N tests differ'

`record` runs the unit tests (or the pytest arguments given) with this file as a pytest plugin, which
keeps every HTTP exchange with the practice transport (request hash, status, headers, body), and every
reply of the planner asked directly, per test.
`compare` names the tests whose exchanges differ; for the held-out suite it prints counts only, so
its cases stay unseen.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

_exchanges: dict[str, list] = {}
_test = ["<collection>"]
_plan = None


def pytest_configure(config):
    global _plan
    from looplab.practice import planner
    from looplab.practice.transport import PracticeTransport

    _plan = planner.plan

    handle = PracticeTransport.handle_request

    def recorded(self, request):
        response = handle(self, request)
        response.read()
        headers = sorted(response.headers.items())
        _exchanges.setdefault(_test[0], []).append([hashlib.sha256(request.content).hexdigest()[:16],
                                                    response.status_code, headers, response.text])
        return response

    PracticeTransport.handle_request = recorded
    planner.plan = planned  # the tests that ask the planner directly (test_practice_skills, _partial)


def planned(view):
    reply = _plan(view)
    _exchanges.setdefault(_test[0], []).append(["plan", json.dumps(reply, sort_keys=True, default=str)])
    return reply


def pytest_runtest_setup(item):
    _test[0] = item.nodeid


def pytest_sessionfinish(session):
    Path(os.environ["SAME_REPLIES_OUT"]).write_text(json.dumps(_exchanges, sort_keys=True))


def record(out: str, args: list[str]) -> int:
    env = {**os.environ, "SAME_REPLIES_OUT": str(Path(out).resolve()), "LOOPLAB_OFFLINE": "1",
           "PYTHONPATH": os.pathsep.join(filter(None, [str(Path(__file__).parent), os.environ.get("PYTHONPATH")]))}
    args = args or ["tests", "-m", "not e2e and not room"]
    return subprocess.call([sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "-p", "same_replies", *args],
                           env=env)


def compare(before: str, after: str) -> int:
    a, b = (json.loads(Path(p).read_text()) for p in (before, after))
    differ = [t for t in sorted(set(a) | set(b)) if a.get(t) != b.get(t)]
    print(f"{sum(map(len, a.values()))} / {sum(map(len, b.values()))} exchanges in {len(a)} / {len(b)} tests; "
          f"{len(differ)} tests differ")
    for test in differ:
        print(f"  {test}" if "heldout" in test else f"  {test}: first difference at exchange "
              f"{next((i for i, (x, y) in enumerate(zip(a.get(test, []), b.get(test, []), strict=False)) if x != y), 'end')}")
    return 1 if differ else 0


if __name__ == "__main__":
    command, *rest = sys.argv[1:] or ["help"]
    if command == "record" and rest:
        sys.exit(record(rest[0], rest[1:]))
    if command == "compare" and len(rest) == 2:
        sys.exit(compare(*rest))
    sys.exit(__doc__)
