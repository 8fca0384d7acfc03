/* Native (host) harness of the Falcon firmware: not part of the SoC program. Built with the
 * host's gcc together with falcon.c and falcon_kernels.c (PQX_KERNEL=0), one binary per
 * parameter set (-DFALCON_LOGN=9|10), by scripts/test_falcon_native.py, which compares every
 * verdict and value with verif/models/falcon.py.
 *
 * Reads commands from stdin, one per line; byte strings in hex ("-" for an empty one),
 * polynomials as comma-separated decimals. Writes "<name> <value>" lines:
 *   params                       -> params <name> n= pk= sig= bound=
 *   verify <pk> <msg> <sig>      -> result <reason>             (detached signature)
 *   open <pk> <sm>               -> result <reason> [msg <hex>]  (NIST API signed message)
 *   norm <pk> <msg> <sig>        -> norm <n> (the detached signature's s2; pk and s2 well formed)
 *   decode_pk <pk>               -> result <reason> [h <poly>]
 *   decompress <bytes> <0|1>     -> result <reason> [s2 <poly>] (1: padded)
 *   hash <nonce> <msg>           -> c <poly>
 *   mul <poly a> <poly b>        -> prod <poly>   (a b mod (q, X^n + 1) through the NTT kernels)
 *   roundtrip <poly>             -> poly <poly>   (intt(ntt(a)))
 *   mq                           -> mq_bad <count> (every reduce16 input, montymul on a grid) */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../host_io.h"
#include "falcon.h"
#include "falcon_kernels.h"

#define N FALCON_N

static void poly_arg(char **save, uint16_t p[N], const char *what)
{
    char *tok = token(save, what), *s2 = NULL;
    unsigned i = 0;
    for (char *x = strtok_r(tok, ",", &s2); x && i < N; x = strtok_r(NULL, ",", &s2))
        p[i++] = (uint16_t)strtoul(x, NULL, 10);
    if (i != N) {
        fprintf(stderr, "host_test: %s: want %u coefficients, got %u\n", what, N, i);
        exit(2);
    }
}

static void out_poly_u(const char *name, const uint16_t *p)
{
    printf("%s ", name);
    for (unsigned i = 0; i < N; i++)
        printf(i ? ",%u" : "%u", (unsigned)p[i]);
    putchar('\n');
}

static void out_poly_s(const char *name, const int16_t *p)
{
    printf("%s ", name);
    for (unsigned i = 0; i < N; i++)
        printf(i ? ",%d" : "%d", (int)p[i]);
    putchar('\n');
}

static void result(int r)
{
    printf("result %s\n", falcon_result_names[r]);
}

static void cmd_mq(void)
{
    unsigned long bad = 0;
    for (uint32_t t = 0; t < 65536; t++)
        bad += falcon_mq_reduce16(t) != t % FALCON_Q;
    /* montymul(a, b) 2^16 = a b mod q; a, b over a grid with both ends */
    for (uint32_t a = 0; a < FALCON_Q; a += (a < 16 || a > FALCON_Q - 17) ? 1 : 97)
        for (uint32_t b = 0; b < FALCON_Q; b += (b < 16 || b > FALCON_Q - 17) ? 1 : 89) {
            uint32_t r = falcon_mq_montymul(a, b);
            bad += r >= FALCON_Q || (r << 16) % FALCON_Q != a * b % FALCON_Q;
        }
    printf("mq_bad %lu\n", bad);
}

static uint16_t pa[N], pb[N], pc[N];
static int16_t ps[N];

int main(void)
{
    char *line = NULL;
    size_t cap = 0;
    falcon_init();
    while (getline(&line, &cap, stdin) > 0) {
        char *save = NULL, *cmd = strtok_r(line, " \t\r\n", &save);
        if (!cmd)
            continue;
        if (!strcmp(cmd, "params")) {
            printf("params %s n=%u pk=%d sig=%d bound=%u\n", FALCON_NAME, N, FALCON_PK_BYTES,
                   FALCON_SIG_BYTES, FALCON_L2_BOUND);
        } else if (!strcmp(cmd, "verify") || !strcmp(cmd, "norm")) {
            size_t pkl, ml, sl;
            uint8_t *pk = hex_arg(&save, &pkl, "pk"), *msg = hex_arg(&save, &ml, "msg"),
                    *sig = hex_arg(&save, &sl, "sig");
            if (cmd[0] == 'v') {
                result(falcon_verify(pk, pkl, msg, ml, sig, sl));
            } else {
                if (falcon_decode_pk(pa, pk, pkl) != FALCON_OK || sl < 1 + FALCON_NONCE_BYTES ||
                    falcon_decompress(ps, sig + 1 + FALCON_NONCE_BYTES,
                                      sl - 1 - FALCON_NONCE_BYTES, 1) != FALCON_OK) {
                    fprintf(stderr, "host_test: norm: malformed pk or s2\n");
                    return 2;
                }
                printf("norm %u\n", (unsigned)falcon_norm(pa, sig + 1, msg, ml, ps));
            }
            free(pk);
            free(msg);
            free(sig);
        } else if (!strcmp(cmd, "open")) {
            size_t pkl, sml, ml = 0;
            uint8_t *pk = hex_arg(&save, &pkl, "pk"), *sm = hex_arg(&save, &sml, "sm");
            const uint8_t *m = NULL;
            int r = falcon_open(pk, pkl, sm, sml, &m, &ml);
            result(r);
            if (r == FALCON_OK)
                out_hex("msg", m, ml);
            free(pk);
            free(sm);
        } else if (!strcmp(cmd, "decode_pk")) {
            size_t pkl;
            uint8_t *pk = hex_arg(&save, &pkl, "pk");
            int r = falcon_decode_pk(pa, pk, pkl);
            result(r);
            if (r == FALCON_OK)
                out_poly_u("h", pa);
            free(pk);
        } else if (!strcmp(cmd, "decompress")) {
            size_t l;
            uint8_t *in = hex_arg(&save, &l, "bytes");
            int padded = atoi(token(&save, "padded"));
            int r = falcon_decompress(ps, in, l, padded);
            result(r);
            if (r == FALCON_OK)
                out_poly_s("s2", ps);
            free(in);
        } else if (!strcmp(cmd, "hash")) {
            size_t nl, ml;
            uint8_t *nonce = hex_arg(&save, &nl, "nonce"), *msg = hex_arg(&save, &ml, "msg");
            if (nl != FALCON_NONCE_BYTES) {
                fprintf(stderr, "host_test: hash: nonce of 40 bytes\n");
                return 2;
            }
            falcon_hash_to_point(pc, nonce, msg, ml);
            out_poly_u("c", pc);
            free(nonce);
            free(msg);
        } else if (!strcmp(cmd, "mul")) {
            poly_arg(&save, pa, "a");
            poly_arg(&save, pb, "b");
            falcon_ntt(pa);
            falcon_ntt(pb);
            falcon_ntt_mul(pc, pa, pb);
            falcon_intt(pc);
            out_poly_u("prod", pc);
        } else if (!strcmp(cmd, "roundtrip")) {
            poly_arg(&save, pa, "a");
            falcon_ntt(pa);
            falcon_intt(pa);
            out_poly_u("poly", pa);
        } else if (!strcmp(cmd, "mq")) {
            cmd_mq();
        } else {
            fprintf(stderr, "host_test: unknown command %s\n", cmd);
            return 2;
        }
        fflush(stdout);
    }
    free(line);
    return 0;
}
