"""The simulation units: what `make sim UNIT=<name>` builds and which tests it runs."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from verif import manifest

ROOT = Path(__file__).resolve().parent.parent

# ------------------------------------------------------------------ Verilator flags of the simulation builds
VERILATOR_ARGS = ["-Wno-fatal", "-Wno-lint", "-Wno-style", "--assert"]
"""Verilator arguments of every simulation build (sim, mutants, KAT harness, the SoC). Lint warnings
are `make lint`'s business (Verilator -Wall there, no waivers); a simulation build must not stop on
them. --assert: the RTL's own invariants (`PQX_ASSERT, rtl/pqx_pkg.sv) are checked in every run."""
WAVES_ARGS = ["--trace-fst", "--trace-structs"]
COVERAGE_ARGS = ["--coverage-line", "--coverage-toggle"]
"""Code coverage of every `make sim` build (scripts/coverage.py reads the coverage.dat each run
leaves): about 35 % more build time and under 10 % more run time, measured on the system test."""
TIMING_ARGS = ["--timing", "-CFLAGS", "-fcoroutines"]
"""For a bench that makes its own clock inside the model (verif/tb/pqx_top_xif_tb.sv)."""
HARNESS_CLOCK_ARGS = TIMING_ARGS + ["-CFLAGS", "-O3"]
"""For the KAT runner's harness (its own clock, and the fastest model for long runs)."""


def file_list(path: str) -> list[Path]:
    """Sources of a `.f` file list (paths relative to the repository root, `#` comments)."""
    lines = (ROOT / path).read_text().splitlines()
    return [ROOT / line.strip() for line in lines if line.strip() and not line.startswith("#")]


@dataclass(frozen=True)
class Unit:
    name: str
    toplevel: str
    sources: tuple[str, ...]          # file lists or single files, relative to ROOT
    test_module: str
    description: str
    parameters: dict[str, int | str] = field(default_factory=dict)
    """Top-level parameters of the build (Pipelined=1: the pipelined build, docs/synthesis.md)."""

    @property
    def pipelined(self) -> bool:
        return self.parameters.get("Pipelined", 0) == 1

    @property
    def issue_bypass(self) -> bool:
        """pqx_top's IssueBypass (0: queue-only execute, the SoC's build)."""
        return self.parameters.get("IssueBypass", 1) == 1

    @property
    def keccak_rounds_per_cycle(self) -> int:
        """pqx_top's KeccakRoundsPerCycle, or the engine's own RoundsPerCycle."""
        return self.parameters.get("KeccakRoundsPerCycle", self.parameters.get("RoundsPerCycle", 1))

    @property
    def poly_butterflies(self) -> int:
        """pqx_top's PolyButterflies, or the polynomial unit's own Butterflies (default 2)."""
        return self.parameters.get("PolyButterflies", self.parameters.get("Butterflies", 2))

    @property
    def build_label(self) -> str:
        """Which build of the design the unit simulates, in words, for the report's per-build
        columns: "default", or what its parameters change (several joined with " + ")."""
        parts = (["pipelined"] if self.pipelined else []) + \
                ([] if self.issue_bypass else ["queue-only (SoC)"]) + \
                (["two-round Keccak"] if self.keccak_rounds_per_cycle == 2 else []) + \
                ([f"{self.poly_butterflies}-butterfly engine"] if self.poly_butterflies != 2 else [])
        return " + ".join(parts) or "default"

    @property
    def build_args(self) -> list[str]:
        """Verilator arguments of the unit's own: the bench of the pyuvm system tests makes its
        clock inside the simulation (verif/tb/pqx_top_xif_tb.sv), which needs --timing, and
        reaches only its ports and the few signals its Verilator configuration names through VPI
        (verif/tb/pqx_top_xif_tb.vlt): --no-public-flat-rw undoes cocotb's --public-flat-rw,
        under which every evaluation evaluates all of the design's combinational logic."""
        return list(TIMING_ARGS) + ["--no-public-flat-rw"] if self.toplevel == XIF_BENCH else []

    @property
    def build_name(self) -> str:
        """The build directory's name under build/sim/: units with the same top level, sources
        and parameters (the system test and the kernel tests, say) share one Verilator build."""
        return next(u.name for u in UNITS.values() if (u.toplevel, u.sources, u.parameters)
                    == (self.toplevel, self.sources, self.parameters))

    def source_files(self) -> list[Path]:
        files: list[Path] = []
        for s in self.sources:
            files += file_list(s) if s.endswith(".f") else [ROOT / s]
        return files


