// The executable only chooses: a command runs in TunesCLI, the app in TunesTUI. The live values
// of both are made by the composition root, TunesLive.
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
await TunesCLI.main(live: .process(environment: ProcessInfo.processInfo.environment)) { launch in
  let app = LiveApp.make(launch: launch)
  return await TunesApp.run(
    dependencies: app.dependencies,
    graphics: AppGraphics(request: app.images, pixels: app.pixels, load: app.loadArtwork),
    notices: app.notices, environment: launch.environment, log: app.log,
    theme: app.theme)
}
