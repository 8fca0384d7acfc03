/* Native (host) harness of the SLH-DSA firmware: not part of the SoC program. Built with the
 * host's gcc together with slhdsa.c and slhdsa_kernels.c (PQX_KERNEL=0), one binary per parameter
 * set (-DSLH_SET=1..6 -DSLH_SHA2=0|1), by scripts/test_slhdsa_native.py, which compares every
 * output with the slh-dsa package and the project's FIPS 205 model.
 *
 * Reads commands from stdin, one per line, byte strings in hex (firmware/schemes/host_io.h):
 *   params                                   -> params n= pk= sk= sig=
 *   keygen <sk_seed> <sk_prf> <pk_seed>      -> sk, pk          (slh_keygen_internal)
 *   sign <sk> <msg> <addrnd | ->             -> sig             (slh_sign_internal; "-": deterministic)
 *   verify <pk> <msg> <sig>                  -> ok 1 | ok 0     (slh_verify_internal)
 *   mprime <ph> <ctx> <msg>                  -> mprime          (HashSLH-DSA's M', firmware/lib/prehash.h;
 *                                                               ph decimal, "-" for an empty ctx or msg) */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../host_io.h"
#include "prehash.h"
#include "slhdsa.h"

static uint32_t sk[SLH_SK_BYTES / 4], pk[SLH_PK_BYTES / 4], sig[SLH_SIG_BYTES / 4];

int main(void)
{
    static char line[1 << 20];
    while (fgets(line, sizeof line, stdin)) {
        char *save = NULL, *cmd = strtok_r(line, " \t\r\n", &save);
        if (!cmd)
            continue;
        if (!strcmp(cmd, "params")) {
            printf("params n=%d pk=%d sk=%d sig=%d\n", SLH_N, SLH_PK_BYTES, SLH_SK_BYTES, SLH_SIG_BYTES);
        } else if (!strcmp(cmd, "keygen")) {
            uint32_t seeds[3][SLH_N / 4];
            hex_exact(&save, (uint8_t *)seeds[0], SLH_N, "sk_seed");
            hex_exact(&save, (uint8_t *)seeds[1], SLH_N, "sk_prf");
            hex_exact(&save, (uint8_t *)seeds[2], SLH_N, "pk_seed");
            slh_keygen_internal((uint8_t *)sk, (uint8_t *)pk, (uint8_t *)seeds[0], (uint8_t *)seeds[1],
                                (uint8_t *)seeds[2]);
            out_hex("sk", (uint8_t *)sk, SLH_SK_BYTES);
            out_hex("pk", (uint8_t *)pk, SLH_PK_BYTES);
        } else if (!strcmp(cmd, "sign")) {
            size_t mlen, rlen;
            uint32_t addrnd[SLH_N / 4];
            hex_exact(&save, (uint8_t *)sk, SLH_SK_BYTES, "sk");
            uint8_t *msg = hex_arg(&save, &mlen, "msg");
            uint8_t *r = hex_arg(&save, &rlen, "addrnd");
            if (rlen && rlen != SLH_N) {
                fprintf(stderr, "host_test: addrnd: want %d hex bytes or -\n", SLH_N);
                exit(2);
            }
            memcpy(addrnd, r, rlen);
            slh_sign_internal((uint8_t *)sig, msg, (uint32_t)mlen, (uint8_t *)sk,
                              rlen ? (uint8_t *)addrnd : NULL);
            out_hex("sig", (uint8_t *)sig, SLH_SIG_BYTES);
            free(msg);
            free(r);
        } else if (!strcmp(cmd, "verify")) {
            size_t mlen;
            hex_exact(&save, (uint8_t *)pk, SLH_PK_BYTES, "pk");
            uint8_t *msg = hex_arg(&save, &mlen, "msg");
            hex_exact(&save, (uint8_t *)sig, SLH_SIG_BYTES, "sig");
            printf("ok %d\n", slh_verify_internal(msg, (uint32_t)mlen, (uint8_t *)sig, (uint8_t *)pk));
            free(msg);
        } else if (!strcmp(cmd, "mprime")) {
            static uint32_t mw[8704 / 4], out[(PREHASH_MPRIME_MAX + 3) / 4];
            size_t ctxlen, mlen;
            uint32_t ph = (uint32_t)strtoul(token(&save, "ph"), NULL, 10);
            uint8_t *ctx = hex_arg(&save, &ctxlen, "ctx"), *msg = hex_arg(&save, &mlen, "msg");
            if (mlen > sizeof mw) {
                fprintf(stderr, "host_test: msg: at most %zu bytes\n", sizeof mw);
                exit(2);
            }
            memcpy(mw, msg, mlen);                       /* word-aligned, as on the SoC */
            uint32_t n = prehash_mprime((uint8_t *)out, ph, ctx, (uint32_t)ctxlen, (uint8_t *)mw, (uint32_t)mlen);
            out_hex("mprime", (uint8_t *)out, n);
            free(ctx);
            free(msg);
        } else {
            fprintf(stderr, "host_test: unknown command %s\n", cmd);
            return 2;
        }
        fflush(stdout);
    }
    return 0;
}
