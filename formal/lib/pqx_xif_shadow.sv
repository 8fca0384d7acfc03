// The CV-X-IF 1.0 shadow queue of the proofs: every instruction a coprocessor has been issued and
// not yet retired, in issue order, kept from its ports alone. Shared by formal/xif_shell (pqx_top's
// view) and formal/bridge (the PQX side of the SoC's bridge).
//
// Each cycle the candidates are the table's entries 0 .. n_q-1 and the instruction issued in this
// cycle (index D). Then, in order:
//   1. the oldest leaves when its result transaction starts (leave_i);
//   2. a commit or kill names the uncommitted entry with its id (the target); a commit commits the
//      target and every older entry, a kill removes the target and every younger one (the
//      incoming one included);
//   3. a rejected entry retires with its commit (an accepted one with its result);
//   4. the survivors move down, in order (constant indices only: variable-index writes are slow
//      to solve).
// The job's own fields of an entry travel as the payload (pl); id, accept and commit are the
// queue's. The view of this cycle (keep_o, acc_o, cmt_o, pl_o: after steps 1-3, per candidate)
// lets a job name the oldest remaining instruction.
`default_nettype none

module pqx_xif_shadow #(
  parameter int unsigned D  = 5,                 // entries
  parameter int unsigned PW = 1,                 // payload bits of an entry
  parameter int unsigned NW = $clog2(D + 2)      // a count of up to D + 1 candidates
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  input  logic                  in_valid_i,      // an issue handshake in this cycle
  input  logic [3:0]            in_id_i,
  input  logic                  in_acc_i,
  input  logic [PW-1:0]         in_pl_i,
  input  logic                  leave_i,         // the oldest's result transaction starts
  input  logic                  commit_valid_i,
  input  logic [3:0]            commit_id_i,
  input  logic                  commit_kill_i,
  output logic [NW-1:0]         n_q,             // entries
  output logic [D-1:0][3:0]     id_q,
  output logic [D-1:0]          acc_q,
  output logic [D-1:0]          cmt_q,
  output logic [D-1:0][PW-1:0]  pl_q,
  output logic [NW-1:0]         n_d_o,           // entries after this cycle
  output logic [D:0]            keep_o,          // candidate c stays (steps 1-3)
  output logic [D:0]            acc_o,
  output logic [D:0]            cmt_o,           // ... committed after this cycle's commit
  output logic [D:0][PW-1:0]    pl_o,
  output logic                  tgt_any_o,       // the commit / kill names an entry
  output logic                  tgt_oldest_o     // ... the oldest uncommitted one
);

  localparam int unsigned NC = D + 1;

  logic [NC-1:0]          c_v, c_cmt, k1, tgt, k2;
  logic [NC-1:0][3:0]     c_id;
  logic [NC-1:0][NW-1:0]  c_rank;
  logic [D-1:0][3:0]      d_id;
  logic [D-1:0]           d_acc, d_cmt;
  logic [D-1:0][PW-1:0]   d_pl;

  always @* begin
    logic acc, seen_unc;
    logic [NW-1:0] rank;
    for (int c = 0; c < D; c++) begin
      c_v[c]   = (NW'(c) < n_q);
      c_id[c]  = id_q[c];
      acc_o[c] = acc_q[c];
      c_cmt[c] = cmt_q[c];
      pl_o[c]  = pl_q[c];
    end
    c_v[D]   = in_valid_i;
    c_id[D]  = in_id_i;
    acc_o[D] = in_acc_i;
    c_cmt[D] = 1'b0;
    pl_o[D]  = in_pl_i;

    // 1. the oldest entry leaves when its result transaction starts
    for (int c = 0; c < NC; c++) k1[c] = c_v[c] && !(leave_i && c == 0);

    // 2. commit / kill: the target is the uncommitted entry with that id
    tgt_any_o    = 1'b0;
    tgt_oldest_o = 1'b0;
    seen_unc     = 1'b0;
    for (int c = 0; c < NC; c++) begin
      tgt[c]    = commit_valid_i && k1[c] && !c_cmt[c] && (c_id[c] == commit_id_i);
      tgt_any_o = tgt_any_o | tgt[c];
      if (tgt[c] && !seen_unc) tgt_oldest_o = 1'b1;
      if (k1[c] && !c_cmt[c]) seen_unc = 1'b1;
    end
    acc = 1'b0;  // some entry at or younger than c is the target (a commit covers older ones)
    for (int c = NC - 1; c >= 0; c--) begin
      acc      = acc | tgt[c];
      cmt_o[c] = c_cmt[c] | (!commit_kill_i && acc);
    end
    acc = 1'b0;  // some entry at or older than c is the target (a kill covers younger ones)
    for (int c = 0; c < NC; c++) begin
      acc   = acc | tgt[c];
      k2[c] = k1[c] && !(commit_kill_i && acc);
    end

    // 3. a rejected instruction retires with its commit
    for (int c = 0; c < NC; c++) keep_o[c] = k2[c] && !(!acc_o[c] && cmt_o[c]);

    // 4. compaction, in order
    rank = '0;
    for (int c = 0; c < NC; c++) begin
      c_rank[c] = rank;
      if (keep_o[c]) rank = rank + NW'(1);
    end
    n_d_o = rank;
    d_id = '0; d_acc = '0; d_cmt = '0; d_pl = '0;
    for (int i = 0; i < D; i++) begin
      for (int c = i; c < NC; c++) begin
        if (keep_o[c] && c_rank[c] == NW'(i)) begin
          d_id[i]  = c_id[c];
          d_acc[i] = acc_o[c];
          d_cmt[i] = cmt_o[c];
          d_pl[i]  = pl_o[c];
        end
      end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      n_q <= '0;
    end else begin
      n_q   <= n_d_o;
      id_q  <= d_id;
      acc_q <= d_acc;
      cmt_q <= d_cmt;
      pl_q  <= d_pl;
    end
  end

endmodule
