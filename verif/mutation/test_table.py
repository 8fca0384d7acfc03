"""The RTL mutation table (verif/mutation/table.py) must match the RTL and the builds that run it,
so that `make mutants` never runs a stale or powerless table: each original text occurs once, its
file is part of its checker's build, and no mutant tests a parameter its build leaves at the
default. Runs in `make test` (model tests)."""

from verif.mutation import checks
from verif.mutation.table import MUTATIONS, Mutation


def test_table_matches_rtl():
    assert len(MUTATIONS) > 40
    assert checks.problems(MUTATIONS) == []


def test_checks_catch_a_stale_entry():
    bad = Mutation("bad_text", "rtl/pqx_decoder.sv", "this text is not in the file", "x", "planted")
    assert checks.stale([bad]) and checks.problems([bad])


def test_checks_catch_a_file_outside_the_build():
    bad = Mutation("bad_build", "rtl/pqx_top.sv", "assign result_dbg_o     = 1'b0;", "", "planted",
                   checker="formal:arith:k")
    assert checks.outside_build([bad])
    assert checks.outside_build([Mutation("bad_checker", "rtl/pqx_top.sv", "x", "y", "planted",
                                          checker="formal:arith:no_such_task")])


def test_checks_catch_an_unknown_first_program():
    soc = next(m for m in MUTATIONS if m.killed_by)
    bad = Mutation(soc.name, soc.file, soc.original, soc.replacement, soc.description,
                   checker=soc.checker, killed_by="no_such_program.c")
    assert checks.unknown_program([bad]) and checks.unknown_program([soc]) == []


def test_checks_catch_a_parameter_left_at_its_default():
    """The historical case: accept_ignores_units on the full build, where every unit is built."""
    acc = next(m for m in MUTATIONS if m.name == "accept_ignores_units")
    on_sim = Mutation(acc.name, acc.file, acc.original, acc.replacement, acc.description)
    assert checks.no_op_in_build([on_sim])
    assert checks.no_op_in_build([acc]) == []


def test_checks_catch_a_bad_parameter_set():
    sha2 = next(m for m in MUTATIONS if m.param)
    for checker, param in (("firmware", "SLH-DSA-SHA2-999f"), ("soc", sha2.param)):
        bad = Mutation(sha2.name, sha2.file, sha2.original, sha2.replacement, sha2.description,
                       checker=checker, param=param)
        assert checks.outside_build([bad]), (checker, param)
    assert checks.outside_build([sha2]) == []
