/* The Falcon firmware program: one verification per run on the inputs the host placed in
 * `scheme_in` (protocol: firmware/schemes/scheme_io.h; the host side is verif/soc/schemes.py's
 * FALCON_IN). Operations:
 *   op 1 Verify(pk, msg, sig)   the specification's detached signature (0x30 + logn, r, s2
 *                               padded to sbytelen)                     -> ok, reason
 *   op 2 Open(pk, sm)           the NIST API signed message of the KAT .rsp files, in msg[]
 *                               (mlen = smlen)                           -> ok, reason
 * ok 1 = accepted, 0 = rejected; reason = the verdict's name (falcon_result_names, the model's
 * spelling: "ok", "norm", "enc_trailing", ...), so the host compares it with the model's.
 * Build: -DFALCON_LOGN=9|10 -DPQX_KERNEL=0|1 with falcon.c and falcon_kernels.c. */
#include "falcon.h"
#include "pqx_rt.h"
#include "scheme_io.h"

/* One layout for both parameter sets (sized for Falcon-1024; fields whole words; the host's copy
 * is FALCON_IN in verif/soc/schemes.py). pk is 897 / 1793 bytes, sig 666 / 1280; msg up to 8192
 * bytes (the KAT's largest signed message is 3300 + 42 + about 660). */
#define FALCON_IN_MSG 8192
struct falcon_in {
    uint32_t op;
    uint32_t mlen, siglen;
    uint8_t pk[1796];
    uint8_t sig[1280];
    uint8_t msg[FALCON_IN_MSG];
};
struct falcon_in scheme_in __attribute__((aligned(8))) = {.op = 0xFFFFFFFFu};

#if FALCON_PK_BYTES > 1796 || FALCON_SIG_BYTES > 1280
#error "scheme_in is too small for this parameter set"
#endif

int main(void)
{
    struct falcon_in *in = &scheme_in;
    SCHEME_HIDE(in);
    uint32_t op = in->op;
    size_t mlen = in->mlen <= FALCON_IN_MSG ? in->mlen : FALCON_IN_MSG;
    size_t siglen = in->siglen <= sizeof in->sig ? in->siglen : sizeof in->sig;
    falcon_init();                  /* the twiddle and Keccak tables, outside the measured region */
    scheme_stack_paint();
    int r;
    uint32_t t0 = scheme_mcycle();
    switch (op) {
    case 1:
        r = falcon_verify(in->pk, FALCON_PK_BYTES, in->msg, mlen, in->sig, siglen);
        break;
    case 2:
        r = falcon_open(in->pk, FALCON_PK_BYTES, in->msg, mlen, 0, 0);
        break;
    default:
        pqx_puts("falcon: no such operation (scheme_in.op)\n");
        return 2;
    }
    uint32_t t1 = scheme_mcycle();
    uint32_t stack = scheme_stack_used();
    scheme_zeroize(stack);
    uint8_t ok = r == FALCON_OK;
    const char *why = falcon_result_names[r];
    size_t wlen = 0;
    while (why[wlen])
        wlen++;
    pqx_out("ok", &ok, 1);
    pqx_out("reason", why, wlen);
    scheme_report("cycles", t1 - t0);
    scheme_report("public", t1 - t0);     /* everything in verification is public */
    scheme_report("stack", stack);
    scheme_wipe(in, sizeof *in);
    return 0;
}
