/* Plain-C compression functions of SHA-256, SHA-512 (FIPS 180-4 6.2.2, 6.4.2) and SM3
 * (GB/T 32905-2016 5.3): the baseline of the Crypto-RV kernels (firmware/kernels/crv_hash.c),
 * written from the standards. The block is in memory order; words are read big-endian. */
#ifndef PQX_CRV_SW_H
#define PQX_CRV_SW_H

#include <stdint.h>

static inline uint32_t crv_rotr32(uint32_t x, unsigned n) { return (x >> n) | (x << (32 - n)); }
static inline uint32_t crv_rotl32(uint32_t x, unsigned n) { return n ? (x << n) | (x >> (32 - n)) : x; }
static inline uint64_t crv_rotr64(uint64_t x, unsigned n) { return (x >> n) | (x << (64 - n)); }

static inline uint32_t crv_be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static inline uint64_t crv_be64(const uint8_t *p)
{
    return (uint64_t)crv_be32(p) << 32 | crv_be32(p + 4);
}

/* FIPS 180-4 4.2.3: SHA-512's constants; SHA-256's are their upper halves (4.2.2) */
static const uint64_t crv_k512[80] = {
    0x428a2f98d728ae22ull, 0x7137449123ef65cdull, 0xb5c0fbcfec4d3b2full, 0xe9b5dba58189dbbcull,
    0x3956c25bf348b538ull, 0x59f111f1b605d019ull, 0x923f82a4af194f9bull, 0xab1c5ed5da6d8118ull,
    0xd807aa98a3030242ull, 0x12835b0145706fbeull, 0x243185be4ee4b28cull, 0x550c7dc3d5ffb4e2ull,
    0x72be5d74f27b896full, 0x80deb1fe3b1696b1ull, 0x9bdc06a725c71235ull, 0xc19bf174cf692694ull,
    0xe49b69c19ef14ad2ull, 0xefbe4786384f25e3ull, 0x0fc19dc68b8cd5b5ull, 0x240ca1cc77ac9c65ull,
    0x2de92c6f592b0275ull, 0x4a7484aa6ea6e483ull, 0x5cb0a9dcbd41fbd4ull, 0x76f988da831153b5ull,
    0x983e5152ee66dfabull, 0xa831c66d2db43210ull, 0xb00327c898fb213full, 0xbf597fc7beef0ee4ull,
    0xc6e00bf33da88fc2ull, 0xd5a79147930aa725ull, 0x06ca6351e003826full, 0x142929670a0e6e70ull,
    0x27b70a8546d22ffcull, 0x2e1b21385c26c926ull, 0x4d2c6dfc5ac42aedull, 0x53380d139d95b3dfull,
    0x650a73548baf63deull, 0x766a0abb3c77b2a8ull, 0x81c2c92e47edaee6ull, 0x92722c851482353bull,
    0xa2bfe8a14cf10364ull, 0xa81a664bbc423001ull, 0xc24b8b70d0f89791ull, 0xc76c51a30654be30ull,
    0xd192e819d6ef5218ull, 0xd69906245565a910ull, 0xf40e35855771202aull, 0x106aa07032bbd1b8ull,
    0x19a4c116b8d2d0c8ull, 0x1e376c085141ab53ull, 0x2748774cdf8eeb99ull, 0x34b0bcb5e19b48a8ull,
    0x391c0cb3c5c95a63ull, 0x4ed8aa4ae3418acbull, 0x5b9cca4f7763e373ull, 0x682e6ff3d6b2b8a3ull,
    0x748f82ee5defb2fcull, 0x78a5636f43172f60ull, 0x84c87814a1f0ab72ull, 0x8cc702081a6439ecull,
    0x90befffa23631e28ull, 0xa4506cebde82bde9ull, 0xbef9a3f7b2c67915ull, 0xc67178f2e372532bull,
    0xca273eceea26619cull, 0xd186b8c721c0c207ull, 0xeada7dd6cde0eb1eull, 0xf57d4f7fee6ed178ull,
    0x06f067aa72176fbaull, 0x0a637dc5a2c898a6ull, 0x113f9804bef90daeull, 0x1b710b35131c471bull,
    0x28db77f523047d84ull, 0x32caab7b40c72493ull, 0x3c9ebe0a15c9bebcull, 0x431d67c49c100d4cull,
    0x4cc5d4becb3e42b6ull, 0x597f299cfc657e2aull, 0x5fcb6fab3ad6faecull, 0x6c44198c4a475817ull,
};

