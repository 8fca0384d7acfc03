rtl/pqx_pkg.sv
rtl/pqx_decoder.sv
rtl/pqx_inflight.sv
rtl/state/pqx_state_unit.sv
rtl/keccak/pqx_keccak_round.sv
rtl/keccak/pqx_keccak_engine.sv
rtl/slhdsa/pqx_slhdsa_unit.sv
rtl/pqx_top.sv
