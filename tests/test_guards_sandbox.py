"""Sandbox: names stay inside the folder, whatever form they take."""
import os
import sys
import threading

import pytest

from looplab import guards
from looplab.guards import Sandbox, allow_all, allow_only, ask_policy, cap_output, deny_all

CANARY = "CANARY-5b1e9d-outside-the-sandbox"


@pytest.fixture
def box(tmp_path):
    """A sandbox folder 'box' with files, a subfolder and links, next to a canary it must not reach."""
    return make_box(tmp_path)


def make_box(tmp_path):
    """The folder of the `box` fixture, made in `tmp_path` (benchmarks/bench_security.py uses it too)."""
    (tmp_path / "canary.txt").write_text(CANARY)
    (tmp_path / "secret").mkdir()
    (tmp_path / "secret" / "canary.txt").write_text(CANARY)
    root = tmp_path / "box"
    (root / "sub").mkdir(parents=True)
    (root / "a.txt").write_text("alpha")
    (root / "sub" / "b.txt").write_text("beta")
    (root / "out.txt").symlink_to(tmp_path / "canary.txt")
    (root / "outdir").symlink_to(tmp_path / "secret", target_is_directory=True)
    (root / "rel-out.txt").symlink_to("../canary.txt")
    (root / "inside.txt").symlink_to("a.txt")
    (root / "loop").symlink_to("loop")
    return Sandbox(root)


PAYLOADS = [
    "..", "../", "../..", "../canary.txt", "../secret/canary.txt", "../../canary.txt",
    "./../canary.txt", "sub/../../canary.txt", "sub/../../secret/canary.txt",
    "a.txt/../../canary.txt", "sub/./../../canary.txt", "sub//..//..//canary.txt",
    "../box/../canary.txt", "../" * 50 + "canary.txt",
    "{abs}/canary.txt", "{abs}/secret/canary.txt", "{abs}/box/../canary.txt",
    "/etc/passwd", "/", "//etc/passwd", "/proc/self/environ", "/dev/zero",
    "~", "~/canary.txt", "~root/.bashrc",
    "out.txt", "rel-out.txt", "outdir", "outdir/", "outdir/canary.txt", "loop",
    "a.txt\x00../canary.txt", "\x00", "../canary.txt\x00.txt", "a\n../canary.txt",
    "a.txt\r", "\t../canary.txt", "\x1b[31m../canary.txt", "a\u202e.txt", "\u200b../canary.txt",
    "..\\canary.txt", "..\\..\\canary.txt", "sub\\..\\..\\canary.txt",
    "C:\\Windows\\win.ini", "C:canary.txt", "c:/canary.txt", "C:", "\\\\server\\share\\canary.txt",
    "\\\\?\\C:\\canary.txt", "\\\\.\\pipe\\x",
    "．．／canary.txt", "．．/canary.txt", "..／canary.txt", "‥/canary.txt", "﹒﹒/canary.txt",
    "sub/．．/．．/canary.txt", "～/canary.txt",
    "%2e%2e%2fcanary.txt", "%2e%2e/canary.txt", "..%2fcanary.txt", "%252e%252e%252fcanary.txt",
    "..%c0%afcanary.txt", "..%5ccanary.txt", "file:///etc/passwd", "file:../canary.txt",
    "a" * 300, "a/" * 200, "x" * 255, "é" * 250, "...", "..../canary.txt", ". ./canary.txt",
    ".. /canary.txt", " ../canary.txt", "..;/canary.txt", "canary.txt", "secret/canary.txt",
]


@pytest.mark.parametrize("payload", PAYLOADS)
@pytest.mark.parametrize("action", ["read", "list", "resolve"])
def test_payload_never_reaches_outside(box, tmp_path, payload, action):
    """Every payload is refused or stays inside: the canary never shows and errors hide machine paths."""
    name = payload.format(abs=tmp_path)
    try:
        result = getattr(box, action)(name)
    except (ValueError, FileNotFoundError) as exc:
        message = str(exc)
        assert message.startswith("Sandbox: ")
        if str(tmp_path) not in name:
            assert str(tmp_path) not in message
        return
    if action == "resolve":
        assert result.is_relative_to(box.root)
    elif action == "list":
        assert CANARY not in "\n".join(result)
    else:
        assert CANARY not in result


def test_there_are_at_least_sixty_payloads():
    """The security suite keeps its breadth."""
    assert len(set(PAYLOADS)) >= 60


