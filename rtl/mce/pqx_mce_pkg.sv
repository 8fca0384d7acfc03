// PQX Classic McEliece package: the reduced parameters of the McEliece seed (m = 12, n = 48,
// t = 2; docs/isa.md, "Classic McEliece") and the GF(2^12) arithmetic every McEliece datapath
// uses, as functions so that each engine instantiates its own copies.
//
// GF(2^12) = GF(2)[z]/(z^12 + z^3 + 1), bit i of an element the coefficient of z^i.
// (Parameters and F(y) are those of the model's parameter set TOY, verif/models/mceliece.py.)
//   gf_mul  carry-less 12x12 product (23 bits), then the bits 22..12 folded back with the field
//           polynomial, highest first
//   gf_sq   the square: bit i of a moves to bit 2i (squaring is linear over GF(2)), then folded
//   gf_inv  a^(2^12 - 2) by the Itoh-Tsujii chain a^(2^k - 1) for k = 1, 2, 4, 5, 10, 11:
//           five products and eleven squarings; 0 gives 0
`default_nettype none

package pqx_mce_pkg;

  localparam int unsigned M     = 12;                 // field degree (GFBITS)
  localparam logic [12:0] Poly  = 13'h1009;           // z^12 + z^3 + 1
  localparam int unsigned N     = 48;                 // support entries, error-bitmap bits
  localparam int unsigned T     = 2;                  // errors corrected
  localparam int unsigned Lanes = 4;                  // MCE_CHIEN: support entries per cycle
  // GF(2^12)[y]/F(y), the field MCE_MINPOLY works in: F(y) = y^2 + y + z^9 (monic, degree t;
  // y^2 + y + c is irreducible exactly when the trace of c is 1, and z^9 is the smallest such c).
  // FLow holds F_0 .. F_{t-1}, F_i in bits [12 i +: 12].
  localparam logic [T*M-1:0] FLow = {12'h001, 12'h200};

  typedef logic [M-1:0] gf_t;

  function automatic gf_t gf_fold(logic [2*M-2:0] p);
    logic [2*M-2:0] r;
    r = p;
    for (int k = 2 * M - 2; k >= M; k--) begin
      if (r[k]) r = r ^ ((2*M-1)'(Poly) << (k - M));
    end
    gf_fold = r[M-1:0];
  endfunction

  function automatic gf_t gf_mul(gf_t a, gf_t b);
    logic [2*M-2:0] p;
    p = '0;
    for (int i = 0; i < M; i++) begin
      if (b[i]) p = p ^ ((2*M-1)'(a) << i);
    end
    gf_mul = gf_fold(p);
  endfunction

  function automatic gf_t gf_sq(gf_t a);
    logic [2*M-2:0] p;
    p = '0;
    for (int i = 0; i < M; i++) p[2*i] = a[i];
    gf_sq = gf_fold(p);
  endfunction

  // x^(2^k) for k = 1..5: repeated squaring
  function automatic gf_t gf_sq_n(gf_t a, int n);
    gf_t r;
    r = a;
    for (int i = 0; i < 5; i++) begin
      if (i < n) r = gf_sq(r);
    end
    gf_sq_n = r;
  endfunction

  function automatic gf_t gf_inv(gf_t a);
    gf_t b2, b4, b5, b10, b11;
    b2  = gf_mul(gf_sq(a), a);             // a^3
    b4  = gf_mul(gf_sq_n(b2, 2), b2);      // a^15
    b5  = gf_mul(gf_sq(b4), a);            // a^31
    b10 = gf_mul(gf_sq_n(b5, 5), b5);      // a^1023
    b11 = gf_mul(gf_sq(b10), a);           // a^2047
    gf_inv = gf_sq(b11);                   // a^4094 = a^-1 (0 for a = 0)
  endfunction

endpackage
