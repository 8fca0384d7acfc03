"""Lattice and binary-field arithmetic as PQX firmware, written in Python (docs/isa.md,
"Lattice arithmetic" and "Binary field").

The kernels and what they compute, exactly (after the host's final normalisation into [0, q)):

    mlkem_ntt(f)              FIPS 203 NTT (Algorithm 9)           == kyber-py  f.to_ntt()
    mlkem_intt(f_hat)         FIPS 203 NTT^-1 (Algorithm 10)       == kyber-py  f_hat.from_ntt()
    mlkem_multiply_ntts(f, g) FIPS 203 MultiplyNTTs (Algorithm 11) == kyber-py  f_hat * g_hat
    mldsa_ntt(w)              FIPS 204 NTT (Algorithm 41)          == dilithium-py w.to_ntt()
    mldsa_intt(w_hat)         FIPS 204 NTT^-1 (Algorithm 42)       == dilithium-py w_hat.from_ntt()
    falcon_ntt(f, logn)       Falcon mq_NTT mod 12289: f_hat[k] = f(psi^(2 rev_logn(k) + 1)),
                              psi = 7^(1024/n) a primitive 2n-th root of unity (bit-reversed order)
    falcon_intt(f_hat, logn)  Falcon mq_iNTT: the inverse (recovers f exactly)
    clmul_poly(a, b)          the carry-less product of two binary polynomials (HQC's dense
                              product), 64 x 64-bit blocks by KARATS1..4, XOR-accumulated

Structure: the firmware of the reference C code (ML-KEM / ML-DSA `ntt.c`, Falcon `mq_NTT` /
`mq_iNTT`), each butterfly or product one PQX instruction, the rest what the RISC-V core does with
the results: choosing the zeta of the butterfly from a table, storing rd's halves back into the
coefficient array, adding the two products of a base multiplication, the final conditional add of q.

An NTT layer's operands are the previous layer's results, so a kernel is not one fixed instruction
list (as the SHA3 kernels are) but a sequence of them, one per layer: a kernel is a generator (as in
`verif/kernels/slhdsa.py`) that yields a batch of instructions, items of
`verif.uvm.sequences.ListSequence` ((name, (rs1, rs2, rs3))), and is sent back the rd value of
every instruction of the batch, in order (every instruction here writes rd). It stores them into
its coefficient array, builds the next batch from it, and finally returns the kernel's output.
No instruction of a batch needs the result of another one of the same batch; the only coupling
is the ML-DSA pair BFNTTD, BFNTTDH (or BFINTTD, BFINTTDH), one butterfly whose second output is
read from the latch H, so the two are adjacent in the batch and the in-order host keeps them so.
The HQC product is a single batch (its blocks are independent; KARATS3/4 read the operands that
KARATS1/2 of the same block latched).

Operands are passed as a RISC-V register holds them: int16/int32 values sign-extended to 32 bits.

Every table and constant is derived here from first principles (pow, bit reversal); the first
entries agree with the reference tables (`verif/models/test_kernels_ntt_model.py` spot-checks them).
"""

from __future__ import annotations

from typing import TypeVar

from verif.kernels.runner import Item, Kernel, run_on_model  # noqa: F401  (run_on_model: the tests)
from verif.models.consts import M16, M32, M64, Q_D, Q_F, Q_K, s16, s32

T = TypeVar("T")


def reg(x: int) -> int:
    """A signed value as a 32-bit register holds it."""
    return x & M32


def brv(x: int, bits: int) -> int:
    """Bit reversal of the `bits`-bit integer x."""
    return int(format(x, f"0{bits}b")[::-1], 2)


def centered(x: int, q: int) -> int:
    """The representative of x mod q in (-q/2, q/2]."""
    x %= q
    return x - q if x > q // 2 else x


def caddq(x: int, q: int) -> int:
    """The reference's conditional add of q: [0, q) from (-q, q)."""
    return x + q if x < 0 else x


# ============================================================================ ML-KEM (q = 3329)
R_K = (1 << 16) % Q_K                # Montgomery factor of MontK
ZETA_K = 17                          # primitive 256-th root of unity mod 3329 (FIPS 203)
ZETAS_K = [centered(R_K * pow(ZETA_K, brv(k, 7), Q_K), Q_K) for k in range(128)]
"""The Kyber reference `zetas`: R 17^brv7(k) mod q, centred (zetas[0] is not used)."""
F_INTT_K = R_K * pow(128, -1, Q_K) % Q_K      # = 512: MontK(x 512) = x / 128 (FIPS 203 NTT^-1)
"""The reference uses mont^2/128 = 1441 (invntt_tomont: result times R); R/128 gives NTT^-1 exactly."""
R2_K = R_K * R_K % Q_K                        # = 1353: MontK(x R^2) = x R (the reference's poly_tomont)


