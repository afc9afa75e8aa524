import Foundation

/// An extended M3U playlist (UTF-8, `.m3u8`) of what tunes plays for each item: its whole episode
/// or its preview, with an `#EXTINF` line giving the length (`-1` when unknown, as for previews)
/// and `artist - title`. mpv, VLC and most players read it.
///
/// ```
/// #EXTM3U
/// #EXTINF:-1,Jack Johnson - Better Together
/// https://audio-ssl.itunes.apple.com/…/mzaf_….plus.aac.p.m4a
/// ```
public enum M3U8 {
  /// The first line of every playlist.
  public static let header = "#EXTM3U"

  /// The playlist of the items that have something to play, in order; `url` gives each item's
  /// URL (the live app moves media to `TUNES_MEDIA_BASE`). Line breaks and control characters in
  /// names are removed, so a title can never start a line of its own.
  public static func playlist(
    _ items: [CatalogItem], url: (CatalogItem) -> URL? = { $0.playableURL }
  ) -> String {
    var lines = [header]
    for item in items {
      guard let link = url(item) else { continue }
      let seconds =
        item.playsWholeEpisode ? item.durationMillis.map { String($0 / 1000) } ?? "-1" : "-1"
      let title = line(item.title)
      let name = item.author.map { line($0) }.flatMap { $0.isEmpty ? nil : $0 + " - " } ?? ""
      lines.append("#EXTINF:\(seconds),\(name)\(title)")
      lines.append(line(link.absoluteString))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `text` on one line: control characters (line breaks included) become spaces, runs of
  /// spaces one, and the ends are trimmed.
  static func line(_ text: String) -> String {
    var out = ""
    var space = false
    for scalar in text.unicodeScalars {
      let control =
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
        || scalar.value == 0x2028 || scalar.value == 0x2029
      if control || scalar == " " {
        space = !out.isEmpty
        continue
      }
      if space { out.append(" ") }
      space = false
      out.unicodeScalars.append(scalar)
    }
    return out
  }
}
