// TunesFeatures: see docs/ARCHITECTURE.md
