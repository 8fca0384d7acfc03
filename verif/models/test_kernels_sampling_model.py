"""The sampling kernels (`verif/kernels/sampling.py`) run on the PQX model only (no simulator): Keccak
on the model's permutation, the sampling instructions on verif/models/sampler.py. Each kernel's
polynomial, for random seeds, must equal the reference package's:

  ML-KEM SamplePolyCBD eta = 2, 3 (and 1, 4)   kyber-py  R.cbd(ML_KEM._prf(eta, s, b), eta)
  ML-KEM SampleNTT                             kyber-py  R.ntt_sample(ML_KEM._xof(rho, j, i))
  ML-DSA RejNTTPoly                            dilithium-py  R.rejection_sample_ntt_poly(rho, r, s)
  ML-DSA RejBoundedPoly eta = 2, 4             dilithium-py  R.rejection_bounded_poly(rho', r, eta)
  ML-DSA ExpandMask gamma1 = 2^17, 2^19        dilithium-py  R.sample_mask_polynomial(rho', r, mu, gamma1)

Also: the instruction mix of the fixed-length kernels, the rejection samplers' extra-block path
(KPERM + reads while fewer than 256 candidates were accepted; forced by an initial squeeze of one
block), and that a planted REJ_ETA4 bug (HORCRUX's +4 for nibble 8) makes the RejBoundedPoly check
fail.
"""

from __future__ import annotations

import random

import pytest
from dilithium_py.polynomials.polynomials import PolynomialRing as DilithiumRing
from kyber_py.ml_kem.ml_kem import ML_KEM
from kyber_py.polynomials.polynomials import PolynomialRing as KyberRing

import verif.models.sampler as smp
from verif.kernels import sampling as kern
from verif.models import pqx_model

KYBER = KyberRing()
DILITHIUM = DilithiumRing()
SEEDS = range(4)


def run(kernel, stats: dict[str, int] | None = None):
    return kern.run_on_model(kernel, stats=stats)


def names(kernel) -> dict[str, int]:
    """Instruction counts of a kernel run on the model."""
    counts: dict[str, int] = {}
    m = pqx_model.PqxModel()
    try:
        batch = next(kernel)
        while True:
            for name, _ in batch:
                counts[name] = counts.get(name, 0) + 1
            batch = kernel.send(kern.run_batch_on_model(m, batch))
    except StopIteration:
        return counts


# ----------------------------------------------------------------------------- ML-KEM


@pytest.mark.parametrize("eta", (2, 3, 1, 4))
@pytest.mark.parametrize("seed", SEEDS)
def test_mlkem_sample_poly_cbd(eta: int, seed: int) -> None:
    rng = random.Random(f"cbd{eta}-{seed}")
    s, b = rng.randbytes(32), rng.randrange(256)
    want = KYBER.cbd(ML_KEM._prf(eta, s, bytes([b])), eta).coeffs
    stats: dict[str, int] = {}
    assert run(kern.mlkem_sample_poly_cbd(s, b, eta), stats) == want
    assert stats["batches"] == 2


def test_mlkem_cbd_instruction_mix() -> None:
    # PRF: 33-byte input, one SHAKE256 block: KABSORB of the 5 pairs with data and of the last pair
    # (0x80; the pairs of zero padding in between are skipped), 128 / 192 bytes squeezed
    c2 = names(kern.mlkem_sample_poly_cbd(bytes(32), 0, 2))
    assert c2 == {"KINIT": 1, "KABSORB": 6, "KPERM": 1, "STORE": 32, "CBD2": 256}
    c3 = names(kern.mlkem_sample_poly_cbd(bytes(32), 0, 3))
    assert c3 == {"KINIT": 1, "KABSORB": 6, "KPERM": 2, "STORE": 48, "CBD3": 256}


@pytest.mark.parametrize("seed", SEEDS)
def test_mlkem_sample_ntt(seed: int) -> None:
    rng = random.Random(f"ntt{seed}")
    rho, i, j = rng.randbytes(32), rng.randrange(4), rng.randrange(4)
    want = KYBER.ntt_sample(ML_KEM._xof(rho, bytes([j]), bytes([i]))).coeffs
    assert run(kern.mlkem_sample_ntt(rho + bytes([j, i]))) == want


# ----------------------------------------------------------------------------- ML-DSA


@pytest.mark.parametrize("seed", SEEDS)
def test_mldsa_rej_ntt_poly(seed: int) -> None:
    rng = random.Random(f"rejntt{seed}")
    rho, r, s = rng.randbytes(32), rng.randrange(8), rng.randrange(7)
    want = DILITHIUM.rejection_sample_ntt_poly(rho, r, s).coeffs
    stats: dict[str, int] = {}
    assert run(kern.mldsa_rej_ntt_poly(rho + bytes([s, r])), stats) == want
    assert stats["instructions"] >= 5 * 56 * 2


