import ITunesCatalog

/// Two or three facts that suit the item's kind, for its tile; a missing fact is left out.
///
/// Song: artist, duration, price. Album: artist, year, track count. Artist: genre. Movie:
/// director and year, advisory rating, duration. Music video: artist, duration, year. TV episode:
/// show, season, duration. TV season: show, episode count, year. Podcast: author, genre, episode
/// count. Episode: podcast, date, duration. Audiobook: author, narrator, price. Book: author,
/// rating, price. App: developer, rating `★ 4.5 (1,234)`, price. Other: author, genre, price.
public func tileFacts(for item: CatalogItem) -> [String] {
  let author = FactText.text(item.author)
  let year = item.releaseYear.map(String.init)
  let facts: [String?]
  switch item.kind {
  case .song:
    facts = [author, item.formattedDuration, item.formattedPrice]
  case .album:
    facts = [author, year, FactText.count(item.trackCount, "track", "tracks")]
  case .artist:
    facts = [FactText.text(item.genre)]
  case .featureMovie:
    let directorYear = [author, year].compactMap { $0 }.joined(separator: ", ")
    facts = [
      directorYear.isEmpty ? nil : directorYear, FactText.text(item.advisoryRating),
      item.formattedDuration,
    ]
  case .musicVideo:
    facts = [author, item.formattedDuration, year]
  case .tvEpisode:
    facts = [author, FactText.text(item.collection), item.formattedDuration]
  case .tvSeason:
    facts = [author, FactText.count(item.trackCount, "episode", "episodes"), year]
  case .podcast:
    facts = [
      author, FactText.text(item.genre), FactText.count(item.trackCount, "episode", "episodes"),
    ]
  case .podcastEpisode:
    facts = [
      FactText.text(item.collection), FactText.day(item.releaseDate), item.formattedDuration,
    ]
  case .audiobook:
    facts = [
      author, FactText.text(item.book?.narrator).map { "Read by \($0)" }, item.formattedPrice,
    ]
  case .ebook:
    facts = [
      author, FactText.rating(item.book?.averageRating, count: item.book?.ratingCount),
      item.formattedPrice,
    ]
  case .software, .macSoftware:
    facts = [
      author ?? FactText.text(item.app?.seller),
      FactText.rating(item.app?.averageRating, count: item.app?.ratingCount), item.formattedPrice,
    ]
  case .other:
    facts = [author, FactText.text(item.genre), item.formattedPrice]
  }
  return facts.compactMap { $0 }
}
