import TerminalUI
import TunesFeatures

/// The line under a video mpv draws in the terminal: what plays and how to stop it, e.g.
/// `▶ Back to the Tides — Mira Castell · q stops · Space pauses`.
enum VideoCaption {
  /// The caption's text, cut to `columns` cells; titles and artists are sanitized.
  static func text(_ playback: PlaybackState, columns: Int) -> String {
    var parts: [String] = []
    if let title = playback.title.map(sanitize), !title.isEmpty {
      if let artist = playback.artist.map(sanitize), !artist.isEmpty {
        parts.append("▶ \(title) — \(artist)")
      } else {
        parts.append("▶ \(title)")
      }
    }
    parts += ["q stops", "Space pauses"]
    return truncate(parts.joined(separator: " · "), toWidth: max(0, columns - 1))
  }

  /// The bytes that write the caption on the last row (below mpv's picture), leaving the
  /// cursor and the pen as they were; empty on a screen too small for a row of its own.
  static func bytes(_ playback: PlaybackState, columns: Int, rows: Int) -> [UInt8] {
    guard rows > 2, columns > 4 else { return [] }
    let text = Self.text(playback, columns: columns)
    return Array("\u{1B}7\u{1B}[\(rows);1H\u{1B}[0m\u{1B}[2K \(text)\u{1B}8".utf8)
  }
}
