// A legal CV-X-IF 1.0 host in front of pqx_top, as the proofs over pqx_top's ports assume it:
// formal/xif_shell (one copy) and formal/ct (two copies, the host written over copy A's ports).
//
// Keeps the shadow queue of the instructions in flight (formal/lib/pqx_xif_shadow.sv; an entry
// leaves when its result transaction starts) and whether a result transaction is ongoing, and
// assumes, out of reset:
//   * an issue handshake uses an id that is not in flight (in flight: the instruction whose result
//     is ongoing, then the queue's entries);
//   * with IdOrder = 1 also the CV-X-IF 1.0 ordering rule: ids increase (mod 16) from the oldest
//     in-flight id, i.e. a new id lies beyond the newest in-flight id and does not wrap past the
//     oldest;
//   * a commit or kill names an instruction in the queue (possibly the one issued this cycle)
//     that has not been committed or killed yet.
// The queue's view is passed on for the job's own properties.
`default_nettype none

module pqx_xif_host #(
  parameter int unsigned D       = 5,               // shadow entries
  parameter int unsigned PW      = 1,               // the job's payload bits of an entry
  parameter int unsigned NW      = $clog2(D + 2),
  parameter int unsigned IdOrder = 1
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  input  logic                  issue_fire_i,     // an issue handshake
  input  logic [3:0]            issue_id_i,
  input  logic                  issue_accept_i,
  input  logic [PW-1:0]         issue_pl_i,
  input  logic                  result_valid_i,
  input  logic                  result_ready_i,
  input  logic [3:0]            result_id_i,
  input  logic                  commit_valid_i,
  input  logic [3:0]            commit_id_i,
  input  logic                  commit_kill_i,
  output logic                  busy_q,           // a result transaction is ongoing (valid && !ready last cycle)
  output logic                  rs_start_o,       // a result transaction starts this cycle
  // the shadow queue's view (pqx_xif_shadow's outputs)
  output logic [NW-1:0]         n_q,
  output logic [D-1:0][3:0]     id_q,
  output logic [D-1:0]          acc_q,
  output logic [D-1:0]          cmt_q,
  output logic [D-1:0][PW-1:0]  pl_q,
  output logic [NW-1:0]         n_d_o,
  output logic [D:0]            keep_o,
  output logic [D:0]            acc_o,
  output logic [D:0]            cmt_o,
  output logic [D:0][PW-1:0]    pl_o,
  output logic                  tgt_any_o,
  output logic                  tgt_oldest_o
);

  assign rs_start_o = rst_ni && result_valid_i && !busy_q;

  always @(posedge clk_i) busy_q <= rst_ni && result_valid_i && !result_ready_i;

  pqx_xif_shadow #(.D(D), .PW(PW), .NW(NW)) u_shadow (
    .clk_i, .rst_ni,
    .in_valid_i (issue_fire_i),
    .in_id_i    (issue_id_i),
    .in_acc_i   (issue_accept_i),
    .in_pl_i    (issue_pl_i),
    .leave_i    (rs_start_o),
    .commit_valid_i, .commit_id_i, .commit_kill_i,
    .n_q, .id_q, .acc_q, .cmt_q, .pl_q, .n_d_o, .keep_o, .acc_o, .cmt_o, .pl_o,
    .tgt_any_o, .tgt_oldest_o
  );

  // In flight, in issue order: the instruction whose result is ongoing, then the queue.
  logic       live_any, id_fresh;
  logic [3:0] live_oldest, live_newest;
  always @* begin
    live_any    = busy_q || (n_q != '0);
    live_oldest = busy_q ? result_id_i : id_q[0];
    live_newest = result_id_i;
    for (int c = 0; c < D; c++)
      if (NW'(c + 1) == n_q) live_newest = id_q[c];
    id_fresh    = !(busy_q && result_id_i == issue_id_i);
    for (int c = 0; c < D; c++)
      if (c < n_q && id_q[c] == issue_id_i) id_fresh = 1'b0;
  end

  always @* begin
    if (rst_ni) begin
      if (issue_fire_i) begin
        assume (id_fresh);
        if (IdOrder != 0 && live_any)
          assume (4'(issue_id_i - live_oldest) > 4'(live_newest - live_oldest));
      end
      if (commit_valid_i) assume (tgt_any_o);
    end
  end

endmodule
