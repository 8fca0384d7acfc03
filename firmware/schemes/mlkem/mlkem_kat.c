/* The ML-KEM firmware program: one operation per run on the inputs the host placed in
 * `scheme_in` (protocol: firmware/schemes/scheme_io.h; host side: scripts/schemes.py).
 *   op 1 KeyGen_internal(d, z)   -> ek, dk
 *   op 2 Encaps_internal(ek, m)  -> c, k
 *   op 3 Decaps_internal(dk, c)  -> k
 *   op 4 encapsulation key check (ek)  -> ok (01 passed, 00 failed)
 *   op 5 decapsulation key check (dk)  -> ok */
#include "mlkem.h"
#include "pqx_rt.h"
#include "scheme_io.h"

/* One layout for every parameter set (sized for ML-KEM-1024): verif/soc/schemes.py MLKEM_IN. */
struct mlkem_in {
    uint32_t op;
    uint8_t d[32], z[32], m[32];
    uint8_t ek[1568];
    uint8_t dk[3168];
    uint8_t c[1568];
};
struct mlkem_in scheme_in __attribute__((aligned(8))) = {.op = 0xFFFFFFFFu};

static uint32_t ek[MLKEM_EK_BYTES / 4], dk[MLKEM_DK_BYTES / 4], ct[MLKEM_CT_BYTES / 4], key[8];

int main(void)
{
    struct mlkem_in *in = &scheme_in;
    SCHEME_HIDE(in);
    uint32_t op = in->op;
    uint8_t ok = 0;
    scheme_stack_paint();
    mlkem_public_cycles = 0;
    uint32_t t0 = scheme_mcycle();
    switch (op) {
    case 1:
        mlkem_keygen_internal((uint8_t *)ek, (uint8_t *)dk, in->d, in->z);
        break;
    case 2:
        mlkem_encaps_internal((uint8_t *)key, (uint8_t *)ct, in->ek, in->m);
        break;
    case 3:
        mlkem_decaps_internal((uint8_t *)key, in->dk, in->c);
        break;
    case 4:
        ok = (uint8_t)mlkem_check_ek(in->ek);
        break;
    case 5:
        ok = (uint8_t)mlkem_check_dk(in->dk);
        break;
    default:
        pqx_puts("mlkem: no such operation (scheme_in.op)\n");
        return 2;
    }
    uint32_t t1 = scheme_mcycle();
    uint32_t stack = scheme_stack_used();
    scheme_zeroize(stack);
    if (op == 1) {
        pqx_out("ek", ek, MLKEM_EK_BYTES);
        pqx_out("dk", dk, MLKEM_DK_BYTES);
    } else if (op == 2) {
        pqx_out("c", ct, MLKEM_CT_BYTES);
        pqx_out("k", key, 32);
    } else if (op == 3) {
        pqx_out("k", key, 32);
    } else {
        pqx_out("ok", &ok, 1);
    }
    scheme_report("cycles", t1 - t0);
    scheme_report("public", mlkem_public_cycles);
    scheme_report("stack", stack);
    scheme_wipe(ek, sizeof ek);
    scheme_wipe(dk, sizeof dk);
    scheme_wipe(ct, sizeof ct);
    scheme_wipe(key, sizeof key);
    scheme_wipe(in, sizeof *in);
    return 0;
}