@pytest.mark.parametrize(
    "payload",
    ["../canary.txt", "/etc/passwd", "~/x", "a\x00b", "a\nb", "a\u200bb", "..\\x", "C:\\x", "C:x",
     "\\\\server\\share", "．．／x", "‥/x", "out.txt", "outdir/canary.txt", "a" * 300],
)
def test_escape_attempts_raise_value_error(box, payload):
    """Traversal, absolute, control, Windows, UNC, look-alike, link and overlong names raise ValueError."""
    with pytest.raises(ValueError, match="leaves the folder 'box'"):
        box.resolve(payload)


def test_url_encoded_names_are_literal(box):
    """Percent-encoded names are not decoded: they are just missing files inside the folder."""
    with pytest.raises(FileNotFoundError):
        box.read("%2e%2e%2fcanary.txt")
    assert box.resolve("%2e%2e%2fcanary.txt") == box.root / "%2e%2e%2fcanary.txt"


def test_error_message_wording(box):
    """Errors say what went wrong and what to do, naming the folder by its name only."""
    with pytest.raises(ValueError) as left:
        box.read("notes/../../etc")
    assert str(left.value) == "Sandbox: 'notes/../../etc' leaves the folder 'box' ('..' is not allowed); pass a name inside it"
    with pytest.raises(FileNotFoundError) as missing:
        box.read("x.txt")
    assert str(missing.value) == "Sandbox: no file 'x.txt' in 'box'; list the folder to see what is there"


def test_list_is_sorted_marks_folders_and_hides_links_out(box):
    """The listing is sorted, subfolders end with '/', and links that lead out are not shown."""
    assert box.list() == ["a.txt", "inside.txt", "sub/"]
    assert box.list("sub") == ["b.txt"]


def test_link_inside_the_folder_is_followed(box):
    """A symlink to a file inside the folder reads that file."""
    assert box.read("inside.txt") == "alpha"
    assert box.read("sub/b.txt") == "beta"


def test_reading_a_folder_or_listing_a_file_says_what_to_do(box):
    """Reading a folder and listing a file give one-line errors."""
    with pytest.raises(ValueError, match="is a folder"):
        box.read("sub")
    with pytest.raises(FileNotFoundError, match="no folder 'a.txt'"):
        box.list("a.txt")


def test_read_is_capped_with_a_marker(tmp_path):
    """A large file is cut at max_bytes with a visible truncation marker."""
    (tmp_path / "big.txt").write_text("x" * 100)
    text = Sandbox(tmp_path, max_bytes=10).read("big.txt")
    assert text == "x" * 10 + "\n[… truncated: 90 more bytes]"


def test_non_utf8_bytes_are_replaced(tmp_path):
    """Bytes that are not UTF-8 become replacement characters instead of an error."""
    (tmp_path / "latin.txt").write_bytes("café".encode("latin-1"))
    assert Sandbox(tmp_path).read("latin.txt") == "caf\ufffd"


def test_a_pipe_is_not_opened(tmp_path):
    """A named pipe inside the folder is refused instead of blocking the read."""
    os.mkfifo(tmp_path / "pipe")
    with pytest.raises(FileNotFoundError):
        Sandbox(tmp_path).read("pipe")


def test_missing_root_is_refused_without_machine_path(tmp_path):
    """A sandbox on a missing folder fails with the folder's name only."""
    with pytest.raises(FileNotFoundError) as caught:
        Sandbox(tmp_path / "nope")
    assert str(caught.value) == "Sandbox: no folder 'nope'; pass an existing folder"


def test_approval_policies():
    """deny_all refuses, allow_all accepts, allow_only accepts the named tools only."""
    assert deny_all("send_email", {}) is False
    assert allow_all("send_email", {}) is True
    policy = allow_only("send_email")
    assert policy("send_email", {}) is True
    assert policy("delete_file", {}) is False


def test_ask_policy_accepts_only_yes():
    """ask_policy shows the call and approves only on y/yes."""
    questions = []
    policy = ask_policy(lambda q: questions.append(q) or "yes")
    assert policy("send_email", {"to": "a@example.net"}) is True
    assert questions == ['Run send_email {"to": "a@example.net"}? [y/N] ']
    assert ask_policy(lambda q: "")("send_email", {}) is False


def test_cap_output():
    """Short text is unchanged; long text is cut with a marker saying how much was left out."""
    assert cap_output("abc", 5) == "abc"
    assert cap_output("abcdefgh", 5) == "abcde\n[… truncated: 3 more characters]"


