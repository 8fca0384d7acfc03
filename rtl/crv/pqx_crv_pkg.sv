// PQX Crypto-RV package: constants and word functions of the unified SHA-256 / SHA-512 / SM3
// engine (docs/isa.md, "Crypto-RV hash unit"). The constants are those of FIPS 180-4 section 4.2
// and 5.3 and GB/T 32905-2016 section 4; the SHA-256 ones are the upper halves of the SHA-512 ones
// (both are the fractional parts of the cube roots and square roots of the first primes), so one
// 80 x 64-bit table serves both.
`default_nettype none

package pqx_crv_pkg;

  typedef enum logic [1:0] {
    AlgSha256 = 2'd0,
    AlgSha512 = 2'd1,
    AlgSm3    = 2'd2
  } alg_e;

  localparam int unsigned BufWords = 128;   // the block buffer B: 128 x 64 bits

  // The initial chaining values H_7 .. H_0 (H_i in bits [64 i +: 64]; 32-bit algorithms in the
  // low half of each word)
  localparam logic [511:0] IvSha512 = {
    64'h5be0cd19_137e2179,
    64'h1f83d9ab_fb41bd6b,
    64'h9b05688c_2b3e6c1f,
    64'h510e527f_ade682d1,
    64'ha54ff53a_5f1d36f1,
    64'h3c6ef372_fe94f82b,
    64'hbb67ae85_84caa73b,
    64'h6a09e667_f3bcc908
  };
  localparam logic [511:0] IvSm3 = {
    64'h00000000_b0fb0e4e,
    64'h00000000_e38dee4d,
    64'h00000000_163138aa,
    64'h00000000_a96f30bc,
    64'h00000000_da8a0600,
    64'h00000000_172442d7,
    64'h00000000_4914b2b9,
    64'h00000000_7380166f
  };

  // round constant t (SHA-512 K_t; SHA-256 uses bits 63:32)
  function automatic logic [63:0] sha_k(logic [6:0] t);
    unique case (t)
      7'd0 : sha_k = 64'h428a2f98_d728ae22;
      7'd1 : sha_k = 64'h71374491_23ef65cd;
      7'd2 : sha_k = 64'hb5c0fbcf_ec4d3b2f;
      7'd3 : sha_k = 64'he9b5dba5_8189dbbc;
      7'd4 : sha_k = 64'h3956c25b_f348b538;
      7'd5 : sha_k = 64'h59f111f1_b605d019;
      7'd6 : sha_k = 64'h923f82a4_af194f9b;
      7'd7 : sha_k = 64'hab1c5ed5_da6d8118;
      7'd8 : sha_k = 64'hd807aa98_a3030242;
      7'd9 : sha_k = 64'h12835b01_45706fbe;
      7'd10: sha_k = 64'h243185be_4ee4b28c;
      7'd11: sha_k = 64'h550c7dc3_d5ffb4e2;
      7'd12: sha_k = 64'h72be5d74_f27b896f;
      7'd13: sha_k = 64'h80deb1fe_3b1696b1;
      7'd14: sha_k = 64'h9bdc06a7_25c71235;
      7'd15: sha_k = 64'hc19bf174_cf692694;
      7'd16: sha_k = 64'he49b69c1_9ef14ad2;
      7'd17: sha_k = 64'hefbe4786_384f25e3;
      7'd18: sha_k = 64'h0fc19dc6_8b8cd5b5;
      7'd19: sha_k = 64'h240ca1cc_77ac9c65;
      7'd20: sha_k = 64'h2de92c6f_592b0275;
      7'd21: sha_k = 64'h4a7484aa_6ea6e483;
      7'd22: sha_k = 64'h5cb0a9dc_bd41fbd4;
      7'd23: sha_k = 64'h76f988da_831153b5;
      7'd24: sha_k = 64'h983e5152_ee66dfab;
      7'd25: sha_k = 64'ha831c66d_2db43210;
      7'd26: sha_k = 64'hb00327c8_98fb213f;
      7'd27: sha_k = 64'hbf597fc7_beef0ee4;
      7'd28: sha_k = 64'hc6e00bf3_3da88fc2;
      7'd29: sha_k = 64'hd5a79147_930aa725;
      7'd30: sha_k = 64'h06ca6351_e003826f;
      7'd31: sha_k = 64'h14292967_0a0e6e70;
      7'd32: sha_k = 64'h27b70a85_46d22ffc;
      7'd33: sha_k = 64'h2e1b2138_5c26c926;
      7'd34: sha_k = 64'h4d2c6dfc_5ac42aed;
      7'd35: sha_k = 64'h53380d13_9d95b3df;
      7'd36: sha_k = 64'h650a7354_8baf63de;
      7'd37: sha_k = 64'h766a0abb_3c77b2a8;
      7'd38: sha_k = 64'h81c2c92e_47edaee6;
      7'd39: sha_k = 64'h92722c85_1482353b;
      7'd40: sha_k = 64'ha2bfe8a1_4cf10364;
      7'd41: sha_k = 64'ha81a664b_bc423001;
      7'd42: sha_k = 64'hc24b8b70_d0f89791;
      7'd43: sha_k = 64'hc76c51a3_0654be30;
      7'd44: sha_k = 64'hd192e819_d6ef5218;
      7'd45: sha_k = 64'hd6990624_5565a910;
      7'd46: sha_k = 64'hf40e3585_5771202a;
      7'd47: sha_k = 64'h106aa070_32bbd1b8;
      7'd48: sha_k = 64'h19a4c116_b8d2d0c8;
      7'd49: sha_k = 64'h1e376c08_5141ab53;
      7'd50: sha_k = 64'h2748774c_df8eeb99;
      7'd51: sha_k = 64'h34b0bcb5_e19b48a8;
      7'd52: sha_k = 64'h391c0cb3_c5c95a63;
      7'd53: sha_k = 64'h4ed8aa4a_e3418acb;
      7'd54: sha_k = 64'h5b9cca4f_7763e373;
      7'd55: sha_k = 64'h682e6ff3_d6b2b8a3;
      7'd56: sha_k = 64'h748f82ee_5defb2fc;
      7'd57: sha_k = 64'h78a5636f_43172f60;
      7'd58: sha_k = 64'h84c87814_a1f0ab72;
      7'd59: sha_k = 64'h8cc70208_1a6439ec;
      7'd60: sha_k = 64'h90befffa_23631e28;
      7'd61: sha_k = 64'ha4506ceb_de82bde9;
      7'd62: sha_k = 64'hbef9a3f7_b2c67915;
      7'd63: sha_k = 64'hc67178f2_e372532b;
      7'd64: sha_k = 64'hca273ece_ea26619c;
      7'd65: sha_k = 64'hd186b8c7_21c0c207;
      7'd66: sha_k = 64'heada7dd6_cde0eb1e;
      7'd67: sha_k = 64'hf57d4f7f_ee6ed178;
      7'd68: sha_k = 64'h06f067aa_72176fba;
      7'd69: sha_k = 64'h0a637dc5_a2c898a6;
      7'd70: sha_k = 64'h113f9804_bef90dae;
      7'd71: sha_k = 64'h1b710b35_131c471b;
      7'd72: sha_k = 64'h28db77f5_23047d84;
      7'd73: sha_k = 64'h32caab7b_40c72493;
      7'd74: sha_k = 64'h3c9ebe0a_15c9bebc;
      7'd75: sha_k = 64'h431d67c4_9c100d4c;
      7'd76: sha_k = 64'h4cc5d4be_cb3e42b6;
      7'd77: sha_k = 64'h597f299c_fc657e2a;
      7'd78: sha_k = 64'h5fcb6fab_3ad6faec;
      7'd79: sha_k = 64'h6c44198c_4a475817;
      default: sha_k = '0;
    endcase
  endfunction

  function automatic logic [31:0] rotr32(logic [31:0] x, int n);
    rotr32 = (x >> n) | (x << (32 - n));
  endfunction

  function automatic logic [31:0] rotl32(logic [31:0] x, int n);
    rotl32 = (x << n) | (x >> (32 - n));
  endfunction

  function automatic logic [63:0] rotr64(logic [63:0] x, int n);
    rotr64 = (x >> n) | (x << (64 - n));
  endfunction

  function automatic logic [31:0] bswap32(logic [31:0] x);
    bswap32 = {x[7:0], x[15:8], x[23:16], x[31:24]};
  endfunction

  function automatic logic [63:0] bswap64(logic [63:0] x);
    bswap64 = {bswap32(x[31:0]), bswap32(x[63:32])};
  endfunction

endpackage
