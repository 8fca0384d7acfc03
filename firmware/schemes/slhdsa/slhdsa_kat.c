/* The SLH-DSA firmware program (SHAKE or SHA2 sets): one operation per run on the inputs the host placed in
 * `scheme_in` (protocol: firmware/schemes/scheme_io.h; host side: scripts/schemes.py).
 *   op 1 slh_keygen_internal(SK.seed, SK.prf, PK.seed)  -> sk, pk
 *   op 2 slh_sign_internal(M', SK, addrnd)               -> sig
 *   op 3 slh_sign_internal, deterministic (opt_rand = PK.seed) -> sig
 *   op 4 slh_verify_internal(M', SIG, PK)                -> ok
 *   op 5, 6, 7: ops 2, 3, 4 of HashSLH-DSA (FIPS 205 Algorithms 23, 25): the program forms
 *   M' = 1 || |ctx| || ctx || OID(PH) || PH(M) from M, ctx and PH (firmware/lib/prehash.h)
 * The host forms M' for the external pure interface (FIPS 205 Algorithms 22, 24). */
#include "slhdsa.h"
#include "pqx_rt.h"
#include "prehash.h"
#include "scheme_io.h"

/* One layout for every parameter set (sized for SLH-DSA-*-256f): verif/soc/schemes.py. */
struct slh_in {
    uint32_t op;
    uint8_t sk_seed[32], sk_prf[32], pk_seed[32], addrnd[32];
    uint32_t mlen;
    uint8_t pk[64];
    uint8_t sk[128];
    uint8_t sig[49856];
    uint8_t msg[8704];
    uint32_t ph, ctxlen;              /* ops 5-7: the pre-hash (prehash.h PH_*) and the context */
    uint8_t ctx[256];
};
struct slh_in scheme_in __attribute__((aligned(8))) = {.op = 0xFFFFFFFFu};

static uint32_t pk[SLH_PK_BYTES / 4], sk[SLH_SK_BYTES / 4], sig[SLH_SIG_BYTES / 4];
static uint32_t mprime[(PREHASH_MPRIME_MAX + 3) / 4];

int main(void)
{
    struct slh_in *in = &scheme_in;
    SCHEME_HIDE(in);
    uint32_t op = in->op, mlen = in->mlen;
    uint8_t ok = 0;
    if (mlen > sizeof in->msg) {
        pqx_puts("slhdsa: message longer than the input buffer\n");
        return 2;
    }
    scheme_stack_paint();
    uint32_t t0 = scheme_mcycle();
    const uint8_t *m = in->msg;
    if (op >= 5 && op <= 7) {           /* HashSLH-DSA: M' from M, then as ops 2-4 */
        mlen = prehash_mprime((uint8_t *)mprime, in->ph, in->ctx, in->ctxlen, in->msg, mlen);
        if (!mlen) {
            pqx_puts("slhdsa: unknown pre-hash or context over 255 bytes\n");
            return 2;
        }
        m = (const uint8_t *)mprime;
        op -= 3;
    }
    switch (op) {
    case 1:
        slh_keygen_internal((uint8_t *)sk, (uint8_t *)pk, in->sk_seed, in->sk_prf, in->pk_seed);
        break;
    case 2:
    case 3:
        slh_sign_internal((uint8_t *)sig, m, mlen, in->sk, op == 2 ? in->addrnd : 0);
        break;
    case 4:
        ok = (uint8_t)slh_verify_internal(m, mlen, in->sig, in->pk);
        break;
    default:
        pqx_puts("slhdsa: no such operation (scheme_in.op)\n");
        return 2;
    }
    uint32_t t1 = scheme_mcycle();
    uint32_t stack = scheme_stack_used();
    scheme_zeroize(stack);
    if (op == 1) {
        pqx_out("sk", sk, SLH_SK_BYTES);
        pqx_out("pk", pk, SLH_PK_BYTES);
    } else if (op <= 3) {
        pqx_out("sig", sig, SLH_SIG_BYTES);
    } else {
        pqx_out("ok", &ok, 1);
    }
    scheme_report("cycles", t1 - t0);
    scheme_report("public", 0);
    scheme_report("stack", stack);
    scheme_wipe(pk, sizeof pk);
    scheme_wipe(sk, sizeof sk);
    scheme_wipe(sig, sizeof sig);
    scheme_wipe(mprime, sizeof mprime);
    scheme_wipe(in, sizeof *in);
    return 0;
}
