# PQX SoC file list, in compile order (top: pqx_soc). Convention: a line starting with `$CORE/` is a
# file of the pinned host-core package pythondata-cpu-cv32e40x==0.6.0.post161; `$CORE` stands for
# its `system_verilog/` folder (`os.path.dirname(pythondata_cpu_cv32e40x.__file__) + "/system_verilog"`
# in .venv), to be expanded by the script that reads this list. Every other line is a path relative
# to the repository root; `-f <file list>` includes another list (rtl/pqx_top.f). `#` starts a
# comment line. No +incdir+ is needed (no core file uses
# `include). Core files follow the package's cv32e40x_manifest.flist order, without its RVFI/
# wrapper files (bhv/cv32e40x_wrapper.sv, rvfi*), plus the simulation clock gate.
#
# The host core (simulation: bhv/cv32e40x_sim_clock_gate.sv is the core's clock-gate cell, a latch;
# a synthesis flow replaces it with its own cv32e40x_clock_gate).
$CORE/rtl/include/cv32e40x_pkg.sv
$CORE/rtl/if_c_obi.sv
$CORE/rtl/if_xif.sv
$CORE/rtl/cv32e40x_if_stage.sv
$CORE/rtl/cv32e40x_csr.sv
$CORE/rtl/cv32e40x_cs_registers.sv
$CORE/rtl/cv32e40x_register_file.sv
$CORE/rtl/cv32e40x_register_file_wrapper.sv
$CORE/rtl/cv32e40x_write_buffer.sv
$CORE/rtl/cv32e40x_lsu_response_filter.sv
$CORE/rtl/cv32e40x_load_store_unit.sv
$CORE/rtl/cv32e40x_id_stage.sv
$CORE/rtl/cv32e40x_i_decoder.sv
$CORE/rtl/cv32e40x_m_decoder.sv
$CORE/rtl/cv32e40x_a_decoder.sv
$CORE/rtl/cv32e40x_b_decoder.sv
$CORE/rtl/cv32e40x_decoder.sv
$CORE/rtl/cv32e40x_compressed_decoder.sv
$CORE/rtl/cv32e40x_sequencer.sv
$CORE/rtl/cv32e40x_alignment_buffer.sv
$CORE/rtl/cv32e40x_prefetch_unit.sv
$CORE/rtl/cv32e40x_mult.sv
$CORE/rtl/cv32e40x_int_controller.sv
$CORE/rtl/cv32e40x_clic_int_controller.sv
$CORE/rtl/cv32e40x_ex_stage.sv
$CORE/rtl/cv32e40x_wb_stage.sv
$CORE/rtl/cv32e40x_div.sv
$CORE/rtl/cv32e40x_alu.sv
$CORE/rtl/cv32e40x_ff_one.sv
$CORE/rtl/cv32e40x_popcnt.sv
$CORE/rtl/cv32e40x_alu_b_cpop.sv
$CORE/rtl/cv32e40x_controller_fsm.sv
$CORE/rtl/cv32e40x_controller_bypass.sv
$CORE/rtl/cv32e40x_controller.sv
$CORE/rtl/cv32e40x_instr_obi_interface.sv
$CORE/rtl/cv32e40x_data_obi_interface.sv
$CORE/rtl/cv32e40x_prefetcher.sv
$CORE/rtl/cv32e40x_sleep_unit.sv
$CORE/rtl/cv32e40x_core.sv
$CORE/rtl/cv32e40x_mpu.sv
$CORE/rtl/cv32e40x_pma.sv
$CORE/rtl/cv32e40x_pc_target.sv
$CORE/bhv/cv32e40x_sim_clock_gate.sv
# PQX: its own file list
-f rtl/pqx_top.f
# the SoC
rtl/soc/pqx_xif_bridge.sv
rtl/soc/pqx_soc_ram.sv
rtl/soc/pqx_soc_arbiter.sv
rtl/soc/pqx_soc_sysregs.sv
rtl/soc/pqx_soc.sv
