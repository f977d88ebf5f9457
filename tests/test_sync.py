"""A participant's own copy: new material comes in, their edits are never overwritten."""
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from looplab.sync import RECORD, main, restore, sync

ROOT = Path(__file__).resolve().parent.parent
needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed here")


def edition(folder: Path, **files: str) -> Path:
    """A small source edition: name=text, `__` standing for a folder separator."""
    for name, text in files.items():
        path = folder / name.replace("__", "/")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return folder


def test_a_first_sync_copies_the_material_and_leaves_build_leftovers(tmp_path):
    """The first start copies every file of the edition, not its manifest or backups."""
    src = edition(tmp_path / "src", **{"00_a.ipynb": "a", "data__x.csv": "x", ".manifest.json": "{}",
                                        ".backup__00_a.1.ipynb": "old"})
    report = sync(src, tmp_path / "mine")
    assert report.added == ["00_a.ipynb", "data/x.csv"]
    assert sorted(p.relative_to(tmp_path / "mine").as_posix() for p in (tmp_path / "mine").rglob("*")
                  if p.is_file()) == [".looplab/synced.json", "00_a.ipynb", "data/x.csv"]


def test_an_edited_notebook_survives_an_update(tmp_path):
    """Upstream changes 00 and 01; the participant edited 00: 00 stays theirs, 01 is updated."""
    src = edition(tmp_path / "src", **{"00_a.ipynb": "a v1", "01_b.ipynb": "b v1"})
    mine = tmp_path / "mine"
    sync(src, mine)
    (mine / "00_a.ipynb").write_text("my answer", encoding="utf-8")
    edition(src, **{"00_a.ipynb": "a v2", "01_b.ipynb": "b v2", "02_c.ipynb": "c v1"})
    report = sync(src, mine)
    assert (report.added, report.updated, report.kept) == (["02_c.ipynb"], ["01_b.ipynb"], ["00_a.ipynb"])
    assert (mine / "00_a.ipynb").read_text(encoding="utf-8") == "my answer"
    assert (mine / "01_b.ipynb").read_text(encoding="utf-8") == "b v2"
    again = sync(src, mine)
    assert (again.added, again.updated, again.kept) == ([], [], ["00_a.ipynb"])
    assert (mine / "00_a.ipynb").read_text(encoding="utf-8") == "my answer"


def test_an_edit_with_no_upstream_change_is_not_reported(tmp_path):
    """A notebook they edited while the material did not change is theirs, silently."""
    src = edition(tmp_path / "src", **{"00_a.ipynb": "a"})
    sync(src, tmp_path / "mine")
    (tmp_path / "mine" / "00_a.ipynb").write_text("mine", encoding="utf-8")
    report = sync(src, tmp_path / "mine")
    assert (report.added, report.updated, report.kept) == ([], [], [])


def test_their_own_file_with_a_new_upstream_name_is_kept(tmp_path):
    """A file they created before upstream added the same name is never overwritten."""
    src = edition(tmp_path / "src", **{"00_a.ipynb": "a"})
    mine = tmp_path / "mine"
    sync(src, mine)
    (mine / "notes.md").write_text("my notes", encoding="utf-8")
    edition(src, **{"notes.md": "upstream notes"})
    assert sync(src, mine).kept == ["notes.md"]
    assert (mine / "notes.md").read_text(encoding="utf-8") == "my notes"


def test_deleted_upstream_is_left_and_deleted_by_them_comes_back(tmp_path):
    """A file removed from the material stays in their copy; one they deleted is restored (as nbgitpuller does)."""
    src = edition(tmp_path / "src", **{"00_a.ipynb": "a", "01_b.ipynb": "b"})
    mine = tmp_path / "mine"
    sync(src, mine)
    (src / "01_b.ipynb").unlink()
    (mine / "00_a.ipynb").unlink()
    assert sync(src, mine).added == ["00_a.ipynb"]
    assert (mine / "01_b.ipynb").read_text(encoding="utf-8") == "b"


