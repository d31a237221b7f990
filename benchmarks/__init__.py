"""Benchmark scripts: each measures speed side by side in one run and prints a table (not tests)."""
