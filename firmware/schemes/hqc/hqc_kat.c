/* The HQC firmware program: one operation per run on the inputs the host placed in `scheme_in`
 * (protocol: firmware/schemes/scheme_io.h; the host side is verif/soc/schemes.py's HQC_IN). The
 * randomness is the host's, as for ML-KEM:
 *   op 1 KeyGen(seed_KEM)        -> ek, dk
 *   op 2 Encaps(ek, m, salt)     -> c, k
 *   op 3 Decaps(dk, c)           -> k
 * Build: -DHQC_SET=1|3|5 -DPQX_KERNEL=0 with hqc.c and hqc_kernels.c. */
#include "hqc.h"
#include "pqx_rt.h"
#include "scheme_io.h"

/* One layout for every parameter set (sized for HQC-5; fields rounded up to whole words so that
 * each starts 4-byte aligned, as the PQX sponge will want; m is k = 16 / 24 / 32 bytes, the
 * firmware reads the first k). */
struct hqc_in {
    uint32_t op;
    uint8_t seed_kem[32], m[32], salt[16];
    uint8_t ek[7240];
    uint8_t dk[7336];
    uint8_t c[14424];
};
struct hqc_in scheme_in __attribute__((aligned(8))) = {.op = 0xFFFFFFFFu};

#if HQC_EK_BYTES > 7240 || HQC_DK_BYTES > 7336 || HQC_CT_BYTES > 14424 || HQC_K > 32
#error "scheme_in is too small for this parameter set"
#endif

static uint32_t ek[(HQC_EK_BYTES + 3) / 4], dk[(HQC_DK_BYTES + 3) / 4], ct[(HQC_CT_BYTES + 3) / 4],
    key[8];

int main(void)
{
    struct hqc_in *in = &scheme_in;
    SCHEME_HIDE(in);
    uint32_t op = in->op;
    hqc_init();                     /* the public tables, outside the measured region */
    scheme_stack_paint();
    hqc_sampler_cycles = 0;
    uint32_t t0 = scheme_mcycle();
    switch (op) {
    case 1:
        hqc_keygen((uint8_t *)ek, (uint8_t *)dk, in->seed_kem);
        break;
    case 2:
        hqc_encaps((uint8_t *)ct, (uint8_t *)key, in->ek, in->m, in->salt);
        break;
    case 3:
        hqc_decaps((uint8_t *)key, in->dk, in->c);
        break;
    default:
        pqx_puts("hqc: no such operation (scheme_in.op)\n");
        return 2;
    }
    uint32_t t1 = scheme_mcycle();
    uint32_t stack = scheme_stack_used();
    scheme_zeroize(stack);
    if (op == 1) {
        pqx_out("ek", ek, HQC_EK_BYTES);
        pqx_out("dk", dk, HQC_DK_BYTES);
    } else if (op == 2) {
        pqx_out("c", ct, HQC_CT_BYTES);
        pqx_out("k", key, 32);
    } else {
        pqx_out("k", key, 32);
    }
    scheme_report("cycles", t1 - t0);
    scheme_report("public", 0);
    /* the rejection sampler's share (data-dependent, per key: its accept bits are declassified);
     * the cycle table's constant-time figure leaves it out */
    scheme_report("sampler", hqc_sampler_cycles);
    scheme_report("stack", stack);
    scheme_wipe(ek, sizeof ek);
    scheme_wipe(dk, sizeof dk);
    scheme_wipe(ct, sizeof ct);
    scheme_wipe(key, sizeof key);
    scheme_wipe(in, sizeof *in);
    return 0;
}
