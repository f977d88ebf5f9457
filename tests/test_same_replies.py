"""scripts/same_replies.py: a refactor of the practice model is checked against every reply it gave before."""

import importlib.util
import json
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "same_replies.py"
spec = importlib.util.spec_from_file_location("same_replies", SCRIPT)
same_replies = importlib.util.module_from_spec(spec)
spec.loader.exec_module(same_replies)


@pytest.mark.e2e
def test_a_recording_matches_itself_and_names_the_test_whose_reply_changed(tmp_path, capsys):
    """Two recordings of the same tests are the same; one changed byte in a reply names its test."""
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    some = [str(Path(__file__).parent / "test_practice_api.py"), "-k", "structured"]
    assert same_replies.record(str(first), some) == 0 and same_replies.record(str(second), some) == 0
    recorded = json.loads(first.read_text())
    assert len(recorded) >= 3 and all(recorded.values())
    assert same_replies.compare(str(first), str(second)) == 0
    test = sorted(recorded)[0]
    recorded[test][0][-1] = recorded[test][0][-1].replace("e", "E", 1)
    second.write_text(json.dumps(recorded))
    capsys.readouterr()
    assert same_replies.compare(str(first), str(second)) == 1
    assert f"1 tests differ\n  {test}: first difference at exchange 0" in capsys.readouterr().out
