// ITunesReplay: see docs/ARCHITECTURE.md
