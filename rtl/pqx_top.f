rtl/pqx_pkg.sv
rtl/pqx_decoder.sv
rtl/pqx_inflight.sv
rtl/state/pqx_state_unit.sv
rtl/pqx_top.sv
