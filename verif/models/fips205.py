"""A small FIPS 205 (SLH-DSA) reference for the SHAKE parameter sets, written from the standard.

It covers what the PQX SLH-DSA instructions and kernels need: the parameter sets, the 32-byte
address ADRS, the tweakable hashes F, H, T_l and PRF (section 11.1, SHAKE256), base_2b
(Algorithm 4), the WOTS+ chain lengths (Algorithm 7 lines 1-7), chain (Algorithm 5), wots_pkGen
(Algorithm 6), xmss_node (Algorithm 9) and key generation's PK.root (Algorithm 18). Signing,
FORS and the hypertree are out of scope.

Robust mode is not in FIPS 205: it is the SPHINCS+ round-3 "robust" tweakable hash, which PQX's
THASH instructions also offer (rs2 = 0): mask = SHAKE256(PK.seed || ADRS, 8|M|),
out = SHAKE256(PK.seed || ADRS || (M xor mask), 8n). It lives in its own functions
(`f_robust`, `h_robust`, `thash_robust`) so it is never mistaken for the standard's F/H.

Only hashlib is used; nothing here comes from another implementation. `test_fips205.py` checks
PK.root against NIST ACVP keyGen vectors.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Callable

# ----------------------------------------------------------------------------- parameter sets


@dataclass(frozen=True)
class Params:
    """One SLH-DSA parameter set (FIPS 205 Table 2)."""

    name: str
    n: int          # security parameter: bytes of every hash output
    h: int          # hypertree height
    d: int          # hypertree layers
    hp: int         # h' = h / d, height of one XMSS tree
    a: int          # FORS tree height
    k: int          # FORS trees
    lg_w: int       # log2 of the Winternitz parameter
    m: int          # message digest bytes

    @property
    def w(self) -> int:
        return 1 << self.lg_w

    @property
    def len1(self) -> int:
        """Message digits of a WOTS+ signature: ceil(8n / lg_w) (= 2n for lg_w = 4)."""
        return (8 * self.n + self.lg_w - 1) // self.lg_w

    @property
    def len2(self) -> int:
        """Checksum digits: floor(log2(len1 (w - 1)) / lg_w) + 1 (= 3 for every FIPS 205 set)."""
        return ((self.len1 * (self.w - 1)).bit_length() - 1) // self.lg_w + 1

    @property
    def len(self) -> int:
        return self.len1 + self.len2


PARAMS: dict[str, Params] = {p.name: p for p in (
    Params("SLH-DSA-SHAKE-128s", 16, 63, 7, 9, 12, 14, 4, 30),
    Params("SLH-DSA-SHAKE-128f", 16, 66, 22, 3, 6, 33, 4, 34),
    Params("SLH-DSA-SHAKE-192s", 24, 63, 7, 9, 14, 17, 4, 39),
    Params("SLH-DSA-SHAKE-192f", 24, 66, 22, 3, 8, 33, 4, 42),
    Params("SLH-DSA-SHAKE-256s", 32, 64, 8, 8, 14, 22, 4, 47),
    Params("SLH-DSA-SHAKE-256f", 32, 68, 17, 4, 9, 35, 4, 49),
)}

LG_W = 4
W = 16


def wots_len(n: int) -> tuple[int, int, int]:
    """(len1, len2, len) of WOTS+ with lg_w = 4 for security parameter n bytes."""
    len1 = 2 * n
    len2 = ((len1 * (W - 1)).bit_length() - 1) // LG_W + 1
    return len1, len2, len1 + len2


# ----------------------------------------------------------------------------- ADRS (section 4.2)

WOTS_HASH, WOTS_PK, TREE, FORS_TREE, FORS_ROOTS, WOTS_PRF, FORS_PRF = range(7)


class ADRS:
    """The 32-byte address: layer (4 bytes), tree address (12), type (4), then three type-specific
    4-byte words (key pair address; chain address / tree height; hash address / tree index).
    Every field is a big-endian integer."""

    __slots__ = ("b",)

    def __init__(self, data: bytes = bytes(32)):
        if len(data) != 32:
            raise ValueError("ADRS is 32 bytes")
        self.b = bytearray(data)

    def copy(self) -> ADRS:
        return ADRS(bytes(self.b))

    def __bytes__(self) -> bytes:
        return bytes(self.b)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ADRS) and self.b == other.b

    def __repr__(self) -> str:
        return f"ADRS({self.b.hex()})"

    def _set(self, offset: int, size: int, value: int) -> None:
        self.b[offset:offset + size] = value.to_bytes(size, "big")

    def _get(self, offset: int, size: int = 4) -> int:
        return int.from_bytes(self.b[offset:offset + size], "big")

    def set_layer_address(self, layer: int) -> None:
        self._set(0, 4, layer)

    def set_tree_address(self, tree: int) -> None:
        self._set(4, 12, tree)

    def set_type_and_clear(self, type_: int) -> None:
        self._set(16, 4, type_)
        self.b[20:32] = bytes(12)

    def set_key_pair_address(self, i: int) -> None:
        self._set(20, 4, i)

    def get_key_pair_address(self) -> int:
        return self._get(20)

    def set_chain_address(self, i: int) -> None:
        self._set(24, 4, i)

    def set_tree_height(self, z: int) -> None:
        self._set(24, 4, z)

    def set_hash_address(self, i: int) -> None:
        self._set(28, 4, i)

    def set_tree_index(self, i: int) -> None:
        self._set(28, 4, i)

    def get_tree_index(self) -> int:
        return self._get(28)

    @property
    def layer(self) -> int:
        return self._get(0)

    @property
    def tree(self) -> int:
        return self._get(4, 12)

    @property
    def type(self) -> int:
        return self._get(16)

    def words(self) -> list[int]:
        """The 8 big-endian 32-bit fields (layer, tree x3, type, and the three type-specific)."""
        return [self._get(4 * k) for k in range(8)]


# ----------------------------------------------------------------------------- hashes (11.1)


def _shake(data: bytes, nbytes: int) -> bytes:
    return hashlib.shake_256(data).digest(nbytes)


def thash(pk_seed: bytes, adrs: ADRS | bytes, msg: bytes) -> bytes:
    """F, H and T_l of the SHAKE sets: SHAKE256(PK.seed || ADRS || M, 8n), n = len(PK.seed)."""
    return _shake(pk_seed + bytes(adrs) + msg, len(pk_seed))


def F(pk_seed: bytes, adrs: ADRS | bytes, m1: bytes) -> bytes:
    assert len(m1) == len(pk_seed)
    return thash(pk_seed, adrs, m1)


def H(pk_seed: bytes, adrs: ADRS | bytes, m2: bytes) -> bytes:
    assert len(m2) == 2 * len(pk_seed)
    return thash(pk_seed, adrs, m2)


def T_l(pk_seed: bytes, adrs: ADRS | bytes, m: bytes) -> bytes:
    assert len(m) % len(pk_seed) == 0
    return thash(pk_seed, adrs, m)


def PRF(pk_seed: bytes, sk_seed: bytes, adrs: ADRS | bytes) -> bytes:
    """PRF(PK.seed, SK.seed, ADRS) = SHAKE256(PK.seed || ADRS || SK.seed, 8n)."""
    assert len(sk_seed) == len(pk_seed)
    return _shake(pk_seed + bytes(adrs) + sk_seed, len(pk_seed))


def thash_robust(pk_seed: bytes, adrs: ADRS | bytes, msg: bytes) -> bytes:
    """SPHINCS+ round-3 robust tweakable hash (not FIPS 205): M is first masked with
    SHAKE256(PK.seed || ADRS, 8|M|)."""
    a = bytes(adrs)
    mask = _shake(pk_seed + a, len(msg))
    return _shake(pk_seed + a + bytes(x ^ y for x, y in zip(msg, mask)), len(pk_seed))


def f_robust(pk_seed: bytes, adrs: ADRS | bytes, m1: bytes) -> bytes:
    assert len(m1) == len(pk_seed)
    return thash_robust(pk_seed, adrs, m1)


def h_robust(pk_seed: bytes, adrs: ADRS | bytes, m2: bytes) -> bytes:
    assert len(m2) == 2 * len(pk_seed)
    return thash_robust(pk_seed, adrs, m2)


# ----------------------------------------------------------------------------- WOTS+ (section 5)


def to_byte(x: int, nbytes: int) -> bytes:
    """Algorithm 3: big-endian."""
    return x.to_bytes(nbytes, "big")


def base_2b(x: bytes, b: int, out_len: int) -> list[int]:
    """Algorithm 4: out_len base-2^b digits of x, most significant bits first."""
    digits = []
    idx = bits = total = 0
    for _ in range(out_len):
        while bits < b:
            total = (total << 8) | x[idx]
            idx += 1
            bits += 8
        bits -= b
        digits.append((total >> bits) & ((1 << b) - 1))
    return digits


def chain_lengths(msg: bytes) -> list[int]:
    """Algorithm 7 lines 1-7 (wots_sign, lg_w = 4): base-16 digits of the n-byte msg followed by the
    len2 digits of the checksum sum(w - 1 - d), shifted left so the digits fill whole bytes."""
    len1, len2, _ = wots_len(len(msg))
    digits = base_2b(msg, LG_W, len1)
    csum = sum(W - 1 - d for d in digits)
    csum <<= (8 - (len2 * LG_W) % 8) % 8
    return digits + base_2b(to_byte(csum, (len2 * LG_W + 7) // 8), LG_W, len2)


HashFn = Callable[[bytes, "ADRS | bytes", bytes], bytes]


def chain(x: bytes, i: int, s: int, pk_seed: bytes, adrs: ADRS, f: HashFn = F) -> bytes:
    """Algorithm 5: F iterated s times on x from index i; the hash address is set to j before
    the j-th application. `adrs` is updated in place, as in the standard."""
    for j in range(i, i + s):
        adrs.set_hash_address(j)
        x = f(pk_seed, adrs, x)
    return x


def wots_sk(sk_seed: bytes, pk_seed: bytes, adrs: ADRS, i: int) -> bytes:
    """The secret value of chain i (Algorithm 6 lines 1-3, 5): PRF with a WOTS_PRF address that
    keeps the key pair address of `adrs` and has chain address i."""
    sk_adrs = adrs.copy()
    sk_adrs.set_type_and_clear(WOTS_PRF)
    sk_adrs.set_key_pair_address(adrs.get_key_pair_address())
    sk_adrs.set_chain_address(i)
    return PRF(pk_seed, sk_seed, sk_adrs)


def wots_pk_adrs(adrs: ADRS) -> ADRS:
    """The WOTS_PK address used to compress a WOTS+ public key (Algorithm 6 lines 9-11)."""
    pk_adrs = adrs.copy()
    pk_adrs.set_type_and_clear(WOTS_PK)
    pk_adrs.set_key_pair_address(adrs.get_key_pair_address())
    return pk_adrs


def wots_chain_ends(sk_seed: bytes, pk_seed: bytes, adrs: ADRS) -> list[bytes]:
    """The len chain ends of Algorithm 6 (lines 4-8), before the T_len compression."""
    _, _, length = wots_len(len(pk_seed))
    adrs = adrs.copy()
    ends = []
    for i in range(length):
        sk = wots_sk(sk_seed, pk_seed, adrs, i)
        adrs.set_chain_address(i)
        ends.append(chain(sk, 0, W - 1, pk_seed, adrs))
    return ends


def wots_pkgen(sk_seed: bytes, pk_seed: bytes, adrs: ADRS) -> bytes:
    """Algorithm 6: the compressed WOTS+ public key of the key pair addressed by `adrs` (type
    WOTS_HASH, layer, tree and key pair address set)."""
    return T_l(pk_seed, wots_pk_adrs(adrs), b"".join(wots_chain_ends(sk_seed, pk_seed, adrs)))


# ----------------------------------------------------------------------------- XMSS and keygen


def xmss_node(sk_seed: bytes, i: int, z: int, pk_seed: bytes, adrs: ADRS) -> bytes:
    """Algorithm 9: the node at height z, index i of the XMSS tree addressed by `adrs`."""
    adrs = adrs.copy()
    if z == 0:
        adrs.set_type_and_clear(WOTS_HASH)
        adrs.set_key_pair_address(i)
        return wots_pkgen(sk_seed, pk_seed, adrs)
    lnode = xmss_node(sk_seed, 2 * i, z - 1, pk_seed, adrs)
    rnode = xmss_node(sk_seed, 2 * i + 1, z - 1, pk_seed, adrs)
    adrs.set_type_and_clear(TREE)
    adrs.set_tree_height(z)
    adrs.set_tree_index(i)
    return H(pk_seed, adrs, lnode + rnode)


def keygen_root(params: Params, sk_seed: bytes, pk_seed: bytes) -> bytes:
    """PK.root of slh_keygen_internal (Algorithm 18): the root of the top XMSS tree (layer d-1)."""
    if len(sk_seed) != params.n or len(pk_seed) != params.n:
        raise ValueError(f"{params.name}: seeds must be {params.n} bytes")
    adrs = ADRS()
    adrs.set_layer_address(params.d - 1)
    return xmss_node(sk_seed, 0, params.hp, pk_seed, adrs)


def keygen_internal(params: Params, sk_seed: bytes, sk_prf: bytes,
                    pk_seed: bytes) -> tuple[bytes, bytes]:
    """Algorithm 18: (SK, PK) = (SK.seed || SK.prf || PK.seed || PK.root, PK.seed || PK.root)."""
    root = keygen_root(params, sk_seed, pk_seed)
    return sk_seed + sk_prf + pk_seed + root, pk_seed + root