def test_restore_backs_theirs_up_then_takes_the_new_version(tmp_path):
    """`restore NB=00` saves their notebook to backup/NAME.N.ipynb, twice without clobbering, then updates."""
    src = edition(tmp_path / "src", **{"00_a.ipynb": "a v1", "01_b.ipynb": "b"})
    mine = tmp_path / "mine"
    sync(src, mine)
    for attempt in ("try 1", "try 2"):
        (mine / "00_a.ipynb").write_text(attempt, encoding="utf-8")
        edition(src, **{"00_a.ipynb": f"a after {attempt}"})
        rel, saved = restore(src, mine, "00")
        assert rel == "00_a.ipynb" and saved.read_text(encoding="utf-8") == attempt
    assert sorted(p.name for p in (mine / "backup").iterdir()) == ["00_a.1.ipynb", "00_a.2.ipynb"]
    assert (mine / "00_a.ipynb").read_text(encoding="utf-8") == "a after try 2"
    edition(src, **{"00_a.ipynb": "a v3"})
    assert sync(src, mine).updated == ["00_a.ipynb"]


def test_restore_of_an_unknown_notebook_says_what_to_pass(tmp_path, capsys):
    """A number that names no notebook (or several) gets one line listing the numbers."""
    src = edition(tmp_path / "src", **{"00_a.ipynb": "a", "01_b.ipynb": "b"})
    assert main([str(src), str(tmp_path / "mine"), "--restore", "09"]) == 1
    assert capsys.readouterr().err == ("restore: '09' names 0 notebooks; pass one number among 00, 01, e.g. NB=03\n")
    assert main([str(src), str(tmp_path / "mine"), "--restore", ""]) == 1
    assert "names 2 notebooks" in capsys.readouterr().err


def test_a_missing_source_is_one_line(tmp_path, capsys):
    """Run from the wrong folder, sync says where to run it from."""
    assert main([str(tmp_path / "workshop"), str(tmp_path / "mine")]) == 1
    assert "run from the repository's root" in capsys.readouterr().err


@pytest.mark.parametrize("text", ["[]", '{"00_a.ipynb": 3}', "{'00_a.ipynb'", "\udcff"])
def test_a_damaged_sync_record_is_one_line_and_overwrites_nothing(tmp_path, capsys, text):
    """A synced.json that is no record (a list, a wrong value, cut JSON, not UTF-8): one line saying what to do."""
    src = edition(tmp_path / "src", **{"00_a.ipynb": "a v1"})
    mine = tmp_path / "mine"
    sync(src, mine)
    (mine / "00_a.ipynb").write_text("my answer", encoding="utf-8")
    edition(src, **{"00_a.ipynb": "a v2", "data__new.csv": "x"})
    (mine / RECORD).write_text(text, encoding="utf-8", errors="surrogateescape")
    for args in ([], ["--restore", "00"]):
        assert main([str(src), str(mine), *args]) == 1
        assert capsys.readouterr().err == (f"sync: '{(mine / RECORD).as_posix()}' is damaged; delete it, then run "
                                           "again (no file of yours is overwritten: each one that differs from the "
                                           "new version is kept)\n")
    assert (mine / "00_a.ipynb").read_text(encoding="utf-8") == "my answer" and not (mine / "backup").exists()
    (mine / RECORD).unlink()
    assert sync(src, mine).kept == ["00_a.ipynb"]