@pytest.mark.parametrize("eta", (2, 4))
@pytest.mark.parametrize("seed", SEEDS)
def test_mldsa_rej_bounded_poly(eta: int, seed: int) -> None:
    rng = random.Random(f"rejeta{eta}-{seed}")
    rho_p, r = rng.randbytes(64), rng.randrange(15)
    want = DILITHIUM.rejection_bounded_poly(rho_p, r, eta).coeffs
    assert run(kern.mldsa_rej_bounded_poly(rho_p + r.to_bytes(2, "little"), eta)) == want


@pytest.mark.parametrize("lg", (17, 19))
@pytest.mark.parametrize("seed", SEEDS)
def test_mldsa_expand_mask_poly(lg: int, seed: int) -> None:
    rng = random.Random(f"mask{lg}-{seed}")
    rho_p, mu, r = rng.randbytes(64), rng.randrange(1 << 14), rng.randrange(7)
    want = DILITHIUM.sample_mask_polynomial(rho_p, r, mu, 1 << lg).coeffs
    stats: dict[str, int] = {}
    got = run(kern.mldsa_expand_mask_poly(rho_p + (mu + r).to_bytes(2, "little"), 1 << lg), stats)
    assert got == want
    assert stats["batches"] == 2


def test_mldsa_expand_mask_instruction_mix() -> None:
    # 66-byte input: one block, 9 + 1 KABSORB; 580 / 644 bytes squeezed (to the end of the last
    # 32-bit load), 5 blocks
    assert names(kern.mldsa_expand_mask_poly(bytes(66), 1 << 17)) == \
        {"KINIT": 1, "KABSORB": 10, "KPERM": 5, "STORE": 145, "UNPACK_Z17": 256}
    assert names(kern.mldsa_expand_mask_poly(bytes(66), 1 << 19)) == \
        {"KINIT": 1, "KABSORB": 10, "KPERM": 5, "STORE": 161, "UNPACK_Z19": 256}


# ----------------------------------------------------------------------------- extra blocks


@pytest.mark.parametrize("seed", SEEDS)
def test_rejection_samplers_continue_the_stream(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """With an initial squeeze of one block (the references squeeze 3 / 5 / 1 / 2), the kernels' loop
    of KPERM + reads + rejection must continue the XOF stream exactly. (With the real block counts
    RejNTTPoly and RejBoundedPoly eta = 4 almost never need more.)"""
    monkeypatch.setattr(kern, "SAMPLE_NTT_BLOCKS", 1)
    monkeypatch.setattr(kern, "REJ_NTT_BLOCKS", 1)
    monkeypatch.setattr(kern, "REJ_BOUNDED_BLOCKS", {2: 1, 4: 1})
    rng = random.Random(f"extra{seed}")
    rho, rho_p = rng.randbytes(32), rng.randbytes(64)
    # (kernel, reference, fewest blocks that can hold 256 accepted candidates)
    cases = [
        (kern.mlkem_sample_ntt(rho + bytes([1, 2])),                  # 112 candidates per block
         KYBER.ntt_sample(ML_KEM._xof(rho, b"\x01", b"\x02")).coeffs, 3),
        (kern.mldsa_rej_ntt_poly(rho + bytes([3, 4])),                # 56 per block
         DILITHIUM.rejection_sample_ntt_poly(rho, 4, 3).coeffs, 5),
        (kern.mldsa_rej_bounded_poly(rho_p + bytes([5, 0]), 2),       # 272 per block, 15/16 accepted
         DILITHIUM.rejection_bounded_poly(rho_p, 5, 2).coeffs, 1),
        (kern.mldsa_rej_bounded_poly(rho_p + bytes([6, 0]), 4),       # 272 per block, 9/16 accepted
         DILITHIUM.rejection_bounded_poly(rho_p, 6, 4).coeffs, 2),
    ]
    for kernel, want, min_blocks in cases:
        stats: dict[str, int] = {}
        assert run(kernel, stats) == want
        assert stats["perms"] >= min_blocks         # one KPERM per output block


def test_reference_block_counts_suffice_mostly() -> None:
    """With the references' initial squeeze, random seeds usually finish without an extra block
    (RejBoundedPoly eta = 2 about half the time): the extra-block path is a real path."""
    extra = 0
    for k in range(8):
        stats: dict[str, int] = {}
        seed = random.Random(f"eta2-{k}").randbytes(64) + bytes(2)
        run(kern.mldsa_rej_bounded_poly(seed, 2), stats)
        extra += stats["perms"] > 1
    assert 0 < extra < 8


# ----------------------------------------------------------------------------- the checks can fail


def test_planted_rej_eta4_bug_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """HORCRUX's REJ_ETA4 (+4 for nibble 8) in the model: the kernel's polynomial must then differ
    from dilithium-py's (for a seed whose stream has an accepted nibble 8, i.e. almost any)."""
    rng = random.Random(9)
    rho_p = rng.randbytes(64)
    want = DILITHIUM.rejection_bounded_poly(rho_p, 0, 4).coeffs
    orig = smp.coeff_from_half_byte
    monkeypatch.setattr(smp, "coeff_from_half_byte", lambda b, eta: 4 if (eta, b) == (4, 8) else orig(b, eta))
    got = run(kern.mldsa_rej_bounded_poly(rho_p + bytes(2), 4))
    assert got != want and {g - w for g, w in zip(got, want)} == {0, 8}
