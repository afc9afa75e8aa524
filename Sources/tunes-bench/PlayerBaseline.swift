import Foundation
import Playback

/// The bare player for bench/queue.py's baselines: the PlaybackLive `Player` driven by lines on
/// standard input, with no app, store or terminal around it. The harness times each command from
/// its own write to what mpv reports (a Lua script in mpv, passed with `--script`), exactly as it
/// times the app, so both figures share one clock and one observer.
///
/// Commands, one a line; each answers `done` on standard output when the player has taken it:
/// - `play URL`: `Player.play` (the first one starts mpv: the cold case);
/// - `chain URL…`: plays the first, and on each `.ended` plays the next (replacing on end, as
///   a queue would), answering when the last has started;
/// - `stop`: `Player.stop`;
/// - `quit`: shuts the player down and exits.
enum PlayerBaseline {
  static func run(options: [String]) async {
    let player = Player.live(
      configuration: PlayerConfiguration(
        environment: ProcessInfo.processInfo.environment, extraOptions: options))
    while let line = readLine() {
      let words = line.split(separator: " ").map(String.init)
      guard let command = words.first else { continue }
      let urls = words.dropFirst().compactMap { URL(string: $0) }
      do {
        switch command {
        case "play":
          if let url = urls.first { try await player.play(url) }
        case "chain":
          try await chain(player, urls)
        case "stop":
          try await player.stop()
        case "quit":
          await player.shutdown()
          return
        default:
          FileHandle.standardError.write(Data("player-baseline: unknown \(command)\n".utf8))
        }
      } catch {
        FileHandle.standardError.write(Data("player-baseline: \(error)\n".utf8))
      }
      FileHandle.standardOutput.write(Data("done\n".utf8))
    }
    await player.shutdown()
  }

  /// Plays `urls` back to back: the next `play` is sent the moment the player reports `.ended`.
  private static func chain(_ player: Player, _ urls: [URL]) async throws {
    guard let first = urls.first else { return }
    let events = player.events()
    try await player.play(first)
    var rest = urls.dropFirst()
    guard !rest.isEmpty else { return }
    for await event in events {
      switch event {
      case .ended:
        guard let next = rest.popFirst() else { return }
        try await player.play(next)
        if rest.isEmpty { return }
      case .failed(let failure): throw failure
      default: break
      }
    }
  }
}
