import ITunesCatalog

/// The section titles of the grouped view, in the order they are drawn.
public let groupedSectionTitles = [
  "Artists", "Albums", "Songs", "Music Videos", "Movies", "TV", "Podcasts", "Episodes",
  "Audiobooks", "Books", "Apps", "Other",
]

/// The grouped view's section for a kind: Artists, Albums, Songs, Music Videos, Movies, TV, Podcasts,
/// Episodes, Audiobooks, Books, Apps or Other.
public func groupedSectionTitle(for kind: ItemKind) -> String {
  switch kind {
  case .artist: return "Artists"
  case .album: return "Albums"
  case .song: return "Songs"
  case .musicVideo: return "Music Videos"
  case .featureMovie: return "Movies"
  case .tvEpisode, .tvSeason: return "TV"
  case .podcast: return "Podcasts"
  case .podcastEpisode: return "Episodes"
  case .audiobook: return "Audiobooks"
  case .ebook: return "Books"
  case .software, .macSoftware: return "Apps"
  case .other: return "Other"
  }
}

/// The results grouped by kind for the grouped view: sections in `groupedSectionTitles` order,
/// empty sections left out, each keeping Apple's order. `index` is the item's index in `items`
/// (the selection refers to it).
public func groupedSections(_ items: [CatalogItem]) -> [(
  title: String, items: [(index: Int, item: CatalogItem)]
)] {
  var buckets: [String: [(index: Int, item: CatalogItem)]] = [:]
  for (index, item) in items.enumerated() {
    buckets[groupedSectionTitle(for: item.kind), default: []].append((index, item))
  }
  return groupedSectionTitles.compactMap { title in
    guard let entries = buckets[title], !entries.isEmpty else { return nil }
    return (title: title, items: entries)
  }
}
