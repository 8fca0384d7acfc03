"""The RTL mutation table (scripts/mutate.py) must match the RTL: every mutation's original text
occurs exactly once, so `make mutants` never runs on a stale table. Runs with the model tests."""

from scripts.mutate import MUTATIONS, stale


def test_mutation_table_matches_rtl():
    assert MUTATIONS
    assert stale(MUTATIONS) == []
