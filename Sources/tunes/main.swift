import TunesCLI

await TunesCLI.main()
