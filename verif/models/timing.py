"""PQX's latency contract: cycles from the issue handshake to the first cycle of result_valid, for a
host that commits in the issue cycle and never stalls result_ready. Every value is fixed and
independent of operand values; the system latency test measures each one and must see exactly this
number (see docs/timing.md)."""

LATENCY: dict[str, int] = {
    "LOAD": 1,
    "KABSORB": 1,
    "KINIT": 1,
    "STORE": 1,
    "KREAD3": 1,
    "COMPARE_U32": 1,
    "KSTART": 24,
    "KPERM": 24,
    **{f"{op}_{lvl}": 24 for op in ("THASH1", "THASH2", "PRF") for lvl in (128, 192, 256)},
    **{f"CL_{lvl}": 1 for lvl in (128, 192, 256)},
    **{name: 1 for name in (
        "BFNTTK", "BFINTTK", "MQMULK", "BARRETT", "BFNTTD", "BFINTTD", "BFNTTDH", "BFINTTDH", "MQMULD",
        "RED32", "BFNTTF", "BFINTTF", "MQMULF", "GFMUL8", "GF_REDUCE", "KARATS1", "KARATS2", "KARATS3",
        "KARATS4", "BARRETT_HQC1", "BARRETT_HQC3", "BARRETT_HQC5")},
    "MODP_MONTYMUL": 6,
    **{name: 1 for name in (
        "CBD1", "CBD2", "CBD3", "CBD4", "REJ_UNIFORM", "REJ_ETA2", "REJ_ETA4", "UNPACK_Z17", "UNPACK_Z19",
        "FPR_LOAD_SE", "FPR_EXEC", "FPR_RDHI", "FPR_NORM64_EXEC", "FPR_NORM64_RDHI", "FPR_NORM64_RDE")},
}
"""THASH in robust mode (rs2 = 0) takes two permutations."""
LATENCY_ROBUST: dict[str, int] = {f"{op}_{lvl}": 48 for op in ("THASH1", "THASH2") for lvl in (128, 192, 256)}
