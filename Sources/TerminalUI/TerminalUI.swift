// TerminalUI: see docs/ARCHITECTURE.md
