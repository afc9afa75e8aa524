// TunesTUI: see docs/ARCHITECTURE.md
