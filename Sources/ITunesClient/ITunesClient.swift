// ITunesClient: see docs/ARCHITECTURE.md