def test_a_file_in_the_way_is_one_line_saying_what_to_do(tmp_path, capsys):
    """A file where sync or restore needs a folder: one line naming it and what to do, not a bare OS error."""
    src = edition(tmp_path / "src", **{"00_a.ipynb": "a v1", "data__x.csv": "x"})
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "data").write_text("in the way", encoding="utf-8")
    assert main([str(src), str(mine)]) == 1
    line = capsys.readouterr().err
    assert line.startswith(f"sync: cannot use '{mine / 'data'}") and line.count("\n") == 1
    assert line.endswith("; move or rename what is in the way, or fix its permissions, then run it again\n")
    (mine / "data").unlink()
    sync(src, mine)
    (mine / "00_a.ipynb").write_text("my answer", encoding="utf-8")
    (mine / "backup").write_text("in the way", encoding="utf-8")
    assert main([str(src), str(mine), "--restore", "00"]) == 1
    assert capsys.readouterr().err.startswith(f"restore: cannot use '{mine / 'backup'}' (")


def test_the_kept_line_offers_restore_for_notebooks_only(tmp_path):
    """A kept data file is named without `make restore NB=NN`, which takes notebooks by number."""
    src = edition(tmp_path / "src", **{"00_a.ipynb": "a v1", "data__c.json": "c v1"})
    mine = tmp_path / "mine"
    sync(src, mine)
    (mine / "data" / "c.json").write_text("mine", encoding="utf-8")
    edition(src, **{"00_a.ipynb": "a v2", "data__c.json": "c v2"})
    assert sync(src, mine).summary("mine") == "mine: 0 added, 1 updated, 1 of yours kept (data/c.json)"
    (mine / "00_a.ipynb").write_text("my answer", encoding="utf-8")
    edition(src, **{"00_a.ipynb": "a v3", "data__c.json": "c v3"})
    assert sync(src, mine).summary("mine") == ("mine: 0 added, 0 updated, 2 of yours kept (00_a.ipynb; `make restore "
                                               "NB=NN` takes the new version, yours backed up; data/c.json)")


def test_the_real_edition_syncs_and_the_copy_is_git_ignored(tmp_path):
    """The committed workshop/ syncs every notebook and its data; my-workshop/ is ignored by git."""
    report = sync(ROOT / "workshop", tmp_path / "mine")
    assert "00_start_here.ipynb" in report.added and any(r.startswith("data/") for r in report.added)
    assert set(json.loads((tmp_path / "mine" / RECORD).read_text())) == set(report.added)
    assert "/my-workshop/" in (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()


def git(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    env = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@example.com", "HOME": str(cwd), "PATH": "/usr/bin:/bin"}
    return subprocess.run(["git", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=60)


@needs_git
def test_git_pull_with_an_edited_copy_succeeds_and_keeps_their_work(tmp_path):
    """A real clone: the participant edits their copy, the instructor pushes new material, pull then sync."""
    upstream = edition(tmp_path / "upstream", **{"workshop__00_a.ipynb": "a v1", "workshop__01_b.ipynb": "b v1",
                                                 ".gitignore": "/my-workshop/\n"})
    assert git(upstream, "init", "-q", "-b", "main").returncode == 0
    git(upstream, "add", "-A")
    assert git(upstream, "commit", "-q", "-m", "v1").returncode == 0
    assert git(tmp_path, "clone", "-q", str(upstream), "clone").returncode == 0
    clone = tmp_path / "clone"
    sync(clone / "workshop", clone / "my-workshop")
    (clone / "my-workshop" / "00_a.ipynb").write_text("my answer", encoding="utf-8")
    edition(upstream, **{"workshop__00_a.ipynb": "a v2", "workshop__01_b.ipynb": "b v2"})
    git(upstream, "commit", "-q", "-am", "v2")
    pulled = git(clone, "pull", "-q", "--ff-only")
    assert pulled.returncode == 0, pulled.stderr
    report = sync(clone / "workshop", clone / "my-workshop")
    assert (report.updated, report.kept) == (["01_b.ipynb"], ["00_a.ipynb"])
    assert (clone / "my-workshop" / "00_a.ipynb").read_text(encoding="utf-8") == "my answer"
    assert (clone / "my-workshop" / "01_b.ipynb").read_text(encoding="utf-8") == "b v2"
    assert git(clone, "status", "--porcelain").stdout == ""
