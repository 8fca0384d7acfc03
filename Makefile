# PQX: make targets are the user interface; see `make help` and README.md.
SHELL   := /bin/bash
PYTHON3 ?= python3
VENV    := .venv
PY      := $(VENV)/bin/python
STAMP   := $(VENV)/.installed-$(shell sha1sum requirements.txt | cut -c1-12)

UNIT  ?=
TEST  ?=
SEED  ?=
N     ?=
WAVES ?= 0
JOB   ?=
ALG   ?=
VECTORS ?=
EXPECTED ?=
FW    ?=
MAX_CYCLES ?=
KERNEL ?=
QUICK ?=
ERRATA ?= 1
CHECK ?= 0
JOBS  ?=
SHARD ?=
SHARDS ?=
HISTORY ?=
CACHE ?=
FRESH ?=
COSTS ?=

.PHONY: help test regress report coverage formal sim kat run cycles tvla synth lint models mutants gen clean clean-venv venv

help:
	@echo "PQX make targets"
	@echo "  make test                      CI suite: model tests, lint, every unit test, short system"
	@echo "                                 regression, quick formal jobs (report in build/reports/)"
	@echo "  make regress [SEED=n] [N=n] [JOBS=n] [SHARD=i/N] [CACHE=dir [FRESH=1]] [COSTS=file]"
	@echo "                                 nightly regression: more seeds and instructions, every proof"
	@echo "                                 task, mutant and synthesis unit as a job of its own; JUnit +"
	@echo "                                 summary in build/reports/; JOBS: jobs in parallel (default:"
	@echo "                                 cores), longest expected first; SHARD: the i-th of N parts of"
	@echo "                                 equal expected cost, for a CI matrix (.ci/nightly-matrix.yml);"
	@echo "                                 CACHE: keep deterministic results (proofs, mutants, synthesis,"
	@echo "                                 lint) keyed by their input files, re-run only what changed;"
	@echo "                                 FRESH=1: run all; COSTS: a results.json with the jobs' times"
	@echo "  make report [SHARDS=\"dir ...\"] [HISTORY=dir]"
	@echo "                                 summary.md and index.html (charts) from a run's report"
	@echo "                                 directories (its shards); HISTORY: earlier results.json (trends)"
	@echo "  make coverage [SEED=n] [N=n]   code coverage alone: every simulation unit and the system test"
	@echo "                                 on two seeds, line/branch/toggle per RTL file, uncovered lines"
	@echo "                                 with their reasons; build/reports/coverage/ (annotated sources)"
	@echo "  make formal [JOB=name]         every proof job (or one) with a status/time table"
	@echo "  make sim UNIT=u [TEST=t] [SEED=n] [N=n] [WAVES=1]"
	@echo "                                 one unit's tests; WAVES=1 writes an FST (else a VCD) and prints its path"
	@echo "                                 units: $$($(PY) -c 'from verif.units import UNITS; print(" ".join(UNITS))' 2>/dev/null)"
	@echo "  make kat ALG=a VECTORS=file [EXPECTED=file] [BUILD=pqx|baseline]"
	@echo "                                 run a NIST ACVP vector file through the RTL (docs/kat.md):"
	@echo "                                 SHA-3/SHAKE on pqx_top, ML-KEM as firmware on the SoC"
	@echo "  make run FW=file.c|file.elf [MAX_CYCLES=n] [WAVES=1]"
	@echo "                                 firmware on the PQX SoC (CV32E40X + PQX); prints its output and"
	@echo "                                 'exit <code>, <cycles> cycles, <instret> instructions'"
	@echo "                                 ERRATA=0: without the host-core errata pass (docs/errata.md)"
	@echo "                                 CHECK=1: with the XIF monitor, protocol checker, scoreboard and"
	@echo "                                 the lockstep compare against the unicorn ISS (slower)"
	@echo "  make cycles [SEED=n] [KERNEL=k] [QUICK=1]"
	@echo "                                 firmware kernels, baseline and PQX, checked against references;"
	@echo "                                 cycle table next to HORCRUX (build/reports/cycles.md); then the"
	@echo "                                 schemes (ML-KEM, ML-DSA, SLH-DSA) next to HORCRUX Table IV, with"
	@echo "                                 constant-time figures (build/reports/schemes.md; not with KERNEL=;"
	@echo "                                 tens of minutes: plain-C SLH-DSA; QUICK=1: one case per set)"
	@echo "  make tvla [OP=o] [TRACES=n] [SEED=n]"
	@echo "                                 pre-silicon leakage: ML-KEM-768 Decaps on the SoC, fixed vs random"
	@echo "                                 input, Welch's t per cycle and unit (build/reports/leakage.md)"
	@echo "  make synth [UNIT=u] [FLOW=f]    area and Fmax per unit and for pqx_top: generic gates (NAND2"
	@echo "                                 equivalents) and ECP5 LFE5U-85F-8 place and route (yowasp Yosys +"
	@echo "                                 nextpnr); build/reports/synth.md, with the change against the last run;"
	@echo "                                 all units: about an hour on 2 cores (docs/synthesis.md)"
	@echo "                                 units: $$($(PY) -c 'from scripts.synth import SYNTH_UNITS; print(" ".join(SYNTH_UNITS))' 2>/dev/null)"
	@echo "  make lint                      Verilator -Wall and the Yosys front end over every RTL file"
	@echo "  make models                    pytest: reference model, ISA table, tool checks (no simulator)"
	@echo "  make gen                       rewrite what is generated from the ISA table"
	@echo "                                 (verif/models/isa_table.py -> RTL decode, docs, pqx.h)"
	@echo "  make mutants                   plant each known RTL bug and check the testbench catches it"
	@echo "  make clean | clean-venv        remove build/ | also the virtual environment"

