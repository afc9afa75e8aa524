// ITunesCatalog: see docs/ARCHITECTURE.md
