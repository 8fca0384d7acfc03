// PQX in-flight queue: commit and kill tracking for issued instructions.
//
// Issued instructions (accepted or not) enter in issue order and leave from the head once they
// are committed, one per cycle. Commit and kill follow CV-X-IF 1.0 as PQX uses it:
//   * a commit of id N commits N and every older instruction in the queue;
//   * a kill of id N removes N and every younger instruction (they never execute,
//     so they change no state and produce no result);
//   * a commit or kill whose id is not in flight (a rejected instruction, say) is
//     ignored.
// The instruction being issued in the current cycle takes part as the youngest
// entry, so a commit or kill in its issue cycle counts. With Bypass (the default), when the
// queue is empty the incoming instruction is offered at the head straight away: with a commit
// in the issue cycle it executes in that cycle and its result is valid one cycle later.
// Without it the head is always a queued entry, so nothing at the head depends on the issue
// port in the same cycle; an instruction committed in its issue cycle then executes one cycle
// later (a host that commits at the earliest one cycle after issue, as the CV32E40X does, sees
// no difference).
// Entries are a shift register (entry 0 is the oldest); Depth is small.
`default_nettype none

module pqx_inflight
#(
  parameter int unsigned Depth  = 4,
  parameter bit          Bypass = 1'b1   // head = incoming instruction when the queue is empty
) (
  input  logic                clk_i,
  input  logic                rst_ni,

  input  logic                in_valid_i,     // issue handshake
  input  pqx_pkg::entry_t              in_i,
  output logic                space_o,        // room for one more instruction
  output logic                busy_o,         // an instruction is in the queue

  input  logic                commit_valid_i,
  input  logic [pqx_pkg::XIdWidth-1:0] commit_id_i,
  input  logic                commit_kill_i,

  output logic                head_valid_o,   // head is committed and not killed
  output pqx_pkg::entry_t              head_o,
  input  logic                head_pop_i,     // head executes this cycle
  output logic                background_o    // an engine start waits in the queue
);

  localparam int unsigned CntW = $clog2(Depth + 1);

  logic [Depth-1:0][pqx_pkg::EntryW-1:0] q_q, q_d;   // entry_t each (see pqx_pkg::EntryW)
  logic   [Depth-1:0] cmt_q, cmt_d;
  logic   [CntW-1:0]  cnt_q, cnt_d;

  // Where the current commit transaction lands.
  logic [Depth-1:0] hit;        // queue entry p carries the committed/killed id
  logic             hit_in;     // the instruction being issued carries it
  logic [Depth-1:0] cmt_now;    // entry p committed by this transaction
  logic [Depth-1:0] kill_now;   // entry p killed by this transaction
  logic             kill_in;    // incoming instruction killed by this transaction
  logic             cmt_in;     // incoming instruction committed by this transaction
  logic             kill_any;
  logic [CntW-1:0]  kill_idx;   // first killed queue position

  // Ids of the queued entries (Yosys reads no field of an indexed struct array).
  logic [Depth-1:0][pqx_pkg::XIdWidth-1:0] q_id;
  logic [Depth-1:0]                        q_bg;
  for (genvar p = 0; p < Depth; p++) begin : g_id
    assign q_id[p] = pqx_pkg::entry_id(q_q[p]);
    assign q_bg[p] = pqx_pkg::entry_background(q_q[p]) && CntW'(p) < cnt_q;
  end
  assign background_o = |q_bg;

  always_comb begin
    logic younger_hit;
    logic older_hit;
    for (int unsigned p = 0; p < Depth; p++) begin
      // a committed entry (a rejected one waiting to leave, say) takes no further commit or
      // kill: its id may already be in use again
      hit[p] = commit_valid_i && (CntW'(p) < cnt_q) && !cmt_q[p] && (q_id[p] == commit_id_i);
    end
    hit_in = commit_valid_i && in_valid_i && (in_i.id == commit_id_i);

    // commit: entry p is committed if p or any younger instruction is the target
    younger_hit = hit_in;
    for (int p = Depth - 1; p >= 0; p--) begin
      younger_hit = younger_hit | hit[p];
      cmt_now[p]  = !commit_kill_i && younger_hit && (CntW'(p) < cnt_q);
    end
    cmt_in = !commit_kill_i && hit_in;

    // kill: entry p is killed if p or any older instruction is the target
    older_hit = 1'b0;
    kill_any  = 1'b0;
    kill_idx  = cnt_q;
    for (int unsigned p = 0; p < Depth; p++) begin
      older_hit   = older_hit | hit[p];  // hit[] is only set inside the queue
      kill_now[p] = commit_kill_i && older_hit;
      if (kill_now[p] && !kill_any) begin
        kill_any = 1'b1;
        kill_idx = CntW'(p);
      end
    end
    kill_in = commit_kill_i && (older_hit || hit_in);
  end

  // Head: the oldest queued instruction, or (Bypass) the incoming one if the queue is empty.
  always_comb begin
    if (cnt_q != '0 || !Bypass) begin
      head_o       = q_q[0];
      head_valid_o = (cnt_q != '0) && (cmt_q[0] || cmt_now[0]) && !kill_now[0];
    end else begin
      head_o       = in_i;
      head_valid_o = in_valid_i && cmt_in;
    end
  end

  always_comb begin
    logic [CntW-1:0] cnt_left;
    logic            take_in;
    q_d      = q_q;
    cmt_d    = cmt_q | cmt_now;
    cnt_left = kill_any ? kill_idx : cnt_q;
    take_in  = in_valid_i && !kill_in;

    if (head_pop_i) begin
      if (cnt_q != '0) begin
        for (int unsigned p = 0; p + 1 < Depth; p++) begin
          q_d[p]   = q_q[p + 1];
          cmt_d[p] = cmt_q[p + 1] | cmt_now[p + 1];
        end
        cnt_left = cnt_left - 1'b1;
      end else begin
        take_in = 1'b0;  // executed straight from the issue port
      end
    end

    cnt_d = cnt_left;
    if (take_in) begin
      q_d[cnt_left[$clog2(Depth)-1:0]]   = in_i;
      cmt_d[cnt_left[$clog2(Depth)-1:0]] = cmt_in;
      cnt_d = cnt_left + 1'b1;
    end
    // A slot that empties (its instruction left or was killed) is zeroed: the queue holds no
    // operand of an instruction that is gone (ZEROIZE relies on it).
    for (int unsigned p = 0; p < Depth; p++) begin
      if (CntW'(p) >= cnt_d) begin
        q_d[p]   = '0;
        cmt_d[p] = 1'b0;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      q_q   <= '0;
      cmt_q <= '0;
      cnt_q <= '0;
    end else begin
      q_q   <= q_d;
      cmt_q <= cmt_d;
      cnt_q <= cnt_d;
    end
  end

  assign space_o = (cnt_q < CntW'(Depth));
  assign busy_o  = (cnt_q != '0);

  // Invariants (checked in every simulation, proved by the formal jobs that read this module).
  `PQX_ASSERT(QueueBound_A, cnt_q <= CntW'(Depth))
  for (genvar p = 0; p < Depth; p++) begin : g_empty
    `PQX_ASSERT(EmptySlotZero_A, CntW'(p) < cnt_q || (q_q[p] == '0 && !cmt_q[p]))
  end

endmodule
