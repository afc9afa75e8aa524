import TunesCLI

TunesCLI.main()
