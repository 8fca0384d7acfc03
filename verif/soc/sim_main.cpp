// Fast path of `make run`: a plain Verilator C++ main around pqx_soc_tb, no Python per cycle.
//
//   Vpqx_soc_tb +fw=<image.hex> [+max_cycles=N] [+trace=<path without extension>]
//
// Resets the SoC (rst_ni high, then low for a few cycles: the core's flops reset on the falling
// edge), then clocks it until the firmware writes the EXIT or TRAP system register or N cycles
// pass. The program's characters (PUTC) go to stdout as they come. The last line is one of
//   exit <code>, <cycles> cycles, <instret> instructions
//   trap: mcause 0x..., mepc 0x..., mtval 0x...
//   timeout: no exit after <N> cycles
// where cycles and instret are the core's mcycle/minstret as the firmware's exit routine wrote them.
// Exit status: 0 for `exit 0`, 1 for another exit code, 2 for a trap, 3 for a timeout.
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

#include <string>

#include "Vpqx_soc_tb.h"
#include "verilated.h"
#if VM_TRACE_FST
#include "verilated_fst_c.h"
using Trace = VerilatedFstC;
static const char* const kTraceExt = ".fst";
#elif VM_TRACE
#include "verilated_vcd_c.h"
using Trace = VerilatedVcdC;
static const char* const kTraceExt = ".vcd";
#endif

int main(int argc, char** argv) {
    auto ctx = std::make_unique<VerilatedContext>();
    ctx->commandArgs(argc, argv);
    uint64_t max_cycles = 50000000;
    // commandArgsPlusMatch gives "+name=value", or "" when the argument is absent
    if (const char* arg = ctx->commandArgsPlusMatch("max_cycles="); *arg) {
        max_cycles = std::strtoull(std::strchr(arg, '=') + 1, nullptr, 10);
    }
    auto top = std::make_unique<Vpqx_soc_tb>(ctx.get());
#if VM_TRACE
    std::unique_ptr<Trace> trace;
    if (const char* arg = ctx->commandArgsPlusMatch("trace="); *arg) {
        ctx->traceEverOn(true);
        trace = std::make_unique<Trace>();
        top->trace(trace.get(), 99);
        const std::string path = std::string(std::strchr(arg, '=') + 1) + kTraceExt;
        trace->open(path.c_str());
        std::fprintf(stderr, "sim: waveform: %s\n", path.c_str());
    }
    uint64_t half = 0;
    auto dump = [&]() { if (trace) trace->dump(half++ * 5); };
#else
    auto dump = []() {};
#endif

    top->clk_i = 0;
    top->rst_ni = 1;
    top->eval();
    top->rst_ni = 0;              // falling edge: the core resets asynchronously
    for (int k = 0; k < 4; ++k) {
        top->clk_i = 1; top->eval();
        top->clk_i = 0; top->eval();
    }
    top->rst_ni = 1;
    top->eval();

    int status = 3;
    uint64_t cycle = 0;
    for (; cycle < max_cycles; ++cycle) {
        top->clk_i = 1;
        top->eval();
        dump();
        // the system-register outputs are flops: read after the rising edge
        if (top->putc_valid_o) std::putchar(top->putc_char_o);
        if (top->exit_valid_o) {
            std::fflush(stdout);
            std::printf("exit %" PRId32 ", %" PRIu32 " cycles, %" PRIu32 " instructions\n",
                        static_cast<int32_t>(top->exit_code_o), top->report_cycles_o,
                        top->report_instret_o);
            status = top->exit_code_o == 0 ? 0 : 1;
            break;
        }
        if (top->trap_valid_o) {
            std::fflush(stdout);
            std::printf("trap: mcause 0x%08" PRIx32 ", mepc 0x%08" PRIx32 ", mtval 0x%08" PRIx32 "\n",
                        top->trap_cause_o, top->trap_epc_o, top->trap_tval_o);
            status = 2;
            break;
        }
        top->clk_i = 0;
        top->eval();
        dump();
    }
    if (status == 3) {
        std::fflush(stdout);
        std::printf("timeout: no exit after %" PRIu64 " cycles\n", max_cycles);
    }
    std::fflush(stdout);
    top->final();
#if VM_TRACE
    if (trace) trace->close();
#endif
    return status;
}
