"""make_client chooses the backend from the environment; practice_client builds the practice model."""

import typing

import anthropic
import pytest
from anthropic._data import DEPRECATED_MODELS
from anthropic.types.model_param import ModelParam

from looplab import client as looplab_client
from looplab.client import DEFAULT_MODEL, MODEL, make_client, practice_client
from looplab.practice import PracticeTransport, transport_of

KEY = "sk-ant-test-0123456789SECRET-abcd"
SETTINGS = ("ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "LOOPLAB_OFFLINE", "LOOPLAB_REPLAY",
            "ANTHROPIC_AUTH_TOKEN")


@pytest.fixture
def bare_env(monkeypatch, tmp_path):
    """No backend settings, cwd in an empty folder; anything .env loads is undone after."""
    monkeypatch.chdir(tmp_path)
    for name in SETTINGS:
        monkeypatch.setenv(name, "placeholder")
        monkeypatch.delenv(name)
    return monkeypatch


def test_default_model_is_current():
    """The default and the effective model are known SDK ids that are not deprecated."""
    known = set(typing.get_args(typing.get_args(ModelParam)[0]))
    assert DEFAULT_MODEL == "claude-opus-5" and DEFAULT_MODEL in known
    assert DEFAULT_MODEL not in DEPRECATED_MODELS and MODEL not in DEPRECATED_MODELS


def test_practice_client_is_a_strict_sdk_client():
    """practice_client returns a real Anthropic client with strict validation and its own transport."""
    client = practice_client()
    assert isinstance(client, anthropic.Anthropic) and client._strict_response_validation
    assert isinstance(transport_of(client), PracticeTransport)
    assert transport_of(client) is not transport_of(practice_client())


def test_transport_of_refuses_other_clients():
    """transport_of on a non-practice client says how to get one."""
    with pytest.raises(ValueError, match="practice_client"):
        transport_of(anthropic.Anthropic(api_key="x"))


def test_nothing_set_means_practice(bare_env, capsys):
    """With no key and no server the practice model is used, and one line says how to switch."""
    client = make_client()
    assert isinstance(transport_of(client), PracticeTransport)
    assert capsys.readouterr().out == "Backend: practice model (offline). Set ANTHROPIC_API_KEY to use Claude.\n"


def test_offline_flag_wins_over_a_key(bare_env, capsys):
    """LOOPLAB_OFFLINE=1 chooses the practice model even when a key is set."""
    bare_env.setenv("ANTHROPIC_API_KEY", KEY)
    bare_env.setenv("LOOPLAB_OFFLINE", "1")
    assert isinstance(transport_of(make_client()), PracticeTransport)
    assert capsys.readouterr().out == "Backend: practice model (offline, LOOPLAB_OFFLINE=1).\n"


def test_key_means_claude_and_is_never_shown(bare_env, capsys):
    """A key selects Claude; the line shows only its last 4 characters."""
    bare_env.setenv("ANTHROPIC_API_KEY", KEY)
    client = make_client()
    out = capsys.readouterr().out
    assert out == f"Backend: Claude (key ending in …abcd), model {MODEL}.\n"
    assert KEY not in out and KEY not in repr(client) and KEY[:-4] not in out
    assert str(client.base_url).startswith("https://api.anthropic.com")


def test_base_url_means_local_server(bare_env, capsys):
    """ANTHROPIC_BASE_URL selects that server; the printed URL drops any user:password."""
    bare_env.setenv("ANTHROPIC_BASE_URL", "http://me:pw@localhost:11434")
    client = make_client()
    assert capsys.readouterr().out == f"Backend: local server at http://localhost:11434, model {MODEL}.\n"
    assert str(client.base_url).startswith("http://me:pw@localhost:11434")


def test_dotenv_is_read_but_does_not_override(bare_env, tmp_path, capsys):
    """A .env key is used when the environment has none; a key already set wins."""
    (tmp_path / ".env").write_text("ANTHROPIC_API_KEY=sk-ant-from-dotenv-000000-1111\n")
    make_client()
    assert "…1111" in capsys.readouterr().out
    bare_env.setenv("ANTHROPIC_API_KEY", KEY)
    make_client()
    assert "…abcd" in capsys.readouterr().out


def test_quiet_prints_nothing(bare_env, capsys):
    """quiet=True chooses the same backend silently."""
    make_client(quiet=True)
    assert capsys.readouterr().out == ""


def test_short_key_end_is_not_shown():
    """A key too short to hide is not partly shown."""
    assert looplab_client._key_tail("abc123") == "a key (too short to show its end)"


def test_a_base_url_without_scheme_gets_one_line_saying_how_to_write_it(bare_env):
    """ANTHROPIC_BASE_URL=localhost:11434 is refused at once with the right form, not a connection error later."""
    bare_env.setenv("ANTHROPIC_BASE_URL", "localhost:11434")
    with pytest.raises(ValueError) as refused:
        make_client()
    assert str(refused.value) == (
        "ANTHROPIC_BASE_URL='localhost:11434' is not an http(s) URL; write it like "
        "http://localhost:11434 (no /v1), or unset it to use the practice model")


@pytest.mark.parametrize("url", ["http://[bad", "http://localhost:99999", "http://[::1"])
def test_a_base_url_python_cannot_parse_gets_the_same_line(bare_env, url):
    """An unclosed IPv6 host or a port out of range gets the ANTHROPIC_BASE_URL line, not urllib's own error."""
    bare_env.setenv("ANTHROPIC_BASE_URL", url)
    with pytest.raises(ValueError) as refused:
        make_client()
    assert str(refused.value) == (
        f"ANTHROPIC_BASE_URL={url!r} is not an http(s) URL; write it like "
        "http://localhost:11434 (no /v1), or unset it to use the practice model")


@pytest.mark.parametrize(("content", "says"), [
    (None, "no recording at"), ("{bad", "is not valid JSON"), ('{"format": "other"}', "is not a looplab-replay/1 recording")])
def test_a_bad_replay_setting_gets_one_line_saying_what_to_do(bare_env, tmp_path, content, says):
    """LOOPLAB_REPLAY naming a missing, broken or foreign file is refused with what to do."""
    path = tmp_path / "session.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    bare_env.setenv("LOOPLAB_REPLAY", str(path))
    with pytest.raises(ValueError) as refused:
        make_client()
    assert says in str(refused.value)
    assert str(refused.value).endswith("record one with looplab.record(client, path), or unset LOOPLAB_REPLAY")
