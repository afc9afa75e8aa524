// TerminalPOSIX: see docs/ARCHITECTURE.md
