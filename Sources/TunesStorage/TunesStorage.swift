// TunesStorage: see docs/ARCHITECTURE.md
