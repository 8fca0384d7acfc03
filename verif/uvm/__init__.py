"""pyuvm environment for the PQX coprocessor on its CV-X-IF 1.0 ports."""