def test_hard_link_to_a_file_outside_is_refused(tmp_path):
    """A hard link inside the folder to a file outside is not read, unless hard links are allowed."""
    (tmp_path / "canary.txt").write_text(CANARY)
    (tmp_path / "box").mkdir()
    os.link(tmp_path / "canary.txt", tmp_path / "box" / "linked.txt")
    with pytest.raises(ValueError) as refused:
        Sandbox(tmp_path / "box").read("linked.txt")
    assert str(refused.value) == (
        "Sandbox: 'linked.txt' has 2 hard links, so it may be a file outside 'box' under a second name; "
        "pass another file, or make the Sandbox with allow_hard_links=True")
    assert Sandbox(tmp_path / "box", allow_hard_links=True).read("linked.txt") == CANARY


def race(box, name: str, swap, reads: int = 1000) -> tuple[int, int, int]:
    """Read `name` `reads` times while another thread keeps calling `swap`; return (leaks, texts, refusals)."""
    stop = threading.Event()

    def swapper():
        while not stop.is_set():
            swap()

    thread = threading.Thread(target=swapper)
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads often, so checks and opens interleave with swaps
    thread.start()
    leaks = texts = refusals = 0
    try:
        for _ in range(reads):
            try:
                text = box.read(name)
            except (ValueError, FileNotFoundError):
                refusals += 1
                continue
            texts += 1
            leaks += CANARY in text
    finally:
        stop.set()
        thread.join()
        sys.setswitchinterval(old)
    return leaks, texts, refusals


def file_swap(tmp_path):
    """A sandbox whose 'note.txt' a swap turns from an inside file into a link to an outside canary and back."""
    (tmp_path / "canary.txt").write_text(CANARY)
    root = tmp_path / "box"
    root.mkdir()
    (root / "note.txt").write_text("inside")
    state = {"link": False}

    def swap():
        spare = root / "spare"
        if state["link"]:
            spare.write_text("inside")
        else:
            spare.symlink_to(tmp_path / "canary.txt")
        os.replace(spare, root / "note.txt")  # atomic: the name is always a file or a link
        state["link"] = not state["link"]

    return Sandbox(root), "note.txt", swap


def folder_swap(tmp_path):
    """A sandbox whose folder 'sub' a swap turns into a link to an outside folder (with a canary b.txt) and back."""
    (tmp_path / "secret").mkdir()
    (tmp_path / "secret" / "b.txt").write_text(CANARY)
    root = tmp_path / "box"
    (root / "sub").mkdir(parents=True)
    (root / "sub" / "b.txt").write_text("inside")
    (root / "out").symlink_to(tmp_path / "secret", target_is_directory=True)
    state = {"link": False}

    def swap():
        if state["link"]:
            os.rename(root / "sub", root / "out")
            os.rename(root / "real", root / "sub")
        else:
            os.rename(root / "sub", root / "real")
            os.rename(root / "out", root / "sub")
        state["link"] = not state["link"]

    return Sandbox(root), "sub/b.txt", swap


def test_swapping_a_file_for_a_link_while_reading_leaks_nothing(tmp_path):
    """A thread swaps an inside file and a link to an outside canary; 1000 reads never show the canary."""
    leaks, texts, refusals = race(*file_swap(tmp_path))
    assert leaks == 0 and texts + refusals == 1000 and texts > 0


def test_swapping_a_folder_for_a_link_while_reading_leaks_nothing(tmp_path):
    """A thread swaps an inside folder and a link to an outside folder; 1000 reads never show the canary."""
    leaks, texts, refusals = race(*folder_swap(tmp_path))
    assert leaks == 0 and texts + refusals == 1000 and texts > 0


def test_without_no_follow_opens_the_checks_still_hold(tmp_path, monkeypatch):
    """Where dir_fd/O_NOFOLLOW are missing (Windows), reads, lists, links out and hard links behave the same."""
    monkeypatch.setattr(guards, "_WALK", False)
    box = make_box(tmp_path)
    os.link(tmp_path / "canary.txt", box.root / "linked.txt")
    assert box.read("inside.txt") == "alpha" and box.list() == ["a.txt", "inside.txt", "linked.txt", "sub/"]
    for name in ("out.txt", "outdir/canary.txt", "../canary.txt", "linked.txt"):
        with pytest.raises(ValueError):
            box.read(name)
    with pytest.raises(ValueError, match="is a folder"):
        box.read("sub")
