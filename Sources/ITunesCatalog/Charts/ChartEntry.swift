import Foundation

/// One chart entry read into a `CatalogItem`.
enum ChartEntry {
  /// A v1/v2 `feed.results[]` element: `id`, `name`, `kind`, `artistName`, `artistId`,
  /// `artistUrl`, `artworkUrl100`, `releaseDate`, `genres`, `url`, `contentAdvisoryRating`.
  static func v2Item(_ element: JSONValue, expected: ItemKind?) -> CatalogItem? {
    guard case .object = element, let id = element["id"]?.integer, id > 0,
      let name = clean(element["name"]?.text)
    else { return nil }
    let kind = element["kind"]?.text.flatMap(kind(v2:)) ?? expected ?? .other("chart-entry")
    var item = CatalogItem(id: id, kind: kind, title: name)
    item.author = clean(element["artistName"]?.text)
    item.authorID = element["artistId"]?.integer
    item.authorURLText = URLText.web(element["artistUrl"]?.text)
    item.artworkText = URLText.web(element["artworkUrl100"]?.text)
    item.storeURLText = URLText.web(element["url"]?.text)
    item.releaseDate = element["releaseDate"]?.text.flatMap(ISODate.parse)
    let genres = (element["genres"]?.names ?? []).compactMap(clean)
    item.genres = genres.filter { !rootGenreNames.contains($0) }
    if item.genres.isEmpty { item.genres = genres }
    item.genre = item.genres.first ?? clean(element["primaryGenreName"]?.text)
    item.copyright = clean(element["copyright"]?.text)
    if let rating = clean(element["contentAdvisoryRating"]?.text) {
      // Apple's v2 feeds spell it "Explict".
      let lower = rating.lowercased()
      item.advisoryRating = lower == "explict" || lower == "explicit" ? "Explicit" : rating
      if item.advisoryRating == "Explicit" { item.explicitness = .explicit }
    }
    if kind == .song, let url = item.storeURLText { item.collectionID = albumID(inSongURL: url) }
    return item
  }

  /// A legacy `feed.entry` element, every value wrapped in `label`/`attributes`.
  static func legacyItem(_ entry: JSONValue, expected: ItemKind?) -> CatalogItem? {
    guard case .object = entry,
      let id = entry["id"]?["attributes"]?["im:id"]?.integer, id > 0,
      let name = clean(label(entry["im:name"]) ?? label(entry["title"]))
    else { return nil }
    let kind = legacyKind(entry["im:contentType"]) ?? expected ?? .other("chart-entry")
    var item = CatalogItem(id: id, kind: kind, title: name)
    item.author = clean(label(entry["im:artist"]))
    if let href = URLText.web(entry["im:artist"]?["attributes"]?["href"]?.text) {
      item.authorURLText = href
      item.authorID = trailingID(in: href)
    }
    item.collection = clean(label(entry["im:collection"]?["im:name"]))
    item.artworkText = URLText.web(largestImage(entry["im:image"]))
    item.description = clean(label(entry["summary"])).map(HTMLText.plainText)
    item.copyright = clean(label(entry["rights"]))
    item.releaseDate = label(entry["im:releaseDate"]).flatMap(ISODate.parse)
    if let category = entry["category"]?["attributes"] {
      item.genre = clean(category["label"]?.text ?? category["term"]?.text)
      item.genres = item.genre.map { [$0] } ?? []
    }
    if let price = entry["im:price"]?["attributes"] {
      item.price = price["amount"]?.decimal
      item.currency = clean(price["currency"]?.text)
      // A free item's label is Apple's own word for it ("Free", "Gratis"), kept as its price
      // text, unless it is the store's button ("Get", on every podcast): that is no price, and
      // the item reads "Free" as a search answer's does.
      if item.price == 0, let text = clean(label(entry["im:price"])),
        text.lowercased() != "get", kind != .podcast
      {
        item.appleFormattedPrice = text
      }
    }
    for link in links(entry["link"]) {
      let attributes = link["attributes"]
      guard let href = URLText.web(attributes?["href"]?.text) else { continue }
      switch attributes?["rel"]?.text {
      case "alternate"?: item.storeURLText = item.storeURLText ?? href
      case "enclosure"?: item.previewURLText = item.previewURLText ?? href
      default: break
      }
    }
    if item.storeURLText == nil { item.storeURLText = URLText.web(label(entry["id"])) }
    return item
  }