def _kyber_halves(rd: int) -> tuple[int, int]:
    """(low, high) int16 halves of rd."""
    return s16(rd), s16(rd >> 16)


def mlkem_ntt(coeffs: list[int]) -> Kernel[list[int]]:
    """FIPS 203 NTT of 256 coefficients (any representatives in (-q, q)), output in [0, q) in the
    order of FIPS 203 / kyber-py (bit-reversed). The reference `ntt` (7 layers of BFNTTK, no
    reduction in between: |r| < 8q fits int16) and `poly_reduce` (BARRETT), then caddq."""
    assert len(coeffs) == 256
    r = list(coeffs)
    k = 1
    length = 128
    while length >= 2:
        batch, slots = [], []
        for start in range(0, 256, 2 * length):
            zeta = ZETAS_K[k]
            k += 1
            for j in range(start, start + length):
                batch.append(("BFNTTK", (reg(r[j]), reg(r[j + length]), reg(zeta))))
                slots.append((j, j + length))
        results = yield batch
        for (j, jl), rd in zip(slots, results):
            r[j], r[jl] = _kyber_halves(rd)          # low: r[j] + t, high: r[j] - t
        length >>= 1
    results = yield [("BARRETT", (reg(x), 0, 0)) for x in r]
    return [caddq(s32(rd), Q_K) for rd in results]


def mlkem_intt(coeffs: list[int]) -> Kernel[list[int]]:
    """FIPS 203 NTT^-1 of 256 coefficients (in (-q, q), bit-reversed order), output in [0, q).
    The reference `invntt` (BFINTTK: a + b Barrett-reduced, zeta (b - a) Montgomery-reduced), then
    MQMULK by R/128 instead of the reference's mont^2/128, so the result is not in Montgomery form."""
    assert len(coeffs) == 256
    r = list(coeffs)
    k = 127
    length = 2
    while length <= 128:
        batch, slots = [], []
        for start in range(0, 256, 2 * length):
            zeta = ZETAS_K[k]
            k -= 1
            for j in range(start, start + length):
                batch.append(("BFINTTK", (reg(r[j]), reg(r[j + length]), reg(zeta))))
                slots.append((j, j + length))
        results = yield batch
        for (j, jl), rd in zip(slots, results):
            r[j], r[jl] = _kyber_halves(rd)          # low: Barrett(a + b), high: MontK(zeta (b - a))
        length <<= 1
    results = yield [("MQMULK", (reg(x), F_INTT_K, 0)) for x in r]
    return [caddq(s32(rd), Q_K) for rd in results]