/* FIPS 180-4 5.3.3, 5.3.5: the initial values of SHA-256 and SHA-512 */
__attribute__((unused)) static const uint32_t crv_sha256_iv[8] = {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
__attribute__((unused)) static const uint64_t crv_sha512_iv[8] = {
    0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull, 0xa54ff53a5f1d36f1ull,
    0x510e527fade682d1ull, 0x9b05688c2b3e6c1full, 0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull};

__attribute__((unused)) static void sha256_compress_sw(uint32_t h[8], const uint8_t *blk)
{
    uint32_t w[64];
    for (int t = 0; t < 16; t++) w[t] = crv_be32(blk + 4 * t);
    for (int t = 16; t < 64; t++) {
        uint32_t s0 = crv_rotr32(w[t - 15], 7) ^ crv_rotr32(w[t - 15], 18) ^ (w[t - 15] >> 3);
        uint32_t s1 = crv_rotr32(w[t - 2], 17) ^ crv_rotr32(w[t - 2], 19) ^ (w[t - 2] >> 10);
        w[t] = s1 + w[t - 7] + s0 + w[t - 16];
    }
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (int t = 0; t < 64; t++) {
        uint32_t t1 = hh + (crv_rotr32(e, 6) ^ crv_rotr32(e, 11) ^ crv_rotr32(e, 25))
                      + ((e & f) ^ (~e & g)) + (uint32_t)(crv_k512[t] >> 32) + w[t];
        uint32_t t2 = (crv_rotr32(a, 2) ^ crv_rotr32(a, 13) ^ crv_rotr32(a, 22))
                      + ((a & b) ^ (a & c) ^ (b & c));
        hh = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
}

__attribute__((unused)) static void sha512_compress_sw(uint64_t h[8], const uint8_t *blk)
{
    uint64_t w[80];
    for (int t = 0; t < 16; t++) w[t] = crv_be64(blk + 8 * t);
    for (int t = 16; t < 80; t++) {
        uint64_t s0 = crv_rotr64(w[t - 15], 1) ^ crv_rotr64(w[t - 15], 8) ^ (w[t - 15] >> 7);
        uint64_t s1 = crv_rotr64(w[t - 2], 19) ^ crv_rotr64(w[t - 2], 61) ^ (w[t - 2] >> 6);
        w[t] = s1 + w[t - 7] + s0 + w[t - 16];
    }
    uint64_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (int t = 0; t < 80; t++) {
        uint64_t t1 = hh + (crv_rotr64(e, 14) ^ crv_rotr64(e, 18) ^ crv_rotr64(e, 41))
                      + ((e & f) ^ (~e & g)) + crv_k512[t] + w[t];
        uint64_t t2 = (crv_rotr64(a, 28) ^ crv_rotr64(a, 34) ^ crv_rotr64(a, 39))
                      + ((a & b) ^ (a & c) ^ (b & c));
        hh = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
}

static inline uint32_t crv_p0(uint32_t x) { return x ^ crv_rotl32(x, 9) ^ crv_rotl32(x, 17); }
static inline uint32_t crv_p1(uint32_t x) { return x ^ crv_rotl32(x, 15) ^ crv_rotl32(x, 23); }

__attribute__((unused)) static void sm3_compress_sw(uint32_t v[8], const uint8_t *blk)
{
    uint32_t w[68];
    for (int j = 0; j < 16; j++) w[j] = crv_be32(blk + 4 * j);
    for (int j = 16; j < 68; j++)
        w[j] = crv_p1(w[j - 16] ^ w[j - 9] ^ crv_rotl32(w[j - 3], 15)) ^ crv_rotl32(w[j - 13], 7) ^ w[j - 6];
    uint32_t a = v[0], b = v[1], c = v[2], d = v[3], e = v[4], f = v[5], g = v[6], h = v[7];
    for (int j = 0; j < 64; j++) {
        uint32_t tj = j < 16 ? 0x79cc4519u : 0x7a879d8au;
        uint32_t ss1 = crv_rotl32(crv_rotl32(a, 12) + e + crv_rotl32(tj, (unsigned)j % 32), 7);
        uint32_t ss2 = ss1 ^ crv_rotl32(a, 12);
        uint32_t ff = j < 16 ? a ^ b ^ c : (a & b) | (a & c) | (b & c);
        uint32_t gg = j < 16 ? e ^ f ^ g : (e & f) | (~e & g);
        uint32_t tt1 = ff + d + ss2 + (w[j] ^ w[j + 4]);
        uint32_t tt2 = gg + h + ss1 + w[j];
        d = c; c = crv_rotl32(b, 9); b = a; a = tt1;
        h = g; g = crv_rotl32(f, 19); f = e; e = crv_p0(tt2);
    }
    v[0] ^= a; v[1] ^= b; v[2] ^= c; v[3] ^= d; v[4] ^= e; v[5] ^= f; v[6] ^= g; v[7] ^= h;
}

#endif /* PQX_CRV_SW_H */
