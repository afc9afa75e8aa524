import Foundation

/// A link to an item on one of Apple's store sites, read into the id to look up and its
/// storefront: `https://music.apple.com/us/album/x/1440857781?i=1440857786` is the track
/// 1440857786 in the US store; podcasts, books, apps and the old `itunes.apple.com` links read
/// the same way (`…/id1200361736`, `?i=` for an episode or a track).
public struct StoreLink: Hashable, Sendable {
  /// The id of the item the link names (a track's or episode's `i`, else the last path id).
  public var id: Int64
  /// The storefront in the path (`us`), if it names one.
  public var country: String?

  /// Makes a link value.
  public init(id: Int64, country: String?) {
    self.id = id
    self.country = country
  }

  /// The hosts whose links are read.
  public static let hosts: Set<String> = [
    "music.apple.com", "podcasts.apple.com", "books.apple.com", "itunes.apple.com",
    "apps.apple.com", "tv.apple.com", "geo.music.apple.com",
  ]

  /// Reads a link; `nil` when it is not an https (or http) link to one of ``hosts`` that names an
  /// item.
  public init?(_ text: String) {
    guard let components = URLComponents(string: text.trimmingCharacters(in: .whitespaces)),
      let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http",
      let host = components.host?.lowercased(), Self.hosts.contains(host)
    else { return nil }
    let parts = components.path.split(separator: "/").map(String.init)
    if let track = components.queryItems?.first(where: { $0.name == "i" })?.value,
      let id = Int64(track), id > 0
    {
      self.id = id
    } else if let last = parts.last.flatMap(Self.id(in:)) {
      self.id = last
    } else {
      return nil
    }
    if let first = parts.first, first.count == 2, first.allSatisfy(\.isLetter) {
      country = first.lowercased()
    } else {
      country = nil
    }
  }

  /// `1440857781` or `id1440857781` as an id.
  private static func id(in part: String) -> Int64? {
    let digits = part.hasPrefix("id") ? String(part.dropFirst(2)) : part
    guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let id = Int64(digits), id > 0 else {
      return nil
    }
    return id
  }
}
