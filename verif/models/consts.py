"""Architectural constants of PQX and small bit helpers, in one place for the models, the
stimulus, the coverage and the kernels (rtl/pqx_pkg.sv holds the same numbers for the RTL)."""

from __future__ import annotations

import os

# Moduli of the arithmetic instructions
Q_K = 3329          # ML-KEM
Q_D = 8380417       # ML-DSA
Q_F = 12289         # Falcon
N_HQC = {1: 17669, 3: 35851, 5: 57637}   # HQC-128/192/256 polynomial lengths (BARRETT_HQC*)

# Classic McEliece unit (reduced parameters of the McEliece seed; docs/isa.md, "Classic McEliece")
MCE_M = 12          # GF(2^m) field degree (GFBITS)
MCE_POLY = 0x1009   # f(z) = z^12 + z^3 + 1, the field polynomial of every m = 12 parameter set
MCE_N = 48          # code length: support entries and error-bitmap bits
MCE_T = 2           # errors corrected: 2t syndromes, error locator of degree t
MCE_CHIEN_LANES = 4  # support entries evaluated per cycle by MCE_CHIEN
TR_SIZE = 64        # the transpose store is TR_SIZE x TR_SIZE bits

# State buffers S and O
STATE_WORDS = 50
"""Words of 32 bits in S and in O (1600 bits)."""
STATE_BYTES = 4 * STATE_WORDS

# CV-X-IF
ID_WIDTH = 4
NUM_IDS = 1 << ID_WIDTH
EXCCODE_ILLEGAL = 2
"""CV-X-IF exception code returned for bad operands (illegal instruction)."""

M16 = 0xFFFF
M32 = 0xFFFFFFFF
M64 = (1 << 64) - 1


def s16(x: int) -> int:
    """x[15:0] as a signed value."""
    x &= M16
    return x - (1 << 16) if x >> 15 else x


def s32(x: int) -> int:
    """x[31:0] as a signed value."""
    x &= M32
    return x - (1 << 32) if x >> 31 else x

CRV_B_WORDS = 128
"""Crypto-RV unit: the block buffer B holds 128 words of 64 bits (the seed's internal buffer)."""

# Polynomial unit (the Vortex-PCU-style NTT engine; docs/isa.md, "Polynomial instructions")
POLY_N = 256
"""Coefficients per polynomial slot."""
POLY_SLOTS = 8
"""Slots 0..3 hold ML-KEM polynomials (q = Q_K), slots 4..7 ML-DSA polynomials (q = Q_D)."""
POLY_KEM_SLOTS = 4
POLY_COUNTERS = 8
"""Performance counters of the unit (POLY_CNT)."""
POLY_BUTTERFLIES = (1, 2, 4)
"""Builds of the engine (pqx_top PolyButterflies): butterfly units working side by side, each
step B butterflies (or pairs). 1 is the Vortex PCU's engine, 2 the RoCC seed's dual-butterfly
engine and pqx_top's default."""
POLY_BUTTERFLIES_DEFAULT = 2


def poly_butterflies_build() -> int:
    """The engine build under simulation (PQX_POLY_BUTTERFLIES, set by scripts/sim.py from the
    unit's PolyButterflies or Butterflies; pqx_top's default elsewhere, the SoC included)."""
    b = int(os.environ.get("PQX_POLY_BUTTERFLIES", str(POLY_BUTTERFLIES_DEFAULT)))
    if b not in POLY_BUTTERFLIES:
        raise ValueError(f"PQX_POLY_BUTTERFLIES must be one of {POLY_BUTTERFLIES}, not {b}")
    return b


def poly_clear_cycles(butterflies: int | None = None) -> int:
    """After reset the engine clears the slots, 2 B coefficients a cycle (polynomial
    instructions wait meanwhile): 1,024 / B cycles."""
    return POLY_SLOTS * POLY_N // (2 * (butterflies or poly_butterflies_build()))


def poly_modulus(slot: int) -> int:
    """The modulus of a polynomial slot."""
    return Q_K if slot < POLY_KEM_SLOTS else Q_D


def poly_layers(slot: int) -> int:
    """NTT layers of a slot's transform: 7 for ML-KEM (FIPS 203), 8 for ML-DSA (FIPS 204)."""
    return 7 if slot < POLY_KEM_SLOTS else 8


def poly_run_cycles(op: str, slot: int, butterflies: int | None = None) -> int:
    """Cycles the engine runs after the instruction that starts it executes (`op` one of NTT,
    INTT, PWM, CBD) in the build with `butterflies` units (default: the build under
    simulation): one step per cycle in a two-stage pipeline, a step being B butterflies or B
    pairs of coefficients scaled, multiplied or sampled (CBD: a byte each), 128 / B steps per
    pass (per layer, the inverse's scaling pass, the point-wise product), then the last step's
    write and a done cycle. B = 1: ML-DSA NTT 1,026, INTT 1,154, PWM 130 (the Vortex PCU's
    engine takes two cycles per butterfly: 2,049, 2,305, 257); B = 2: ML-KEM NTT 450 (the RoCC
    seed: 448 compute cycles, the limit of two butterfly units)."""
    b = butterflies or poly_butterflies_build()
    passes = {"NTT": poly_layers(slot), "INTT": poly_layers(slot) + 1, "PWM": 1, "CBD": 1}[op]
    return passes * POLY_N // 2 // b + 2


def poly_dma_words(slot: int) -> int:
    """Bus words of one POLY_LD / POLY_ST of a slot: two 16-bit ML-KEM coefficients a word, one
    ML-DSA coefficient a word."""
    return POLY_N // 2 if slot < POLY_KEM_SLOTS else POLY_N


def poly_dma_cycles(slot: int, stalls: int = 0) -> int:
    """Cycles a transfer keeps the unit busy after its instruction executes, on a bus that grants
    at once and answers in the next cycle, plus `stalls` cycles the bus held a grant or a
    response back (requests and responses overlap: one word a cycle)."""
    return poly_dma_words(slot) + 1 + stalls


POLY_DMA_WINDOW = 0x0004_0000
POLY_DMA_WINDOW_BYTES = 0x2000
"""Random stimulus keeps POLY_LD / POLY_ST bases in this window, so loads meet earlier stores."""

POLY_LONGEST_WAIT = max([poly_clear_cycles(1)] + [poly_run_cycles(op, s, 1) for op in ("NTT", "INTT", "PWM", "CBD")
                                               for s in range(POLY_SLOTS)])
"""The longest a polynomial instruction waits for the engine (a host's watchdog allows it; a
DMA transfer's wait also depends on the bus: poly_dma_cycles)."""
