"""Opening a broken or wrong file says what is wrong with it in one sentence a player can read:
binary files, other encodings, empty and truncated files, other formats, other versions."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from frontier_desktop.cli import main
from frontier_desktop.position import read_actions, read_position
from frontier_desktop.record import RecordError, load_record, read_record, write_record
from frontier_desktop.rules.errors import InvalidPositionError
from frontier_desktop.ui.games import quick_game, session_from_position, session_from_record

ROOT = Path(__file__).resolve().parents[1]
PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00"
INTERNAL = re.compile(r"codec|Expecting|\bNone\b|Errno|Traceback|\{|\}|'\w+'|\bformat\b|"
                      r"JSONDecodeError|KeyError|frontier-record/|byte 0x|\\x")


def _record(tmp_path: Path) -> Path:
    session = quick_game(seed=3)
    for _ in range(6):
        seat = session.acting_seat()
        assert seat is not None
        legal = session.legal_actions(seat)
        assert session.submit(seat, legal[0]).ok
    path = tmp_path / "game.jsonl"
    assert session.record_header is not None
    write_record(path, session.record_header, session.actions)
    return path


def _say(exc: BaseException) -> str:
    text = str(exc)
    assert "\n" not in text, text
    assert not INTERNAL.search(text), f"internal data in {text!r}"
    return text


def _record_error(path: Path) -> str:
    with pytest.raises(RecordError) as info:
        session_from_record(path)
    return _say(info.value)


def _position_error(path: Path) -> str:
    with pytest.raises(InvalidPositionError) as info:
        session_from_position(path)
    return _say(info.value)


def test_a_binary_file_opened_as_a_saved_game_or_a_position(tmp_path: Path) -> None:
    path = tmp_path / "picture.jsonl"
    path.write_bytes(PNG)
    assert _record_error(path) == "“picture.jsonl” isn't a Frontier Desktop saved game (it looks like a PNG image)."
    assert "a PNG image" in _position_error(path)
    other = tmp_path / "blob.bin"
    other.write_bytes(bytes(range(256)) * 4)
    assert "binary" in _record_error(other) or "isn't a Frontier Desktop saved game" in _record_error(other)


def test_text_in_another_encoding(tmp_path: Path) -> None:
    path = tmp_path / "latin.jsonl"
    path.write_bytes('{"format": "frontier-record/1", "players": ["Åsa"]}\n'.encode("latin-1"))
    text = _record_error(path)
    assert "isn't a Frontier Desktop saved game" in text and "another encoding" in text
    utf16 = tmp_path / "utf16.json"
    utf16.write_text('{"format": "frontier-position/1"}', encoding="utf-16")
    assert "UTF-16" in _position_error(utf16)


def test_empty_and_blank_files(tmp_path: Path) -> None:
    for name, data in (("empty.jsonl", b""), ("blank.jsonl", b"\n  \n")):
        path = tmp_path / name
        path.write_bytes(data)
        assert _record_error(path) == f"“{name}” is empty, so it isn't a Frontier Desktop saved game."
    empty = tmp_path / "empty.json"
    empty.write_bytes(b"")
    assert "is empty" in _position_error(empty)


def test_a_truncated_save_and_a_damaged_line(tmp_path: Path) -> None:
    path = _record(tmp_path)
    data = path.read_bytes()
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(data[:-12])
    lines = data.decode().splitlines()
    text = _record_error(cut)
    assert text == (f"“cut.jsonl” is cut off in the middle of line {len(lines)} (it was not saved "
                    "completely) and can't be opened; the file was left as it is.")
    assert cut.read_bytes() == data[:-12]
    damaged = tmp_path / "damaged.jsonl"
    damaged.write_text("\n".join(lines[:3] + ["{\"seat\": 0, \"act"] + lines[4:]) + "\n",
                       encoding="utf-8")
    assert _record_error(damaged) == ("“damaged.jsonl” is damaged at line 4 and can't be opened; "
                                      "the file was left as it is.")
    shape = tmp_path / "shape.jsonl"
    shape.write_text("\n".join(lines[:2] + ['{"seat": "Ann"}'] + lines[3:]) + "\n", encoding="utf-8")
    assert "damaged at line 3" in _record_error(shape)
    header = json.loads(lines[0])
    del header["cards"]
    broken = tmp_path / "header.jsonl"
    broken.write_text("\n".join([json.dumps(header)] + lines[1:]) + "\n", encoding="utf-8")
    assert _record_error(broken) == ("“header.jsonl” can't be opened: the game's set-up (line 1) "
                                     "is damaged: the card data is missing.")


def test_a_cut_off_position_file(tmp_path: Path) -> None:
    doc = (ROOT / "assets" / "positions").glob("*.json")
    source = next(iter(sorted(doc)), None)
    if source is None:
        pytest.skip("no bundled position files")
    path = tmp_path / "cut.json"
    path.write_bytes(source.read_bytes()[: len(source.read_bytes()) // 2])
    assert "is cut off in the middle of line" in _position_error(path)


def test_files_of_another_kind(tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Llanowar Elves\n4 Grizzly Bears\n\nSideboard\n2 Terror\n", encoding="utf-8")
    assert _record_error(deck) == ("“deck.txt” isn't a Frontier Desktop saved game (it looks like "
                                   "a deck list).")
    assert "it looks like a deck list" in _position_error(deck)
    position = ROOT / "assets" / "positions"
    found = next(iter(sorted(position.glob("*.json"))), None)
    if found is not None:
        copy = tmp_path / "position.jsonl"
        copy.write_text(json.dumps(json.loads(found.read_text(encoding="utf-8"))), encoding="utf-8")
        assert _record_error(copy) == ("“position.jsonl” can't be opened: it is a position file, not a "
                                       "saved game (open it with Open position, or the position "
                                       "command).")
    record = _record(tmp_path)
    text = _position_error(record)
    assert text.startswith("“game.jsonl” isn't a Frontier Desktop position file")
    other = tmp_path / "other.json"
    other.write_text('{"name": "settings", "volume": 3}\n', encoding="utf-8")
    assert "a JSON file of another kind" in _record_error(other)
    html = tmp_path / "page.html"
    html.write_text("<!doctype html><html></html>", encoding="utf-8")
    assert "XML or web page" in _record_error(html)


def test_a_save_from_another_version(tmp_path: Path) -> None:
    path = _record(tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["format"] = "frontier-record/2"
    newer = tmp_path / "newer.jsonl"
    newer.write_text("\n".join([json.dumps(header)] + lines[1:]) + "\n", encoding="utf-8")
    assert _record_error(newer) == ("“newer.jsonl” can't be opened: it was saved by another version "
                                    "of Frontier Desktop and can't be opened by this one.")
    doc = {"format": "frontier-position/9", "board": {"rows": []}}
    pos = tmp_path / "newer.json"
    pos.write_text(json.dumps(doc), encoding="utf-8")
    assert "another version" in _position_error(pos)
    header.pop("format")
    none = tmp_path / "none.jsonl"
    none.write_text("\n".join([json.dumps(header)] + lines[1:]) + "\n", encoding="utf-8")
    assert "isn't a Frontier Desktop saved game" in _record_error(none)


def test_missing_files_and_folders(tmp_path: Path) -> None:
    assert _record_error(tmp_path / "gone.jsonl") == \
        "“gone.jsonl” can't be opened: there is no such file."
    assert _record_error(tmp_path) .endswith("is a folder, not a file.")
    assert "no such file" in _position_error(tmp_path / "gone.json")


def test_a_save_that_does_not_replay_names_the_line(tmp_path: Path) -> None:
    path = _record(tmp_path)
    with path.open("a", encoding="utf-8") as handle:
        handle.write('{"seat": 0, "action": {"type": "done_attacking"}}\n')
    lines = path.read_text(encoding="utf-8").splitlines()
    with pytest.raises(RecordError) as info:
        load_record(path)
    text = str(info.value)
    assert text.startswith(f"“game.jsonl” can't be opened: the action at line {len(lines)} "
                           "can't be replayed (")
    assert "\n" not in text


def test_the_command_line_says_the_same_in_one_line(tmp_path: Path, capsys) -> None:
    path = tmp_path / "picture.jsonl"
    path.write_bytes(PNG)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == ("frontier-desktop replay: “picture.jsonl” isn't a Frontier Desktop saved game "
                   "(it looks like a PNG image).")
    assert main(["position", str(path)]) != 0
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "PNG image" in err and not INTERNAL.search(err.split(": ", 1)[1])


def test_action_lists_and_other_readers_share_the_words(tmp_path: Path) -> None:
    path = tmp_path / "actions.jsonl"
    path.write_bytes("{\"type\": \"pass\"}\n{\"type\": \"pa".encode())
    with pytest.raises(InvalidPositionError) as info:
        read_actions(path)
    assert "is cut off in the middle of line 2" in _say(info.value)
    with pytest.raises(InvalidPositionError) as info:
        read_position(tmp_path / "missing.json")
    assert "no such file" in _say(info.value)


def test_a_good_save_still_opens(tmp_path: Path) -> None:
    path = _record(tmp_path)
    header, actions = read_record(path)
    session = session_from_record(path)
    assert len(session.actions) == len(actions) == 6
    assert header["players"][0]["name"] == session.state.players[0].name


def test_a_saved_game_or_latin1_text_opened_as_a_deck(tmp_path: Path) -> None:
    from frontier_desktop.decks import DeckReadError, read_deck_file

    game = _record(tmp_path)
    with pytest.raises(DeckReadError) as info:
        read_deck_file(game)
    assert "this is a Frontier Desktop saved game, not a deck list" in str(info.value)
    latin = tmp_path / "latin.txt"
    latin.write_bytes("4 Grizzly Bears\n4 Æther Vial\n".encode("latin-1"))
    with pytest.raises(DeckReadError) as info:
        read_deck_file(latin)
    assert "line 2 is in another encoding" in _say(info.value)
