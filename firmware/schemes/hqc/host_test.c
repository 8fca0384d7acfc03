/* Native (host) harness of the HQC firmware: not part of the SoC program. Built with the host's
 * gcc together with hqc.c and hqc_kernels.c (PQX_KERNEL=0), one binary per parameter set, by
 * scripts/test_hqc_native.py, which compares every output with verif/models/hqc.py.
 *
 * Reads commands from stdin, one per line, hex arguments; writes "<name> <hex>" lines:
 *   keygen <seed_kem>               -> ek, dk
 *   encaps <ek> <m> <salt>          -> ct, ss
 *   decaps <dk> <ct>                -> ss, mprime
 *   rs_encode <msg> / rs_decode <cw> / rm_decode <v> / code_encode <m> / code_decode <v>
 *                                   -> cw / msg / cw / v / m
 *   sample_rejection <seed> <w>     -> support (decimal positions: XOF(seed), w draws)
 *   sample_biased <seed> <w>        -> support
 *   vec_mul <a (n bytes)> <p,p,...> -> prod
 *   gf                              -> mul (all 65536 products, a * 256 + b), inv (256)
 *   mod_n                           -> mod_n_bad <count> (every x < 2^24, edge and random x)
 *   params                          -> the sizes
 * Built with -DHQC_CTGRIND (and run under valgrind memcheck), keygen / encaps / decaps mark their
 * secret inputs undefined and their outputs defined again before printing: memcheck then reports
 * any branch or address that depends on a secret (hqc_kernels.h). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../host_io.h"
#include "hqc.h"
#include "hqc_kernels.h"

#ifdef HQC_CTGRIND
#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))
#else
#define SECRET(p, n) ((void)0)
#define PUBLIC(p, n) ((void)0)
#endif

static void out_support(const uint32_t *s, unsigned w)
{
    printf("support");
    for (unsigned i = 0; i < w; i++)
        printf(" %u", (unsigned)s[i]);
    putchar('\n');
}

/* the XOF of the specification (SHAKE256(seed || 0x01)) through the kernels, for the samplers */
static void xof(const uint8_t seed[32])
{
    uint8_t dom = 1;
    hqc_sponge_start(136);
    hqc_sponge_absorb(seed, 32);
    hqc_sponge_absorb(&dom, 1);
    hqc_sponge_finish(0x1F);
}

static uint8_t ek[HQC_EK_BYTES], dk[HQC_DK_BYTES], ct[HQC_CT_BYTES];
static uint32_t va[HQC_N_WORDS], vb[HQC_N_WORDS], sup[1024];

static unsigned weight_arg(char **s)
{
    char *tok = strtok_r(NULL, " \t\r\n", s);
    unsigned w = tok ? (unsigned)strtoul(tok, NULL, 10) : 0;
    if (w == 0 || w > 1024) {
        fprintf(stderr, "host_test: weight 1..1024\n");
        exit(2);
    }
    return w;
}

static void cmd_gf(void)
{
    static uint8_t mul[65536];
    uint8_t inv[256];
    for (uint32_t a = 0; a < 256; a++) {
        for (uint32_t b = 0; b < 256; b++)
            mul[a * 256 + b] = (uint8_t)hqc_gf_mul(a, b);
        inv[a] = (uint8_t)hqc_gf_inv(a);
    }
    out_hex("mul", mul, sizeof mul);
    out_hex("inv", inv, sizeof inv);
}

static void cmd_mod_n(void)
{
    unsigned long bad = 0;
    for (uint32_t x = 0; x < (1u << 24); x++)
        bad += hqc_mod_n(x) != x % HQC_N;
    uint32_t edge[] = {0xFFFFFFFFu, 0xFFFFFFFEu, 0x80000000u, 0x7FFFFFFFu,
                       (0xFFFFFFFFu / HQC_N) * HQC_N, (0xFFFFFFFFu / HQC_N) * HQC_N - 1};
    for (unsigned i = 0; i < sizeof edge / sizeof edge[0]; i++)
        bad += hqc_mod_n(edge[i]) != edge[i] % HQC_N;
    uint32_t x = 12345;
    for (unsigned i = 0; i < (1u << 20); i++) {       /* 32-bit values (BARRETT_HQC's domain) */
        x = x * 1664525u + 1013904223u;
        bad += hqc_mod_n(x) != x % HQC_N;
    }
    printf("mod_n_bad %lu\n", bad);
}

