"""Every family in FAMILY_MODULES keeps the contract of notation.families."""

import inspect

import pytest

from notation import families
from notation.families import Family, Identification, PositionQuery
from notation.model import Record, SourceText

NAMES = list(families.FAMILY_MODULES)
HOOKS = [name for name, value in vars(Family).items() if inspect.isfunction(value) and not name.startswith("_")]


@pytest.mark.parametrize("name", NAMES)
def test_family_is_a_family(name):
    family = families.get(name)
    assert isinstance(family, Family)
    assert family.name == name
    assert family.notations and family.formats


@pytest.mark.parametrize("name", NAMES)
def test_hooks_keep_their_signatures(name):
    family = families.get(name)
    for hook in HOOKS:
        declared = inspect.signature(getattr(Family, hook))
        given = inspect.signature(getattr(type(family), hook))
        assert list(given.parameters) == list(declared.parameters), f"{name}.{hook}"


@pytest.mark.parametrize("name", NAMES)
def test_notations_are_named_and_parse(name):
    for key, notation in families.get(name).notations.items():
        assert notation.name == key
        assert callable(notation.parse)


@pytest.mark.parametrize("name", NAMES)
def test_unknown_format_names_the_known_ones(name):
    family = families.get(name)
    record = Record(SourceText("x.txt", ""), 0, {}, "", "", 0, 0)
    from notation.model import Game

    with pytest.raises(ValueError, match=family.formats[0]):
        family.write(Game(record=record, family=name, notation=None), "no-such-format")


@pytest.mark.parametrize("name", NAMES)
def test_identify_and_position_query_answer_in_their_types(name):
    family = families.get(name)
    record = Record(SourceText("x.txt", "hello"), 0, {}, "hello", "hello", 0, 0)
    assert isinstance(family.identify(record), Identification)
    with pytest.raises(ValueError):
        family.position_query("   ")


def test_unknown_game_names_the_known_families():
    with pytest.raises(KeyError, match="chess"):
        families.get("go")


def test_a_family_that_cannot_load_is_named(monkeypatch):
    monkeypatch.setitem(families.FAMILY_MODULES, "broken", "notation.rules.no_such_module")
    with pytest.raises(families.FamilyError, match="broken"):
        families.load_all()


def test_an_internal_error_fails_a_test(monkeypatch, replay_text):
    """Strict mode (the suite's default): an exception inside a family raises, it is not stored quietly."""
    from notation.pipeline import InternalError
    from notation.rules.chess import FAMILY

    def replay(self, parsed):
        raise RuntimeError("boom")

    monkeypatch.setattr(type(FAMILY), "replay", replay)
    with pytest.raises(InternalError, match="boom"):
        replay_text('[Game "chess"]\n[Notation "san"]\n1. e4 e5\n')


def test_a_tag_value_of_the_wrong_form_is_a_bad_tag_diagnostic_at_the_tag(replay_text):
    text = '[Game "backgammon"]\n[Notation "standard"]\n[MatchLength "seven"]\n1. White 51: 24/23 8/3\n'
    (game,) = replay_text(text, "m.txt")
    assert game.status == "unparsed"
    (diag,) = game.diagnostics
    assert diag.code == "bad-tag" and "MatchLength" in diag.message and "whole number" in diag.message
    assert (diag.line, diag.column) == (3, 15)
