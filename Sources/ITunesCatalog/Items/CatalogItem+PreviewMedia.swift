import Foundation

extension CatalogItem {
  /// Whether the item's preview is a video (a music video's clip, a movie's trailer, a TV
  /// episode's preview) rather than audio. The preview URL's extension decides (`.m4v`, `.mp4`,
  /// `.mov` are video; `.m4a`, `.mp3`, `.aac`, `.m4b`, `.wav` are audio); when it says neither,
  /// the kind does (music videos, movies and TV episodes have video previews). `false` without a
  /// preview.
  public var previewIsVideo: Bool {
    guard let text = previewURLText else { return false }
    return Self.isVideo(previewURLText: text, kind: kind)
  }

  /// The rule of ``previewIsVideo`` for a URL's text and a kind.
  public static func isVideo(previewURLText text: String, kind: ItemKind) -> Bool {
    var path = Substring(text)
    if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
    let name = path.split(separator: "/").last ?? ""
    if let dot = name.lastIndex(of: ".") {
      let suffix = name[name.index(after: dot)...].lowercased()
      if videoExtensions.contains(suffix) { return true }
      if audioExtensions.contains(suffix) { return false }
    }
    switch kind {
    case .musicVideo, .featureMovie, .tvEpisode: return true
    default: return false
    }
  }

  /// What tunes plays for the item: a podcast episode's whole episode (`episodeUrl`) where Apple
  /// gives one, else the preview.
  public var playableURL: URL? { episode?.episodeURL ?? previewURL }

  /// Whether ``playableURL`` is a whole episode (its place is remembered), not a preview.
  public var playsWholeEpisode: Bool { episode?.episodeURL != nil }

  static let videoExtensions: Set<String> = ["m4v", "mp4", "mov"]
  static let audioExtensions: Set<String> = ["m4a", "mp3", "aac", "m4b", "wav", "m4p"]
}