int main(void)
{
    char *line = NULL;
    size_t cap = 0;
    hqc_init();
    while (getline(&line, &cap, stdin) > 0) {
        char *save = NULL, *cmd = strtok_r(line, " \t\r\n", &save);
        if (!cmd)
            continue;
        if (!strcmp(cmd, "params")) {
            printf("params %s n=%d ek=%d dk=%d ct=%d\n", HQC_NAME, HQC_N, HQC_EK_BYTES,
                   HQC_DK_BYTES, HQC_CT_BYTES);
        } else if (!strcmp(cmd, "keygen")) {
            uint8_t seed[HQC_SEED_BYTES];
            hex_exact(&save, seed, sizeof seed, "seed_kem");
            SECRET(seed, sizeof seed);
            hqc_keygen(ek, dk, seed);
            PUBLIC(ek, sizeof ek);
            PUBLIC(dk, sizeof dk);
            out_hex("ek", ek, sizeof ek);
            out_hex("dk", dk, sizeof dk);
        } else if (!strcmp(cmd, "encaps")) {
            uint8_t m[HQC_K], salt[HQC_SALT_BYTES], ss[HQC_SS_BYTES];
            hex_exact(&save, ek, sizeof ek, "ek");
            hex_exact(&save, m, sizeof m, "m");
            hex_exact(&save, salt, sizeof salt, "salt");
            SECRET(m, sizeof m);
            hqc_encaps(ct, ss, ek, m, salt);
            PUBLIC(ct, sizeof ct);
            PUBLIC(ss, sizeof ss);
            out_hex("ct", ct, sizeof ct);
            out_hex("ss", ss, sizeof ss);
        } else if (!strcmp(cmd, "decaps")) {
            uint8_t ss[HQC_SS_BYTES], mp[HQC_K];
            hex_exact(&save, dk, sizeof dk, "dk");
            hex_exact(&save, ct, sizeof ct, "ct");
            SECRET(dk + HQC_EK_BYTES, HQC_DK_BYTES - HQC_EK_BYTES);   /* seed_dk, sigma, seed_KEM */
            hqc_decaps_trace(ss, mp, dk, ct);
            PUBLIC(ss, sizeof ss);
            PUBLIC(mp, sizeof mp);
            out_hex("ss", ss, sizeof ss);
            out_hex("mprime", mp, sizeof mp);
        } else if (!strcmp(cmd, "rs_encode")) {
            uint8_t msg[HQC_K], cw[HQC_N1];
            hex_exact(&save, msg, sizeof msg, "msg");
            hqc_rs_encode(cw, msg);
            out_hex("cw", cw, sizeof cw);
        } else if (!strcmp(cmd, "rs_decode")) {
            uint8_t msg[HQC_K], cw[HQC_N1];
            hex_exact(&save, cw, sizeof cw, "cw");
            hqc_rs_decode(msg, cw);
            out_hex("msg", msg, sizeof msg);
        } else if (!strcmp(cmd, "rm_decode") || !strcmp(cmd, "code_decode")) {
            static uint8_t vbytes[HQC_N1N2_BYTES];
            uint8_t cw[HQC_N1], m[HQC_K];
            hex_exact(&save, vbytes, sizeof vbytes, "v");
            for (unsigned i = 0; i < HQC_N1N2_WORDS; i++)
                va[i] = vbytes[4 * i] | (uint32_t)vbytes[4 * i + 1] << 8 |
                        (uint32_t)vbytes[4 * i + 2] << 16 | (uint32_t)vbytes[4 * i + 3] << 24;
            if (cmd[1] == 'm') {
                hqc_rm_decode(cw, va);
                out_hex("cw", cw, sizeof cw);
            } else {
                hqc_code_decode(m, va);
                out_hex("m", m, sizeof m);
            }
        } else if (!strcmp(cmd, "code_encode")) {
            static uint8_t vbytes[HQC_N1N2_BYTES];
            uint8_t m[HQC_K];
            hex_exact(&save, m, sizeof m, "m");
            hqc_code_encode(va, m);
            for (unsigned i = 0; i < HQC_N1N2_BYTES; i++)
                vbytes[i] = (uint8_t)(va[i / 4] >> (8 * (i % 4)));
            out_hex("v", vbytes, sizeof vbytes);
        } else if (!strcmp(cmd, "sample_rejection") || !strcmp(cmd, "sample_biased")) {
            uint8_t seed[32];
            hex_exact(&save, seed, sizeof seed, "seed");
            unsigned w = weight_arg(&save);
            xof(seed);
            if (cmd[7] == 'r')
                hqc_sample_rejection(sup, w);
            else
                hqc_sample_biased(sup, w);
            out_support(sup, w);
        } else if (!strcmp(cmd, "vec_mul")) {
            static uint8_t abytes[HQC_N_BYTES], pbytes[HQC_N_BYTES];
            hex_exact(&save, abytes, sizeof abytes, "a");
            for (unsigned i = 0; i < HQC_N_WORDS; i++) {
                uint32_t x = 0;
                for (unsigned k = 0; k < 4 && 4 * i + k < HQC_N_BYTES; k++)
                    x |= (uint32_t)abytes[4 * i + k] << (8 * k);
                va[i] = x;
            }
            unsigned w = 0;
            char *tok = strtok_r(NULL, " \t\r\n", &save);
            for (char *p = tok ? strtok_r(tok, ",", &save) : NULL; p && w < 1024; p = strtok_r(NULL, ",", &save))
                sup[w++] = (uint32_t)strtoul(p, NULL, 10);
            hqc_vec_mul(vb, va, sup, w);
            for (unsigned i = 0; i < HQC_N_BYTES; i++)
                pbytes[i] = (uint8_t)(vb[i / 4] >> (8 * (i % 4)));
            out_hex("prod", pbytes, sizeof pbytes);
        } else if (!strcmp(cmd, "gf")) {
            cmd_gf();
        } else if (!strcmp(cmd, "mod_n")) {
            cmd_mod_n();
        } else {
            fprintf(stderr, "host_test: unknown command %s\n", cmd);
            return 2;
        }
        fflush(stdout);
    }
    free(line);
    return 0;
}
