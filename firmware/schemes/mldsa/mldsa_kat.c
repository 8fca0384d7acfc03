/* The ML-DSA firmware program: one operation per run on the inputs the host placed in
 * `scheme_in` (protocol: firmware/schemes/scheme_io.h; host side: scripts/schemes.py).
 *   op 1 KeyGen_internal(xi)                 -> pk, sk
 *   op 2 Sign_internal(sk, M', rnd)          -> sig
 *   op 3 Sign_internal with mu given         -> sig
 *   op 4 Verify_internal(pk, M', sig)        -> ok (01 valid, 00 not)
 *   op 5 Verify_internal with mu given       -> ok
 *   op 6, 7: ops 2, 4 of HashML-DSA (FIPS 204 Algorithms 4, 5): the program forms
 *   M' = 1 || |ctx| || ctx || OID(PH) || PH(M) from M, ctx and PH (firmware/lib/prehash.h)
 * The host forms M' for the external pure interface (FIPS 204 Algorithms 2, 3:
 * 0 || |ctx| || ctx || M). Also printed for signing: `attempts` (the loop's iterations), `setup`
 * (the cycles before the loop, from the operation's start), `last` (the cycles of the last,
 * successful attempt, to the operation's end), `ct_setup` and `ct_mask` (cycles of steps that must
 * not depend on the secrets: mldsa.h). */
#include "mldsa.h"
#include "pqx_rt.h"
#include "prehash.h"
#include "scheme_io.h"

/* One layout for every parameter set (sized for ML-DSA-87): verif/soc/schemes.py MLDSA_IN. */
struct mldsa_in {
    uint32_t op;
    uint8_t xi[32], rnd[32], mu[64];
    uint32_t mlen;
    uint8_t pk[2592];
    uint8_t sk[4896];
    uint8_t sig[4628];
    uint8_t msg[8704];
    uint32_t ph, ctxlen;              /* ops 6, 7: the pre-hash (prehash.h PH_*) and the context */
    uint8_t ctx[256];
};
struct mldsa_in scheme_in __attribute__((aligned(8))) = {.op = 0xFFFFFFFFu};

static uint32_t pk[MLDSA_PK_BYTES / 4], sk[MLDSA_SK_BYTES / 4], sig[(MLDSA_SIG_BYTES + 3) / 4];
static uint32_t mprime[(PREHASH_MPRIME_MAX + 3) / 4];

int main(void)
{
    struct mldsa_in *in = &scheme_in;
    SCHEME_HIDE(in);
    uint32_t op = in->op, mlen = in->mlen;
    uint8_t ok = 0;
    if (mlen > sizeof in->msg) {
        pqx_puts("mldsa: message longer than the input buffer\n");
        return 2;
    }
    scheme_stack_paint();
    mldsa_public_cycles = 0;
    uint32_t t0 = scheme_mcycle();
    const uint8_t *m = in->msg;
    if (op == 6 || op == 7) {           /* HashML-DSA: M' from M, then as ops 2 and 4 */
        mlen = prehash_mprime((uint8_t *)mprime, in->ph, in->ctx, in->ctxlen, in->msg, mlen);
        if (!mlen) {
            pqx_puts("mldsa: unknown pre-hash or context over 255 bytes\n");
            return 2;
        }
        m = (const uint8_t *)mprime;
        op = op == 6 ? 2 : 4;
    }
    switch (op) {
    case 1:
        mldsa_keygen_internal((uint8_t *)pk, (uint8_t *)sk, in->xi);
        break;
    case 2:
    case 3:
        mldsa_sign_internal((uint8_t *)sig, in->sk, m, mlen, op == 3 ? in->mu : 0, in->rnd);
        break;
    case 4:
    case 5:
        ok = (uint8_t)mldsa_verify_internal(in->pk, m, mlen, op == 5 ? in->mu : 0, in->sig);
        break;
    default:
        pqx_puts("mldsa: no such operation (scheme_in.op)\n");
        return 2;
    }
    uint32_t t1 = scheme_mcycle();
    uint32_t stack = scheme_stack_used();
    scheme_zeroize(stack);
    if (op == 1) {
        pqx_out("pk", pk, MLDSA_PK_BYTES);
        pqx_out("sk", sk, MLDSA_SK_BYTES);
    } else if (op <= 3) {
        pqx_out("sig", sig, MLDSA_SIG_BYTES);
        scheme_report("attempts", mldsa_sign_attempts);
        scheme_report("setup", mldsa_loop_start - t0);
        scheme_report("last", t1 - mldsa_last_attempt_start);
        scheme_report("ct_setup", mldsa_ct_setup);
        scheme_report("ct_mask", mldsa_ct_mask);
    } else {
        pqx_out("ok", &ok, 1);
    }
    scheme_report("cycles", t1 - t0);
    scheme_report("public", mldsa_public_cycles);
    scheme_report("stack", stack);
    scheme_wipe(pk, sizeof pk);
    scheme_wipe(sk, sizeof sk);
    scheme_wipe(sig, sizeof sig);
    scheme_wipe(mprime, sizeof mprime);
    scheme_wipe(in, sizeof *in);
    return 0;
}
