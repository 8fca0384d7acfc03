/* PQX firmware runtime (see pqx_rt.h). Freestanding C11, built with -ffreestanding (which
 * implies -fno-builtin), so the byte loops below are not turned back into calls to themselves. */
#include "pqx_rt.h"

#define SYSREG(addr) (*(volatile uint32_t *)(uintptr_t)(addr))

void pqx_putc(char c)
{
    SYSREG(PQX_SYSREG_PUTC) = (uint8_t)c;
}

void pqx_puts(const char *s)
{
    while (*s)
        pqx_putc(*s++);
}

void pqx_puthex(uint32_t v)
{
    static const char digits[] = "0123456789abcdef";
    pqx_putc('0');
    pqx_putc('x');
    for (int shift = 28; shift >= 0; shift -= 4)
        pqx_putc(digits[(v >> shift) & 0xF]);
}

static int check_failures;

void pqx_check(const char *what, uint32_t got, uint32_t want)
{
    if (got != want) {
        pqx_puts(what);
        pqx_puts(": got ");
        pqx_puthex(got);
        pqx_puts(", want ");
        pqx_puthex(want);
        pqx_putc('\n');
        check_failures++;
    }
}

int pqx_check_failures(void)
{
    return check_failures;
}

/* By repeated subtraction of powers of ten: no division, so no multi-cycle `divu` in EX
 * (docs/soc.md, erratum 2) and no libgcc helper needed. */
void pqx_putdec(uint32_t v)
{
    static const uint32_t pow10[] = {
        1000000000u, 100000000u, 10000000u, 1000000u, 100000u, 10000u, 1000u, 100u, 10u, 1u,
    };
    int started = 0;
    for (unsigned i = 0; i < sizeof pow10 / sizeof pow10[0]; i++) {
        char d = '0';
        while (v >= pow10[i]) {
            v -= pow10[i];
            d++;
        }
        if (d != '0' || started || pow10[i] == 1u) {
            pqx_putc(d);
            started = 1;
        }
    }
}

void pqx_out(const char *tag, const void *p, size_t n)
{
    static const char hex[] = "0123456789abcdef";
    const uint8_t *b = (const uint8_t *)p;
    for (size_t i = 0; i < n; i++) {
        if (i % 64 == 0) {
            if (i)
                pqx_putc('\n');
            pqx_puts(tag);
            pqx_putc(' ');
        }
        pqx_putc(hex[b[i] >> 4]);
        pqx_putc(hex[b[i] & 15]);
    }
    if (n)
        pqx_putc('\n');
}

uint32_t pqx_exc_count(void)
{
    return SYSREG(PQX_SYSREG_PQX_EXC);
}

void pqx_exc_clear(void)
{
    SYSREG(PQX_SYSREG_PQX_EXC) = 0;
}

uint32_t pqx_cycles(void)
{
    uint32_t v;
    __asm__ volatile("csrr %0, mcycle" : "=r"(v));
    return v;
}

uint32_t pqx_instret(void)
{
    uint32_t v;
    __asm__ volatile("csrr %0, minstret" : "=r"(v));
    return v;
}

void pqx_exit(int code)
{
    uint32_t cycles = pqx_cycles();
    uint32_t instret = pqx_instret();
    SYSREG(PQX_SYSREG_CYCLES) = cycles;
    SYSREG(PQX_SYSREG_INSTRET) = instret;
    SYSREG(PQX_SYSREG_EXIT) = (uint32_t)code;
    for (;;) {
    }
}

/* Word by word when both pointers are 4-byte aligned (the schemes copy kilobytes of keys and
 * ciphertexts), the rest byte by byte. */
void *memcpy(void *restrict dst, const void *restrict src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    if ((((uintptr_t)d | (uintptr_t)s) & 3u) == 0) {
        for (; n >= 16; n -= 16, d += 16, s += 16) {
            uint32_t a = ((const uint32_t *)s)[0], b = ((const uint32_t *)s)[1];
            uint32_t c = ((const uint32_t *)s)[2], e = ((const uint32_t *)s)[3];
            ((uint32_t *)d)[0] = a;
            ((uint32_t *)d)[1] = b;
            ((uint32_t *)d)[2] = c;
            ((uint32_t *)d)[3] = e;
        }
        for (; n >= 4; n -= 4, d += 4, s += 4)
            *(uint32_t *)d = *(const uint32_t *)s;
    }
    while (n--)
        *d++ = *s++;
    return dst;
}

void *memmove(void *dst, const void *src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    if (d < s) {
        while (n--)
            *d++ = *s++;
    } else if (d > s) {
        while (n--)
            d[n] = s[n];
    }
    return dst;
}

void *memset(void *dst, int c, size_t n)
{
    unsigned char *d = dst;
    while (n--)
        *d++ = (unsigned char)c;
    return dst;
}

int memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *p = a, *q = b;
    for (; n; n--, p++, q++) {
        if (*p != *q)
            return *p - *q;
    }
    return 0;
}