# The first make creates .venv and installs the pinned requirements.
$(STAMP): requirements.txt
	@echo "make: creating $(VENV) and installing requirements.txt"
	@test -x $(PY) || $(PYTHON3) -m venv $(VENV)
	@$(PY) -m pip install -q --upgrade pip
	@$(PY) -m pip install -q -r requirements.txt
	@rm -f $(VENV)/.installed-* && touch $@

venv: $(STAMP)

REGRESS_OPTS = $(if $(JOBS),--jobs $(JOBS)) $(if $(CACHE),--cache $(CACHE)) \
	$(if $(filter 1 yes true,$(FRESH)),--fresh) $(if $(COSTS),--costs $(COSTS))

test: $(STAMP)
	@$(PY) -m scripts.regress --profile ci $(if $(SEED),--seed $(SEED)) $(REGRESS_OPTS)

regress: $(STAMP)
	@$(PY) -m scripts.regress --profile nightly $(if $(SEED),--seed $(SEED)) $(if $(N),--n $(N)) \
		$(if $(SHARD),--shard $(SHARD)) $(REGRESS_OPTS)

report: $(STAMP)
	@$(PY) -m scripts.report $(if $(SHARDS),$(SHARDS),build/reports) $(if $(HISTORY),--history $(HISTORY))

coverage: $(STAMP)
	@$(PY) -m scripts.regress --profile coverage $(if $(SEED),--seed $(SEED)) $(if $(N),--n $(N))

formal: $(STAMP)
	@$(PY) -m scripts.formal $(if $(JOB),--job $(JOB)) --report build/reports/formal.json

sim: $(STAMP)
	@$(PY) -m scripts.sim --unit "$(UNIT)" $(if $(TEST),--test $(TEST)) $(if $(SEED),--seed $(SEED)) \
		$(if $(N),--n $(N)) $(if $(filter 1 yes true,$(WAVES)),--waves)

kat: $(STAMP)
	@$(PY) -m scripts.kat --alg "$(ALG)" --vectors "$(VECTORS)" $(if $(EXPECTED),--expected "$(EXPECTED)") \
		$(if $(BUILD),--build $(BUILD))

run: $(STAMP)
	@$(PY) -m scripts.run --fw "$(FW)" $(if $(MAX_CYCLES),--max-cycles $(MAX_CYCLES)) \
		$(if $(filter 1 yes true,$(WAVES)),--waves) $(if $(filter 0 no off,$(ERRATA)),--no-errata-workaround) \
		$(if $(filter 1 yes true,$(CHECK)),--check)

tvla: $(STAMP)
	@$(PY) -m scripts.tvla $(if $(OP),--op $(OP)) $(if $(TRACES),--traces $(TRACES)) $(if $(SEED),--seed $(SEED))

cycles: $(STAMP)
	@$(PY) -m scripts.cycles $(if $(SEED),--seed $(SEED)) $(if $(KERNEL),--kernel $(KERNEL)) \
		$(if $(filter 1 yes true,$(QUICK)),--quick)
	@$(if $(KERNEL),true,$(PY) -m scripts.schemes --cycles $(if $(filter 1 yes true,$(QUICK)),1,3) \
		$(if $(SEED),--seed $(SEED)))

synth: $(STAMP)
	@$(PY) -m scripts.synth $(foreach u,$(UNIT),--unit $(u)) $(if $(FLOW),--flow $(FLOW))

lint: $(STAMP)
	@$(PY) -m scripts.lint

models: $(STAMP)
	@$(PY) -m pytest -q

mutants: $(STAMP)
	@$(PY) -m scripts.mutate

gen: $(STAMP)
	@$(PY) -m scripts.gen_isa

clean:
	rm -rf build

clean-venv: clean
	rm -rf $(VENV)