  /// Genre names that only name the medium ("Music", "Podcasts" …), dropped when a real genre
  /// is listed too.
  private static let rootGenreNames: Set<String> = [
    "Music", "Podcasts", "Books", "Audiobooks", "Apps", "App Store",
  ]

  private static func label(_ value: JSONValue?) -> String? { value?["label"]?.text }

  private static func clean(_ text: String?) -> String? {
    guard let text else { return nil }
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    return trimmed.isEmpty ? nil : trimmed
  }

  private static func links(_ value: JSONValue?) -> [JSONValue] {
    switch value {
    case .array(let list)?: return list
    case .object?: return value.map { [$0] } ?? []
    default: return []
    }
  }

  /// The URL of the tallest `im:image`.
  private static func largestImage(_ value: JSONValue?) -> String? {
    var best: (height: Int64, url: String)?
    for image in links(value) {
      guard let url = clean(label(image)) else { continue }
      let height = image["attributes"]?["height"]?.integer ?? 0
      if best == nil || height >= best?.height ?? 0 { best = (height, url) }
    }
    return best?.url
  }

  private static func kind(v2 text: String) -> ItemKind? {
    switch text.lowercased() {
    case "songs", "song": return .song
    case "albums", "album": return .album
    case "podcasts", "podcast": return .podcast
    case "podcast-episodes", "podcast-episode": return .podcastEpisode
    case "apps", "app", "iossoftware", "software": return .software
    case "mac-apps", "macsoftware": return .macSoftware
    case "books", "book", "ebook": return .ebook
    case "audio-books", "audiobooks", "audiobook": return .audiobook
    case "music-videos", "music-video", "musicvideo": return .musicVideo
    case "movies", "movie": return .featureMovie
    case "": return nil
    default: return .other(text)
    }
  }

  /// The kind from `im:contentType`, e.g. `{"attributes":{"term":"Music"},"im:contentType":
  /// {"attributes":{"term":"Album"}}}`.
  private static func legacyKind(_ value: JSONValue?) -> ItemKind? {
    guard let value else { return nil }
    let outer = value["attributes"]?["term"]?.text?.lowercased()
    let inner = value["im:contentType"]?["attributes"]?["term"]?.text?.lowercased()
    switch (outer, inner) {
    case (_, "track"?), (_, "song"?): return .song
    case (_, "album"?): return .album
    case (_, "music video"?), ("music video"?, _): return .musicVideo
    case ("podcast"?, _): return .podcast
    case ("application"?, _), ("applications"?, _), ("app"?, _): return .software
    case ("book"?, _), ("books"?, _), ("ebook"?, _): return .ebook
    case ("audiobook"?, _), ("audiobooks"?, _): return .audiobook
    case ("movie"?, _), ("movies"?, _): return .featureMovie
    default: return nil
    }
  }

  /// The album id in a v2 song's store URL, `…/album/name/1603748074?i=1603748478`.
  static func albumID(inSongURL text: String) -> Int64? {
    guard text.contains("?i=") || text.contains("&i="), let url = URL(string: text) else {
      return nil
    }
    guard let last = url.pathComponents.last else { return nil }
    return Int64(last.hasPrefix("id") ? String(last.dropFirst(2)) : last)
  }

  /// The trailing id of a store link, `…/artist/name/1535844019?uo=2` or `…/id1535844019`.
  static func trailingID(in text: String) -> Int64? {
    guard let url = URL(string: text), let last = url.pathComponents.last else { return nil }
    return Int64(last.hasPrefix("id") ? String(last.dropFirst(2)) : last)
  }
}