# pqx_top in the bench of the pyuvm system tests: its own clock, and a change flag for the monitor
XIF_BENCH = "pqx_top_xif_tb"
XIF_SOURCES = ("verif/tb/pqx_top_xif_tb.vlt", "rtl/pqx_top.f", "verif/tb/pqx_top_xif_tb.sv")


def sources(unit: str) -> tuple[str, ...]:
    """A unit's own build (its manifest's needs and files, verif/manifest.py)."""
    return manifest.unit(unit).sources


UNITS: dict[str, Unit] = {u.name: u for u in [
    Unit("top", XIF_BENCH, XIF_SOURCES, "verif.tests.test_top",
         "the coprocessor on its CV-X-IF ports: pyuvm env, random host, scoreboard, coverage"),
    Unit("kernels_sha3", XIF_BENCH, XIF_SOURCES, "verif.tests.test_kernels_sha3",
         "SHA3/SHAKE kernels through the pyuvm env against pycryptodome"),
    Unit("kernels_slhdsa", XIF_BENCH, XIF_SOURCES, "verif.tests.test_kernels_slhdsa",
         "SLH-DSA F/H/PRF, WOTS+ chain and public key kernels against a FIPS 205 reference"),
    Unit("kernels_ntt", XIF_BENCH, XIF_SOURCES, "verif.tests.test_kernels_ntt",
         "ML-KEM/ML-DSA/Falcon NTT, NTT^-1, MultiplyNTTs and HQC carry-less product kernels against "
         "kyber-py, dilithium-py and the definitions"),
    Unit("kernels_sampling", XIF_BENCH, XIF_SOURCES, "verif.tests.test_kernels_sampling",
         "ML-KEM CBD/SampleNTT and ML-DSA RejNTTPoly/RejBoundedPoly/ExpandMask kernels against kyber-py/dilithium-py"),
    Unit("top_pipelined", XIF_BENCH, XIF_SOURCES, "verif.tests.test_top",
         "the pipelined build (Pipelined=1) on its CV-X-IF ports: the same tests, its own latency table",
         {"Pipelined": 1}),
    Unit("top_soc", XIF_BENCH, XIF_SOURCES, "verif.tests.test_top",
         "the SoC's build (IssueBypass=0: queue-only execute) on its CV-X-IF ports, clocked as the "
         "SoC clocks it (its clock gate stops the clock while PQX is idle): the same tests, "
         "every latency one more with a commit in the issue cycle", {"IssueBypass": 0, "GatedClock": 1}),
    Unit("top_keccak2", XIF_BENCH, XIF_SOURCES, "verif.tests.test_top",
         "the two-round Keccak build (KeccakRoundsPerCycle=2) on its CV-X-IF ports: the same tests, "
         "permutations in 12 cycles", {"KeccakRoundsPerCycle": 2}),
    Unit("kernels_ntt_pipelined", XIF_BENCH, XIF_SOURCES, "verif.tests.test_kernels_ntt",
         "the NTT/Karatsuba kernels on the pipelined build", {"Pipelined": 1}),
    Unit("decoder", "pqx_decoder", ("rtl/pqx_pkg.sv", "rtl/pqx_decoder.sv"), "verif.tests.test_decoder",
         "instruction decoder against the ISA table"),
    Unit("keccak_round", "pqx_keccak_round", ("rtl/keccak/pqx_keccak_round.sv",), "verif.tests.test_keccak",
         "one Keccak-f[1600] round, every step against XKCP"),
    Unit("keccak_engine", "pqx_keccak_engine",
         sources("keccak"), "verif.tests.test_keccak_engine",
         "the 24-round iterating engine: result, fixed schedule, hold"),
    Unit("keccak_engine2", "pqx_keccak_engine",
         sources("keccak"), "verif.tests.test_keccak_engine",
         "the two-rounds-per-cycle engine (RoundsPerCycle=2): result, 12-cycle schedule, hold",
         {"RoundsPerCycle": 2}),
    Unit("state", "pqx_state_unit", sources("state"),
         "verif.tests.test_state_unit", "S/O buffers and the state instructions"),
    Unit("arith", "pqx_arith_unit",
         sources("arith"),
         "verif.tests.test_arith_unit",
         "arithmetic unit alone: every lattice/GF/HQC instruction against the model (corners, random, "
         "H/K latches), the Karatsuba sequence as a 64x64 carry-less product, MODP_MONTYMUL schedule"),
    Unit("arith_pipelined", "pqx_arith_unit",
         sources("arith"),
         "verif.tests.test_arith_unit",
         "the pipelined arithmetic unit (Pipelined=1): the same tests through its multi-cycle ports, "
         "done exactly 2 cycles after the start", {"Pipelined": 1}),
    Unit("sampler", "pqx_sampler_unit", sources("sampler"),
         "verif.tests.test_sampler_unit",
         "sampling unit alone: CBD1..4 at every j (slice patterns, corners, random, the exception), "
         "REJ_ETA2/4 every byte, REJ_UNIFORM edges and random, UNPACK_Z17/19 every shift, junk operands"),
    Unit("fpr", "pqx_fpr_unit", sources("fpr"), "verif.tests.test_fpr_unit",
         "Falcon FPR unit alone: pack against the model and correctly rounded IEEE doubles (corners, "
         "random), FPR_NORM64 for every shift, latch independence, start_i=0, reset"),
    Unit("mce", "pqx_mce_unit",
         sources("mce"),
         "verif.tests.test_mce_unit",
         "Classic McEliece unit alone: every GF(2^12) inverse and square, every weight-2 error pattern "
         "for n = 48 decoded (PQX_N Goppa polynomials), BM/Chien schedules and holds, indices, transpose"),
    Unit("mce_minpoly_t4", "pqx_mce_minpoly",
         ("rtl/pqx_pkg.sv", "rtl/pqx_step_counter.sv", "rtl/mce/pqx_mce_pkg.sv", "rtl/mce/pqx_mce_minpoly.sv"),
         "verif.tests.test_mce_minpoly",
         "MCE_MINPOLY's Gaussian elimination alone at t = 4 (F(y) from FLowP): the pivot row "
         "additions and multi-column power steps the t = 2 build cannot reach, against the model",
         {"T": 4, "FLowP": "48'h007_003_001_200"}),   # (a string: -G takes a decimal as 32 bits)
    Unit("crv", "pqx_crv_unit",
         sources("crv"),
         "verif.tests.test_crv_unit",
         "Crypto-RV unit alone: SHA-256 / SHA-512 / SM3 of random multi-block messages against hashlib "
         "and gmssl (PQX_N messages each), exact block latencies and holds, B ring and indices"),
    Unit("poly", "pqx_poly_unit", sources("poly"), "verif.tests.test_poly_unit",
         "polynomial unit alone, dual-butterfly engine (the default build): NTT / INTT / PWM / "
         "CBD of random, zero, all q - 1 and impulse polynomials per modulus against the model "
         "(kyber-py / dilithium-py), exact engine run lengths, the clear after reset, operand "
         "checks, counters, DMA against a stalling memory"),
    Unit("poly_b1", "pqx_poly_unit", sources("poly"), "verif.tests.test_poly_unit",
         "the same tests on the one-butterfly (Vortex PCU) engine build (Butterflies=1)",
         {"Butterflies": 1}),
    Unit("poly_b4", "pqx_poly_unit", sources("poly"), "verif.tests.test_poly_unit",
         "the same tests on the four-butterfly engine build (Butterflies=4)", {"Butterflies": 4}),
]}
