// Fast path of `make run`: a plain Verilator C++ main around pqx_soc_tb, no Python per cycle.
//
//   Vpqx_soc_tb +fw=<image.hex> [+max_cycles=N] [+trace=<path without extension>]
//               [+power=<file>]     (the leakage build, PQX_POWER: scripts/tvla.py)
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
#include <vector>

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

#ifdef PQX_POWER
#include "verilated_syms.h"

// The power proxy of the leakage build: per cycle of a trace (the bench's mark_o non-zero), the
// Hamming distance between this cycle's and the last cycle's value of every register of PQX (the
// public `_q` signals of verif/soc/power.vlt), summed per unit: the first scope below u_pqx
// (state, keccak, ...; "top" for pqx_top's own registers). Output (a file or a pipe): a text line
// "units <name> ...", then per trace, when it ends, {0xFFFFFFFF, class, cycles} and per cycle one
// value per unit and the PQX op code executing (the bench's pqx_op_o), all little-endian uint32.
class PowerProbe {
  public:
    PowerProbe(const char* path, const std::string& prefix) : out_(std::fopen(path, "wb")) {
        if (!out_) { std::fprintf(stderr, "sim: cannot write %s\n", path); std::exit(4); }
        for (const auto& it : *Verilated::scopeNameMap()) {
            const std::string scope = it.first;
            if (scope.compare(0, prefix.size(), prefix) != 0) continue;
            // the first instance below u_pqx names the unit ("", ".u_state", ".u_poly.u_mem");
            // pqx_top's own registers, generate blocks and assertion scopes are "top"
            const std::string rest = scope.substr(prefix.size());
            std::string unit = rest.empty() ? "" : rest.substr(1, rest.find('.', 1) - 1);
            unit = unit.compare(0, 2, "u_") == 0 ? unit.substr(2) : "top";
            if (!it.second->varsp() || it.second->varsp()->empty()) continue;
            const size_t u = unit_index(unit);
            for (const auto& v : *it.second->varsp()) {
                vars_.push_back({u, static_cast<const uint8_t*>(v.second.datap()), v.second.totalSize(),
                                 prev_.size()});
                prev_.resize(prev_.size() + v.second.totalSize());
            }
        }
        std::string header = "units";
        for (const auto& n : units_) header += " " + n;
        std::fprintf(out_, "%s\n", header.c_str());
        std::fprintf(stderr, "sim: power probe: %zu registers, %zu bytes, %zu units\n", vars_.size(),
                     prev_.size(), units_.size());
    }
    ~PowerProbe() {
        if (tracing_) flush();
        std::fclose(out_);
    }

    void cycle(uint32_t mark, uint32_t op) {
        if (mark == 0) {
            if (tracing_) flush();
            return;
        }
        if (!tracing_) {                        // a trace starts: its first cycle is the reference
            tracing_ = true;
            class_ = mark;
            buf_.clear();
            for (const auto& v : vars_) std::memcpy(&prev_[v.off], v.data, v.size);
            return;
        }
        const size_t at = buf_.size();
        buf_.resize(at + units_.size() + 1, 0u);
        uint32_t* hd = &buf_[at];
        for (const auto& v : vars_) {           // 8 bytes at a time, then the rest
            uint8_t* p = &prev_[v.off];
            size_t k = 0;
            for (; k + 8 <= v.size; k += 8) {
                uint64_t a, b;
                std::memcpy(&a, p + k, 8);
                std::memcpy(&b, v.data + k, 8);
                hd[v.unit] += static_cast<uint32_t>(__builtin_popcountll(a ^ b));
            }
            for (; k < v.size; ++k)
                hd[v.unit] += static_cast<uint32_t>(__builtin_popcount(p[k] ^ v.data[k]));
            std::memcpy(p, v.data, v.size);
        }
        hd[units_.size()] = op;
    }

    void flush() {
        tracing_ = false;
        const uint32_t rec[3] = {0xFFFFFFFFu, class_,
                                 static_cast<uint32_t>(buf_.size() / (units_.size() + 1))};
        std::fwrite(rec, sizeof rec, 1, out_);
        std::fwrite(buf_.data(), sizeof(uint32_t), buf_.size(), out_);
        std::fflush(out_);
    }

  private:
    struct Var { size_t unit; const uint8_t* data; size_t size; size_t off; };
    size_t unit_index(const std::string& name) {
        for (size_t k = 0; k < units_.size(); ++k)
            if (units_[k] == name) return k;
        units_.push_back(name);
        return units_.size() - 1;
    }
    std::FILE* out_;
    std::vector<std::string> units_;
    std::vector<Var> vars_;
    std::vector<uint8_t> prev_;
    std::vector<uint32_t> buf_;                 // the running trace
    uint32_t class_ = 0;
    bool tracing_ = false;
};
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

#ifdef PQX_POWER
    std::unique_ptr<PowerProbe> power;
    if (const char* arg = ctx->commandArgsPlusMatch("power="); *arg)
        power = std::make_unique<PowerProbe>(std::strchr(arg, '=') + 1, "TOP.pqx_soc_tb.u_soc.u_pqx");
#endif

    int status = 3;
    uint64_t cycle = 0;
    for (; cycle < max_cycles; ++cycle) {
        top->clk_i = 1;
        top->eval();
        dump();
        // the system-register outputs are flops: read after the rising edge
#ifdef PQX_POWER
        if (power) power->cycle(top->mark_o, top->pqx_op_o);
#endif
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
