// AppArchitecture: see docs/ARCHITECTURE.md
