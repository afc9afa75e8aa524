// TestSupport: see docs/ARCHITECTURE.md
