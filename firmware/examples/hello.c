/* The smallest PQX firmware: print a line and exit 0. `make run FW=firmware/examples/hello.c` */
#include "pqx_rt.h"

int main(void)
{
    pqx_puts("hello from PQX firmware\n");
    return 0;
}
