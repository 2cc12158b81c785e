"""The claims catalogue (checks/catalogue.py) as data: every claim has one section, and every
number of the write-ups that a check judges is stored once, in STATED, in agreement with the
catalogue's quotation of the write-up."""

from __future__ import annotations

import re

import pytest

from checks.catalogue import (CATALOGUE, CLAIM_BY_ID, SECTIONS, STATED, WORDS, section_of,
                              stated)


def test_every_claim_is_in_exactly_one_section():
    """The sections list each claim once, so a block can name its write-up section."""
    listed = [claim_id for sections in SECTIONS.values() for s in sections for claim_id in s.claims]
    assert sorted(listed) == sorted(claim.id for claim in CATALOGUE)
    assert section_of("DF-15").number == "§4"


def test_each_claim_is_said_in_a_few_words():
    """Every claim's words, the report table's `claim` column, are at most WORDS (36)
    characters and say something other than its ID; no two claims share them except the
    two rules checkers."""
    for claim in CATALOGUE:
        assert 10 <= len(claim.words) <= WORDS, claim.id
    words = [claim.words for claim in CATALOGUE]
    assert len(set(words)) == len(words) - 1


@pytest.mark.parametrize("figure", STATED, ids=lambda f: f"{f.claim} {f.key}")
def test_each_stated_number_is_quoted_in_its_claims_text(figure):
    """The words that print a stated number stand in its claim's `documented` text: the
    number the checks judge and the write-up's words the report shows cannot drift apart."""
    assert figure.printed in CLAIM_BY_ID[figure.claim].documented


def _numbers(words: str) -> set[float]:
    """The numbers written in `words`: '2,248 none, 13.7% at k = 32' → {2248, 13.7, 32}."""
    return {float(x.replace(",", "")) for x in re.findall(r"\d[\d,]*(?:\.\d+)?", words)}


@pytest.mark.parametrize("figure", STATED, ids=lambda f: f"{f.claim} {f.key}")
def test_each_stated_value_is_the_number_its_words_print(figure):
    """The value the checks use is a number the quoted words print: k of a count of boards
    (DF-16: the boards without an answer), with n in its claim's text; a share as its
    percentage; a log10 figure as its power of ten (15,849 ways is 10^4.2)."""
    numbers = _numbers(figure.printed)
    if isinstance(figure.value, tuple):
        k, n = figure.value
        assert float(k) in numbers, (figure.value, numbers)
        assert figure.claim == "DF-16" or float(n) in _numbers(
            CLAIM_BY_ID[figure.claim].documented), figure.value
    else:
        assert (figure.value in numbers or round(100 * figure.value, 1) in numbers
                or round(10 ** figure.value) in numbers
                or any(abs(round(10 ** figure.value) - x) <= 1 for x in numbers)), numbers


@pytest.mark.parametrize("figure", STATED, ids=lambda f: f"{f.claim} {f.key}")
def test_each_stated_number_has_a_well_formed_value(figure):
    """A count of boards is (k, n) with 0 ≤ k ≤ n; a share lies in [0, 1] with a unit below
    one; a mean or a median has the boards behind it where the write-up says them."""
    if isinstance(figure.value, tuple):
        k, n = figure.value
        assert 0 <= k <= n or figure.claim == "DF-16"   # DF-16 stores (none, more) of n
    elif figure.value <= 1 and figure.unit:
        assert 0 <= figure.value <= 1 and figure.unit < 1
    assert figure.n is None or figure.n > 0


def test_each_stated_number_is_stored_once():
    """No (claim, key) twice, and lookups find the row."""
    keys = [(f.claim, f.key) for f in STATED]
    assert len(keys) == len(set(keys))
    assert stated("DF-05", "8x8 runs").value == 10.7
    with pytest.raises(KeyError):
        stated("DF-05", "no such figure")
