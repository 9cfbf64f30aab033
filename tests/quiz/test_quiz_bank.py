"""Question banks from CSV, JSON and YAML: good files, and bad rows reported by line."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardroom.games.quiz.bank import (
    Bank,
    BankError,
    Question,
    load_csv,
    load_json,
    load_yaml,
    parse_bank,
    read_bank,
)

CSV_GOOD = """id,text,answer,choices,category,points,time_limit
h1,Who founded St Petersburg?,Peter I,,History,2,45
g1,"Longest river, by length?",Nile,Nile|Amazon|Yangtze,Geography,,
g2,"A question
on two lines?",Yes,,Geography,,
"""

JSON_GOOD = """{
  "title": "Finals",
  "questions": [
    {"id": "h1", "text": "Who founded St Petersburg?", "answer": "Peter I", "category": "History",
     "points": 2, "time_s": 45},
    {"id": "g1", "text": "Longest river, by length?", "answer": "Nile",
     "choices": ["Nile", "Amazon", "Yangtze"], "category": "Geography"},
    {"id": "g2", "text": "A question\\non two lines?", "answer": "Yes", "category": "Geography"}
  ]
}
"""

YAML_GOOD = """questions:
  - id: h1
    text: Who founded St Petersburg?
    answer: Peter I
    category: History
    points: 2
    time_limit: 45
  - id: g1
    text: Longest river, by length?
    answer: Nile
    choices: [Nile, Amazon, Yangtze]
    category: Geography
  - id: g2
    text: |-
      A question
      on two lines?
    answer: Yes
    category: Geography
"""


@pytest.mark.parametrize(
    ("loader", "text"), [(load_csv, CSV_GOOD), (load_json, JSON_GOOD), (load_yaml, YAML_GOOD)]
)
def test_the_three_formats_give_the_same_bank(loader: object, text: str) -> None:
    bank = loader(text)  # type: ignore[operator]
    assert isinstance(bank, Bank)
    assert [q.id for q in bank] == ["h1", "g1", "g2"]
    history, river, two_lines = bank.questions
    assert history == Question(
        "h1", "Who founded St Petersburg?", "Peter I", category="History", points=2, time_s=45
    )
    assert river.choices == ("Nile", "Amazon", "Yangtze") and river.is_choice
    assert two_lines.text == "A question\non two lines?"
    assert two_lines.answer == "Yes"  # YAML's "Yes" stays text, not True
    assert bank.categories() == ["History", "Geography"]


def test_round_trip_through_the_setup_rows() -> None:
    bank = load_csv(CSV_GOOD)
    assert Bank.from_rows(bank.to_json()) == bank


def errors_of(excinfo: pytest.ExceptionInfo[BankError]) -> list[tuple[int, str]]:
    return [(e.line, e.message) for e in excinfo.value.errors]


def test_csv_errors_by_line_and_nothing_half_imported() -> None:
    text = (
        "text,answer,choices,points\n"
        "Good one?,Yes,,\n"
        "No answer?,,,\n"
        '"Multi\nline",x,a|b,\n'
        "Bad points?,No,,lots\n"
        "\n"
        "Choice?,c,a|b,\n"
        "Too,many,cells,1,extra\n"
    )
    with pytest.raises(BankError) as caught:
        load_csv(text, source="finals.csv")
    assert errors_of(caught) == [
        (3, "answer is missing or empty"),
        (4, "answer 'x' is not one of the choices"),
        (6, "points must be a number, not 'lots'"),
        (8, "answer 'c' is not one of the choices"),
        (9, "5 cells, but the header names 4 columns"),
    ]
    message = str(caught.value)
    assert message.startswith("finals.csv: 5 bad rows; nothing was imported.")
    assert "line 6: points must be a number" in message


def test_csv_semicolons_and_unknown_columns() -> None:
    assert len(load_csv("text;answer\nQ?;A\n")) == 1
    with pytest.raises(BankError) as caught:
        load_csv("text,anwser\nQ?,A\n")
    assert "unknown field 'anwser'" in caught.value.errors[0].message
    assert caught.value.errors[0].line == 2


def test_json_errors_by_line() -> None:
    text = """[
  {"text": "Fine?", "answer": "yes"},
  {"text": "No answer?"},
  {"text": "Choices?", "answer": "a", "choices": ["a"]},
  "just a string",
  {"text": "Time?", "answer": "t", "time_s": -5}
]"""
    with pytest.raises(BankError) as caught:
        load_json(text)
    assert errors_of(caught) == [
        (3, "answer is missing or empty"),
        (4, "a multiple-choice question needs at least two choices"),
        (5, "a question must be a mapping of fields, not str"),
        (6, "time_s must be more than zero, not -5"),
    ]


def test_json_syntax_error_names_its_line() -> None:
    with pytest.raises(BankError) as caught:
        load_json('[\n {"text": "Q", "answer": "A"},\n {"text": oops}\n]')
    assert caught.value.errors[0].line == 3
    assert caught.value.errors[0].message.startswith("not valid JSON")


def test_yaml_errors_by_line() -> None:
    text = """- text: Fine?
  answer: yes
- text: Duplicate id
  answer: a
  id: same
- text: Second with the id
  answer: b
  id: same
- text: Unknown field
  answer: c
  colour: red
"""
    with pytest.raises(BankError) as caught:
        load_yaml(text)
    lines = errors_of(caught)
    assert lines[0] == (6, "question id 'same' is taken by line 3")
    assert lines[1][0] == 9 and "unknown field 'colour'" in lines[1][1]


def test_yaml_syntax_error_names_its_line() -> None:
    with pytest.raises(BankError) as caught:
        load_yaml("- text: a\n  answer: [unclosed\n- text: b\n")
    assert caught.value.errors[0].line >= 2
    assert caught.value.errors[0].message.startswith("not valid YAML")


def test_empty_and_shapeless_files() -> None:
    for loader, text in ((load_csv, ""), (load_json, "[]"), (load_yaml, "[]"), (load_json, "{}")):
        with pytest.raises(BankError):
            loader(text)
    with pytest.raises(BankError, match="expected a list"):
        load_yaml("just text")


def test_ids_are_stable_when_not_given_and_duplicates_are_caught() -> None:
    bank = load_csv("text,answer\nQ?,A\nR?,B\n")
    assert bank.questions[0].id == load_csv("text,answer\nQ?,A\n").questions[0].id
    with pytest.raises(BankError, match="taken by line 2"):
        load_csv("text,answer\nQ?,A\nQ?,A\n")


def test_merging_banks_refuses_clashing_ids() -> None:
    one = load_csv("id,text,answer\nx,Q?,A\n")
    two = load_csv("id,text,answer\ny,R?,B\n")
    assert [q.id for q in one.merge(two)] == ["x", "y"]
    with pytest.raises(BankError, match="appears twice"):
        one.merge(one)


def test_parse_and_read_bank_by_format(tmp_path: Path) -> None:
    file = tmp_path / "bank.yaml"
    file.write_text(YAML_GOOD, encoding="utf-8")
    assert len(read_bank(file)) == 3
    assert len(parse_bank(("\ufeff" + CSV_GOOD).encode(), "CSV")) == 3
    with pytest.raises(BankError, match="neither UTF-8 nor Windows-1251"):
        parse_bank(b"text,answer\n\x00\x98,1\n", "csv")
    with pytest.raises(BankError, match="unknown bank format"):
        parse_bank(b"", "docx")
