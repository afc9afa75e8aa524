// The executable is wiring only: the command line decides what runs; when it is the app, the
// composition root (TunesLive) builds the live dependencies and the terminal app runs on them.
import Foundation
import TerminalPOSIX
import TunesCLI
import TunesLive
import TunesTUI

if isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1,
  TunesCLI.startsApp(Array(CommandLine.arguments.dropFirst()))
{
  // The app may start: make a crash print its report without waiting for a key in raw mode.
  BacktraceSafety.reexecIfNeeded()
}
await TunesCLI.main { launch in
  let log = Log(environment: launch.environment)
  log.log("api base \(launch.configuration.baseURL.absoluteString)")
  let (dependencies, notices) = LiveDependencies.make(launch: launch, log: log)
  let artwork = LiveArtwork.make(environment: launch.environment, log: log)
  let graphics = AppGraphics(
    request: LiveArtwork.request(flag: launch.images, environment: launch.environment),
    pixels: artwork.pixels, load: artwork.load)
  return await TunesApp.run(
    dependencies: dependencies, graphics: graphics, notices: notices,
    environment: launch.environment, log: log)
}
