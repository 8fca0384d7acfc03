"""SLH-DSA firmware in Python: the PQX instruction sequences of the SHAKE-set building blocks.

F (THASH1_n), H (THASH2_n), PRF (PRF_n), the WOTS+ chain lengths (CL_n), WOTS+ chains and the
WOTS+ public key (wots_pkGen, FIPS 205 Algorithm 6) including its T_len compression as a
multi-block SHAKE256 on KINIT/KABSORB/KPERM. The level (128/192/256) follows n = len(PK.seed).

Where S must hold what (docs/isa.md), nw = n/4 words:

    PK.seed  S[0 .. nw-1]      ADRS  S[nw .. nw+7]      in1 / SK.seed  S[nw+8 .. 2nw+7]
    in2 (THASH2 only)  S[2nw+8 .. 3nw+7]

THASH/PRF write their n-byte output over PK.seed (S[0..nw-1]) and the whole permutation output into
O; ADRS and the payload stay. CHAIN_n (one WOTS+ chain step) instead writes its output into in1 and
adds 1 to ADRS's hash address, keeping PK.seed: a chain of s steps is one set-up (the {chain, hash}
ADRS words and the start value in in1) and s CHAIN_n in a row, its end read with STORE.

A PRF's output must come back through the host to become a chain's input, so the kernels are
coroutines (generators). A kernel yields a batch of instructions (items of
`verif.uvm.sequences.ListSequence`: (name, (rs1, rs2, rs3))); the caller runs the batch and sends
back the data of the batch's STORE results in order (one 32-bit word per STORE); the generator's
return value is the kernel's result. `run_on_model` drives a kernel on the reference model, the
cocotb tests drive it through the XIF agent. Kernels compose with `yield from`.

A WOTS+ public key takes three batches: all len PRFs, all len chains (PK.seed and the key pair's
ADRS words loaded once), and T_len.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence, TypeVar

from verif.kernels import sha3
from verif.kernels.runner import Item, Kernel, run_on_model  # noqa: F401  (run_on_model: the tests)
from verif.models import bytes_to_words, decode, words_to_bytes
from verif.models.fips205 import ADRS, W, WOTS_HASH, WOTS_PK, WOTS_PRF, wots_len

T = TypeVar("T")

SIMPLE_RS2 = 1
"""rs2 value selecting the simple (FIPS 205) tweakable hash; rs2 = 0 selects robust."""


@dataclass(frozen=True)
class Layout:
    """Word positions in S for one security level (docs/isa.md)."""

    n: int
    level: int

    @property
    def nw(self) -> int:
        return self.n // 4

    @property
    def seed(self) -> int:
        return 0

    @property
    def adrs(self) -> int:
        return self.nw

    @property
    def in1(self) -> int:
        return self.nw + 8

    @property
    def in2(self) -> int:
        return 2 * self.nw + 8

    @property
    def chain_hash_pair(self) -> int:
        """S index of the ADRS words 6 and 7 (chain / tree height, hash / tree index)."""
        return self.adrs + 6

    @property
    def thash1(self) -> str:
        return f"THASH1_{self.level}"

    @property
    def thash2(self) -> str:
        return f"THASH2_{self.level}"

    @property
    def prf(self) -> str:
        return f"PRF_{self.level}"

    @property
    def cl(self) -> str:
        return f"CL_{self.level}"

    @property
    def chain(self) -> str:
        return f"CHAIN_{self.level}"


LAYOUTS: dict[int, Layout] = {16: Layout(16, 128), 24: Layout(24, 192), 32: Layout(32, 256)}


def layout(n: int) -> Layout:
    if n not in LAYOUTS:
        raise ValueError(f"n = {n} is not an SLH-DSA security parameter (16, 24, 32)")
    return LAYOUTS[n]


# ----------------------------------------------------------------------------- instruction helpers


def words(data: bytes) -> list[int]:
    """S/O words of a byte string (word w = bytes 4w..4w+3, little-endian)."""
    return bytes_to_words(bytes(data))


def load(start: int, data_words: Sequence[int]) -> list[Item]:
    """LOADs of an even number of words into S[start..]."""
    if len(data_words) % 2:
        raise ValueError("LOAD writes word pairs")
    return [("LOAD", (data_words[k], data_words[k + 1], start + k)) for k in range(0, len(data_words), 2)]


def absorb(start: int, data_words: Sequence[int]) -> list[Item]:
    """KABSORBs (S ^= words) of an even number of words at S[start..]."""
    if len(data_words) % 2:
        raise ValueError("KABSORB xors word pairs")
    return [("KABSORB", (data_words[k], data_words[k + 1], start + k))
            for k in range(0, len(data_words), 2)]


def store(count: int, first: int = 0) -> list[Item]:
    """STOREs of O[first .. first+count-1]."""
    return [("STORE", (w, 0, 0)) for w in range(first, first + count)]


def store_count(batch: Sequence[Item]) -> int:
    return sum(name == "STORE" for name, _ in batch)


def setup(lay: Layout, pk_seed: bytes, adrs: ADRS | bytes, in1: bytes = b"", in2: bytes = b"") -> list[Item]:
    """LOADs of PK.seed, the whole ADRS and the payload words."""
    items = load(lay.seed, words(pk_seed)) + load(lay.adrs, words(bytes(adrs)))
    if in1:
        items += load(lay.in1, words(in1))
    if in2:
        items += load(lay.in2, words(in2))
    return items


def _check(lay: Layout, **values: bytes) -> None:
    for name, v in values.items():
        if len(v) != lay.n:
            raise ValueError(f"{name} is {len(v)} bytes, n = {lay.n}")


def _rs2(robust: bool, simple_rs2: int) -> int:
    if not robust and simple_rs2 == 0:
        raise ValueError("simple mode needs rs2 != 0")
    return 0 if robust else simple_rs2


# ----------------------------------------------------------------------------- single hashes


def f_kernel(pk_seed: bytes, adrs: ADRS | bytes, m1: bytes, robust: bool = False,
             simple_rs2: int = SIMPLE_RS2) -> Kernel[bytes]:
    """F(PK.seed, ADRS, M1) (robust: the SPHINCS+ round-3 masked form)."""
    lay = layout(len(pk_seed))
    _check(lay, m1=m1)
    out = yield (setup(lay, pk_seed, adrs, m1) + [(lay.thash1, (0, _rs2(robust, simple_rs2), 0))]
                 + store(lay.nw))
    return words_to_bytes(out)


def h_kernel(pk_seed: bytes, adrs: ADRS | bytes, m2: bytes, robust: bool = False,
             simple_rs2: int = SIMPLE_RS2) -> Kernel[bytes]:
    """H(PK.seed, ADRS, M2), M2 = in1 || in2 (2n bytes)."""
    lay = layout(len(pk_seed))
    if len(m2) != 2 * lay.n:
        raise ValueError(f"H takes 2n = {2 * lay.n} bytes")
    out = yield (setup(lay, pk_seed, adrs, m2[:lay.n], m2[lay.n:])
                 + [(lay.thash2, (0, _rs2(robust, simple_rs2), 0))] + store(lay.nw))
    return words_to_bytes(out)


def prf_kernel(pk_seed: bytes, sk_seed: bytes, adrs: ADRS | bytes) -> Kernel[bytes]:
    """PRF(PK.seed, SK.seed, ADRS)."""
    lay = layout(len(pk_seed))
    _check(lay, sk_seed=sk_seed)
    out = yield setup(lay, pk_seed, adrs, sk_seed) + [(lay.prf, (0, 0, 0))] + store(lay.nw)
    return words_to_bytes(out)


def cl_kernel(msg: bytes) -> Kernel[list[int]]:
    """The WOTS+ chain lengths (len digits) of an n-byte message with CL_n."""
    lay = layout(len(msg))
    _, _, length = wots_len(lay.n)
    out_words = (length + 7) // 8
    out = yield load(0, words(msg)) + [(lay.cl, (0, 0, 0))] + store(out_words)
    digits = [(w >> (28 - 4 * k)) & 15 for w in out for k in range(8)]
    return digits[:length]


# ----------------------------------------------------------------------------- WOTS+ chains


def chains_kernel(xs: Sequence[bytes], starts: Sequence[int], steps: Sequence[int],
                  pk_seed: bytes, adrs: ADRS, chain_addrs: Sequence[int] | None = None,
                  robust: bool = False, simple_rs2: int = SIMPLE_RS2) -> Kernel[list[bytes]]:
    """chain(xs[c], starts[c], steps[c], PK.seed, ADRS with chain address chain_addrs[c]) for every
    c (FIPS 205 Algorithm 5), in one batch: PK.seed and `adrs` (layer, tree, type and key pair
    words) once, then per chain its {chain, hash} ADRS words, its start value, steps[c] CHAIN_n
    and the STOREs of its end. Returns the chain values."""
    lay = layout(len(pk_seed))
    for x in xs:
        _check(lay, x=x)
    if not len(xs) == len(starts) == len(steps):
        raise ValueError("xs, starts and steps differ in length")
    chain_addrs = list(range(len(xs))) if chain_addrs is None else list(chain_addrs)
    rs2 = _rs2(robust, simple_rs2)
    a = adrs.copy()
    batch: list[Item] = []
    for c in range(len(xs)):
        if not steps[c]:
            continue
        a.set_chain_address(chain_addrs[c])
        a.set_hash_address(starts[c])
        aw = words(bytes(a))
        batch += load(lay.chain_hash_pair, aw[6:8]) if batch else setup(lay, pk_seed, a)
        batch += load(lay.in1, words(xs[c])) + [(lay.chain, (0, rs2, 0))] * steps[c] + store(lay.nw)
    out = (yield batch) if batch else []
    values, k = list(xs), 0
    for c in range(len(xs)):
        if steps[c]:
            values[c] = words_to_bytes(out[k:k + lay.nw])
            k += lay.nw
    return values


def chain_kernel(x: bytes, i: int, s: int, pk_seed: bytes, adrs: ADRS, robust: bool = False,
                 simple_rs2: int = SIMPLE_RS2) -> Kernel[bytes]:
    """chain(X, i, s, PK.seed, ADRS): one chain, the chain address taken from `adrs`."""
    chain_addr = adrs.words()[6]
    (value,) = yield from chains_kernel([x], [i], [s], pk_seed, adrs, [chain_addr], robust, simple_rs2)
    return value


def wots_sks_kernel(sk_seed: bytes, pk_seed: bytes, adrs: ADRS) -> Kernel[list[bytes]]:
    """The len WOTS+ secret values of the key pair of `adrs` in one batch: PRF with the WOTS_PRF
    address of chain i. SK.seed stays in in1 and the ADRS words 0..5 stay, so after the first PRF
    only PK.seed and the {chain, hash} words are reloaded."""
    lay = layout(len(pk_seed))
    _check(lay, sk_seed=sk_seed)
    _, _, length = wots_len(lay.n)
    sk_adrs = adrs.copy()
    sk_adrs.set_type_and_clear(WOTS_PRF)
    sk_adrs.set_key_pair_address(adrs.get_key_pair_address())
    seed = words(pk_seed)
    batch: list[Item] = []
    for i in range(length):
        sk_adrs.set_chain_address(i)
        aw = words(bytes(sk_adrs))
        if i == 0:
            batch += setup(lay, pk_seed, sk_adrs, sk_seed)
        else:
            batch += load(lay.seed, seed) + load(lay.chain_hash_pair, aw[6:8])
        batch += [(lay.prf, (0, 0, 0))] + store(lay.nw)
    out = yield batch
    return [words_to_bytes(out[i * lay.nw:(i + 1) * lay.nw]) for i in range(length)]


def wots_pkgen_kernel(sk_seed: bytes, pk_seed: bytes, adrs: ADRS) -> Kernel[tuple[bytes, list[bytes]]]:
    """FIPS 205 Algorithm 6 wots_pkGen for the key pair addressed by `adrs` (type WOTS_HASH).
    Returns (pk, chain ends)."""
    lay = layout(len(pk_seed))
    _, _, length = wots_len(lay.n)
    sks = yield from wots_sks_kernel(sk_seed, pk_seed, adrs)
    hash_adrs = adrs.copy()
    hash_adrs.set_type_and_clear(WOTS_HASH)
    hash_adrs.set_key_pair_address(adrs.get_key_pair_address())
    ends = yield from chains_kernel(sks, [0] * length, [W - 1] * length, pk_seed, hash_adrs)
    pk_adrs = adrs.copy()
    pk_adrs.set_type_and_clear(WOTS_PK)
    pk_adrs.set_key_pair_address(adrs.get_key_pair_address())
    pk = yield from shake256_kernel(pk_seed + bytes(pk_adrs) + b"".join(ends), lay.n)
    return pk, ends


# ----------------------------------------------------------------------------- multi-block SHAKE256


def shake256_kernel(msg: bytes, out_bytes: int) -> Kernel[bytes]:
    """SHAKE256(msg)[0:out_bytes] with the SHA3 kernel (verif/kernels/sha3.py). Used for T_len,
    whose input (n + 32 + len n bytes) is longer than one block."""
    prog = sha3.shake256(msg, out_bytes)
    out = yield [(decode(w).name, (a, b, c)) for w, a, b, c in prog.insns]
    return sha3.assemble(prog, out)
