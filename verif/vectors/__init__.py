"""Test vectors the project keeps (each file's origin in SOURCES.txt) and the readers they need."""

from pathlib import Path

SHARED_VECTORS = Path(__file__).resolve().parents[2].parent / "shared" / "vectors"
"""The third-party vector collection next to the repository (../shared/vectors). The project never
needs it: a few tests read whole files from it when it is there (more entries than the project
keeps) and are skipped otherwise."""
