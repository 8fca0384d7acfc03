"""Architectural constants of PQX and small bit helpers, in one place for the models, the
stimulus, the coverage and the kernels (rtl/pqx_pkg.sv holds the same numbers for the RTL)."""

from __future__ import annotations

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
POLY_CLEAR_CYCLES = POLY_SLOTS * POLY_N // 2
"""After reset the engine clears the slots, two coefficients a cycle (polynomial instructions
wait meanwhile)."""


def poly_modulus(slot: int) -> int:
    """The modulus of a polynomial slot."""
    return Q_K if slot < POLY_KEM_SLOTS else Q_D


def poly_layers(slot: int) -> int:
    """NTT layers of a slot's transform: 7 for ML-KEM (FIPS 203), 8 for ML-DSA (FIPS 204)."""
    return 7 if slot < POLY_KEM_SLOTS else 8


def poly_run_cycles(op: str, slot: int) -> int:
    """Cycles the engine runs after the instruction that starts it executes (`op` one of NTT,
    INTT, PWM, CBD; CBD: one byte, two coefficients a step): one step per cycle in a two-stage pipeline (a step is one butterfly, or one pair
    of coefficients scaled or multiplied; 128 per pass: per layer, the inverse's scaling pass,
    the point-wise product), the last step's write and a done cycle. The Vortex PCU's engine
    takes two cycles per step: NTT 2,049, INTT 2,305, PWM 257 for q = 8380417."""
    steps = {"NTT": poly_layers(slot) * POLY_N // 2,
             "INTT": (poly_layers(slot) + 1) * POLY_N // 2,
             "PWM": POLY_N // 2, "CBD": POLY_N // 2}[op]
    return steps + 2


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

POLY_LONGEST_WAIT = max([POLY_CLEAR_CYCLES] + [poly_run_cycles(op, s) for op in ("NTT", "INTT", "PWM", "CBD")
                                               for s in range(POLY_SLOTS)])
"""The longest a polynomial instruction waits for the engine (a host's watchdog allows it; a
DMA transfer's wait also depends on the bus: poly_dma_cycles)."""
