/* The native (host) harnesses' input and output (firmware/schemes/<scheme>/host_test.c): not
 * part of any SoC program. Commands come on stdin, one per line, whitespace-separated tokens;
 * byte strings in hex ("-" for an empty one). Outputs are "<name> <hex>" lines. Bad input is
 * one line on stderr and exit status 2. */
#ifndef PQX_HOST_IO_H
#define PQX_HOST_IO_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HOST_IO_FN __attribute__((unused)) static   /* a harness needs only some of them */

HOST_IO_FN int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

HOST_IO_FN char *token(char **save, const char *what)
{
    char *tok = strtok_r(NULL, " \t\r\n", save);
    if (!tok) {
        fprintf(stderr, "host_test: missing %s\n", what);
        exit(2);
    }
    return tok;
}

/* the next hex token into a malloc'd buffer (its length in *len); "-" is empty */
HOST_IO_FN uint8_t *hex_arg(char **save, size_t *len, const char *what)
{
    char *tok = token(save, what);
    size_t n = strcmp(tok, "-") ? strlen(tok) : 0;
    if (n % 2) {
        fprintf(stderr, "host_test: %s: odd hex length\n", what);
        exit(2);
    }
    uint8_t *out = malloc(n / 2 + 1);
    for (size_t i = 0; i < n / 2; i++) {
        int hi = hexval(tok[2 * i]), lo = hexval(tok[2 * i + 1]);
        if (hi < 0 || lo < 0) {
            fprintf(stderr, "host_test: %s: not hex\n", what);
            exit(2);
        }
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    *len = n / 2;
    return out;
}

/* the next hex token into out: exactly n bytes */
HOST_IO_FN void hex_exact(char **save, uint8_t *out, size_t n, const char *what)
{
    size_t len;
    uint8_t *b = hex_arg(save, &len, what);
    if (len != n) {
        fprintf(stderr, "host_test: %s: want %zu hex bytes, got %zu\n", what, n, len);
        exit(2);
    }
    memcpy(out, b, n);
    free(b);
}

HOST_IO_FN void out_hex(const char *name, const uint8_t *p, size_t n)
{
    printf("%s ", name);
    if (!n)
        putchar('-');
    for (size_t i = 0; i < n; i++)
        printf("%02x", p[i]);
    putchar('\n');
}

#endif /* PQX_HOST_IO_H */