def mlkem_multiply_ntts(f: list[int], g: list[int]) -> Kernel[list[int]]:
    """FIPS 203 MultiplyNTTs of two NTT-domain polynomials (coefficients in (-q, q)), output in
    [0, q). The reference `basemul` per pair (gamma = +-zetas[64 + i]):

        r0 = MontK(MontK(a1 b1) gamma) + MontK(a0 b0)      = (a1 b1 gamma_plain + a0 b0) / R
        r1 = MontK(a0 b1) + MontK(a1 b0)                    = (a0 b1 + a1 b0) / R

    then `poly_tomont` (MQMULK by R^2 mod q: times R), which makes the product exact. Batches: the
    four products of every pair; the products by gamma; the tomont of the sums."""
    assert len(f) == len(g) == 256
    batch = []
    for p in range(128):
        a0, a1, b0, b1 = f[2 * p], f[2 * p + 1], g[2 * p], g[2 * p + 1]
        batch += [("MQMULK", (reg(a1), reg(b1), 0)), ("MQMULK", (reg(a0), reg(b0), 0)),
                  ("MQMULK", (reg(a0), reg(b1), 0)), ("MQMULK", (reg(a1), reg(b0), 0))]
    prods = [s32(rd) for rd in (yield batch)]
    gammas = [ZETAS_K[64 + p // 2] if p % 2 == 0 else -ZETAS_K[64 + p // 2] for p in range(128)]
    batch = [("MQMULK", (reg(prods[4 * p]), reg(gammas[p]), 0)) for p in range(128)]
    high = [s32(rd) for rd in (yield batch)]
    sums = []
    for p in range(128):
        sums.append(s16(high[p] + prods[4 * p + 1]))                 # int16 r[0] += ...
        sums.append(s16(prods[4 * p + 2] + prods[4 * p + 3]))        # int16 r[1] += ...
    results = yield [("MQMULK", (reg(x), R2_K, 0)) for x in sums]
    return [caddq(s32(rd), Q_K) for rd in results]


# ============================================================================ ML-DSA (q = 8380417)
R_D = (1 << 32) % Q_D
ZETA_D = 1753                        # primitive 512-th root of unity mod q (FIPS 204)
ZETAS_D = [centered(R_D * pow(ZETA_D, brv(k, 8), Q_D), Q_D) for k in range(256)]
"""The Dilithium reference `zetas`: R 1753^brv8(k) mod q, centred (zetas[0], 0 there, is not used)."""
F_INTT_D = R_D * pow(256, -1, Q_D) % Q_D      # = 16382 = 2^24: MontD(x 2^24) = x / 256 (FIPS 204 NTT^-1)
"""The reference uses mont^2/256 = 41978 (invntt_tomont); R/256 gives NTT^-1 exactly."""


def mldsa_ntt(coeffs: list[int]) -> Kernel[list[int]]:
    """FIPS 204 NTT of 256 coefficients (in (-q, q)), output in [0, q) (dilithium-py's order).
    The reference `ntt` (8 layers; per butterfly BFNTTD: rd = a + t, then BFNTTDH: rd = H = a - t),
    `poly_reduce` (RED32), `poly_caddq`."""
    assert len(coeffs) == 256
    a = list(coeffs)
    k = 0
    length = 128
    while length > 0:
        batch, slots = [], []
        for start in range(0, 256, 2 * length):
            k += 1
            zeta = ZETAS_D[k]
            for j in range(start, start + length):
                batch.append(("BFNTTD", (reg(a[j]), reg(a[j + length]), reg(zeta))))
                batch.append(("BFNTTDH", (0, 0, 0)))
                slots.append((j, j + length))
        results = yield batch
        for n, (j, jl) in enumerate(slots):
            a[j], a[jl] = s32(results[2 * n]), s32(results[2 * n + 1])
        length >>= 1
    results = yield [("RED32", (reg(x), 0, 0)) for x in a]
    return [caddq(s32(rd), Q_D) for rd in results]


def mldsa_intt(coeffs: list[int]) -> Kernel[list[int]]:
    """FIPS 204 NTT^-1 of 256 coefficients (in (-q, q)), output in [0, q). The reference
    `invntt_tomont` (BFINTTD: rd = a + b, H = MontD(zeta (a - b)) with zeta = -zetas[k]; BFINTTDH
    reads H; |a| < 256 q < 2^31), then MQMULD by R/256 (not the reference's mont^2/256) and caddq."""
    assert len(coeffs) == 256
    a = list(coeffs)
    k = 256
    length = 1
    while length < 256:
        batch, slots = [], []
        for start in range(0, 256, 2 * length):
            k -= 1
            zeta = -ZETAS_D[k]
            for j in range(start, start + length):
                batch.append(("BFINTTD", (reg(a[j]), reg(a[j + length]), reg(zeta))))
                batch.append(("BFINTTDH", (0, 0, 0)))
                slots.append((j, j + length))
        results = yield batch
        for n, (j, jl) in enumerate(slots):
            a[j], a[jl] = s32(results[2 * n]), s32(results[2 * n + 1])
        length <<= 1
    results = yield [("MQMULD", (reg(x), F_INTT_D, 0)) for x in a]
    return [caddq(s32(rd), Q_D) for rd in results]


# ============================================================================ Falcon (q = 12289)
R_F = (1 << 16) % Q_F                # 4091
G_F = 7                              # primitive 2048-th root of unity mod 12289 (Falcon)
GMB = [R_F * pow(G_F, brv(u, 10), Q_F) % Q_F for u in range(1024)]
"""Falcon's GMb: R g^rev10(u) mod q, in [0, q)."""
IGMB = [R_F * pow(pow(G_F, -1, Q_F), brv(u, 10), Q_F) % Q_F for u in range(1024)]
"""Falcon's iGMb: R (1/g)^rev10(u) mod q."""


def falcon_psi(logn: int) -> int:
    """psi = g^(1024/n): a primitive 2n-th root of unity mod 12289 (the roots of x^n + 1 are its
    odd powers)."""
    return pow(G_F, 1024 >> logn, Q_F)


def falcon_ni(logn: int) -> int:
    """The constant of the final MQMULF of mq_iNTT: R / n mod q (Falcon halves R logn times),
    so that MontF(x, ni) = x / n."""
    return R_F * pow(1 << logn, -1, Q_F) % Q_F


def falcon_ntt(coeffs: list[int], logn: int = 9) -> Kernel[list[int]]:
    """Falcon `mq_NTT` of n = 2^logn coefficients in [0, q): BFNTTF per butterfly with
    s = GMb[m + i]; every result already in [0, q). Output order: f_hat[k] = f(psi^(2 rev_logn(k) + 1))."""
    n = 1 << logn
    assert len(coeffs) == n and 1 <= logn <= 10
    a = list(coeffs)
    t = n
    m = 1
    while m < n:
        ht = t >> 1
        batch, slots = [], []
        for i in range(m):
            j1 = i * t
            s = GMB[m + i]
            for j in range(j1, j1 + ht):
                batch.append(("BFNTTF", (a[j], a[j + ht], s)))
                slots.append((j, j + ht))
        results = yield batch
        for (j, jh), rd in zip(slots, results):
            a[j], a[jh] = rd & M16, rd >> 16            # low: u + v, high: u - v (mod q)
        t = ht
        m <<= 1
    return a


def falcon_intt(coeffs: list[int], logn: int = 9) -> Kernel[list[int]]:
    """Falcon `mq_iNTT` of n = 2^logn coefficients in [0, q): BFINTTF per butterfly with
    s = iGMb[hm + i], then MQMULF by R/n. Output in [0, q)."""
    n = 1 << logn
    assert len(coeffs) == n and 1 <= logn <= 10
    a = list(coeffs)
    t = 1
    m = n
    while m > 1:
        hm, dt = m >> 1, t << 1
        batch, slots = [], []
        for i in range(hm):
            j1 = i * dt
            s = IGMB[hm + i]
            for j in range(j1, j1 + t):
                batch.append(("BFINTTF", (a[j], a[j + t], s)))
                slots.append((j, j + t))
        results = yield batch
        for (j, jt), rd in zip(slots, results):
            a[j], a[jt] = rd & M16, rd >> 16            # low: u + v, high: MontF(u - v, s)
        t = dt
        m = hm
    ni = falcon_ni(logn)
    results = yield [("MQMULF", (x, ni, 0)) for x in a]
    return list(results)


def falcon_ntt_reference(coeffs: list[int], logn: int = 9) -> list[int]:
    """The definition: f evaluated at the roots of x^n + 1, f_hat[k] = f(psi^(2 rev_logn(k) + 1))
    (O(n^2), Horner)."""
    n = 1 << logn
    psi = falcon_psi(logn)
    assert pow(G_F, 1024, Q_F) == Q_F - 1        # g has order 2048 exactly (2048 a power of 2)
    out = []
    for k in range(n):
        x = pow(psi, 2 * brv(k, logn) + 1, Q_F)
        acc = 0
        for c in reversed(coeffs):
            acc = (acc * x + c) % Q_F
        out.append(acc)
    return out


# ============================================================================ HQC: carry-less product
def clmul(a: int, b: int) -> int:
    """Carry-less product of two non-negative integers (GF(2)[x] polynomials)."""
    r = 0
    while b:
        if b & 1:
            r ^= a
        a <<= 1
        b >>= 1
    return r


def words_to_int(words: list[int]) -> int:
    return sum(w << (64 * i) for i, w in enumerate(words))


def int_to_words(x: int, count: int) -> list[int]:
    return [(x >> (64 * i)) & M64 for i in range(count)]


def clmul_program(a: list[int], b: list[int]) -> list[Item]:
    """Schoolbook over 64 x 64-bit blocks: for every (i, j), KARATS1 (a_lo, b_lo) -> c[31:0],
    KARATS2 (a_hi, b_hi) -> c[127:96], KARATS3 -> c[63:32], KARATS4 -> c[95:64] of the 128-bit
    carry-less product of a[i] and b[j]."""
    prog: list[Item] = []
    for x in a:
        for y in b:
            prog += [("KARATS1", (x & M32, y & M32, 0)), ("KARATS2", (x >> 32, y >> 32, 0)),
                     ("KARATS3", (0, 0, 0)), ("KARATS4", (0, 0, 0))]
    return prog


def clmul_assemble(na: int, nb: int, results: list[int]) -> list[int]:
    """The product (na + nb 64-bit words) from the rd values of `clmul_program`: each block
    c = c0 | c1 << 32 | c2 << 64 | c3 << 96 XORed in at word i + j."""
    assert len(results) == 4 * na * nb
    out = [0] * (na + nb)
    for blk in range(na * nb):
        i, j = divmod(blk, nb)
        c0, c3, c1, c2 = results[4 * blk: 4 * blk + 4]
        c = c0 | c1 << 32 | c2 << 64 | c3 << 96
        out[i + j] ^= c & M64
        out[i + j + 1] ^= c >> 64
    return out


def clmul_poly(a: list[int], b: list[int]) -> Kernel[list[int]]:
    """The carry-less product of the binary polynomials a and b (lists of 64-bit words, least
    significant first), as na + nb words; one batch."""
    results = yield clmul_program(a, b)
    return clmul_assemble(len(a), len(b), results)
