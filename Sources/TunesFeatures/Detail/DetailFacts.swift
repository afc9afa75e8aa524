import ITunesCatalog

/// The labelled facts of a detail screen, suited to the kind; a missing fact is left out.
///
/// Album: artist, tracks, genre, released, copyright, price. Song: artist, album, track, disc,
/// duration, genre, released, price, explicit. Movie: director, rating, length, genre, released,
/// price, rental, HD price, HD rental. Podcast: author, genre, episodes, feed, released. App:
/// developer, version, size, seller, rating, minimum OS, languages, genre, price. Book and
/// audiobook: author, narrator, genre, released, price, rating. Others: what applies of these.
public func detailFacts(for item: CatalogItem) -> [(label: String, value: String)] {
  var facts: [(label: String, value: String)] = []
  func add(_ label: String, _ value: String?) {
    if let value = FactText.text(value) { facts.append((label, value)) }
  }
  let released = FactText.day(item.releaseDate)
  switch item.kind {
  case .album:
    add(item.isCompilation ? "Compilation by" : "Artist", item.author)
    add("Tracks", item.trackCount.map(FactText.grouped))
    add("Genre", item.genre)
    add("Released", released)
    add("Copyright", item.copyright)
    add("Price", item.formattedPrice)
  case .song, .musicVideo:
    add("Artist", item.author)
    add("Album", item.collection)
    add("Track", FactText.position(item.trackNumber, of: item.trackCount))
    add("Disc", FactText.position(item.discNumber, of: item.discCount))
    add("Duration", item.formattedDuration)
    add("Genre", item.genre)
    add("Released", released)
    add("Price", item.formattedPrice)
    add("Explicit", explicitText(item))
  case .featureMovie:
    add("Director", item.author)
    add("Rating", item.advisoryRating)
    add("Length", item.formattedDuration)
    add("Genre", item.genre)
    add("Released", released)
    add("Price", item.formattedPrice)
    add("Rental", FactText.price(item.movie?.rentalPrice, currency: item.currency))
    add("HD price", FactText.price(item.movie?.hdPrice, currency: item.currency))
    add("HD rental", FactText.price(item.movie?.hdRentalPrice, currency: item.currency))
  case .tvEpisode, .tvSeason:
    add("Show", item.author)
    add("Season", item.kind == .tvEpisode ? item.collection : nil)
    add(
      item.kind == .tvEpisode ? "Episode" : "Episodes",
      item.kind == .tvEpisode
        ? FactText.position(item.trackNumber, of: item.trackCount)
        : item.trackCount.map(FactText.grouped))
    add("Length", item.formattedDuration)
    add("Rating", item.advisoryRating)
    add("Genre", item.genre)
    add("Released", released)
    add("Price", item.formattedPrice)
  case .podcast:
    add("Author", item.author)
    add("Genre", item.genre)
    add("Episodes", item.trackCount.map(FactText.grouped))
    add("Feed", item.episode?.feedURL?.absoluteString)
    add("Latest", released)
  case .podcastEpisode:
    add("Podcast", item.collection)
    add("Author", item.author)
    add("Released", released)
    add("Duration", item.formattedDuration)
    add("Genre", item.genre)
  case .software, .macSoftware:
    add("Developer", item.author)
    add("Version", item.app?.version)
    add("Size", FactText.bytes(item.app?.fileSizeBytes))
    add("Seller", item.app?.seller)
    add("Rating", FactText.rating(item.app?.averageRating, count: item.app?.ratingCount))
    add("Minimum OS", item.app?.minimumOSVersion)
    add("Languages", languagesText(item.app?.languages ?? []))
    add("Genre", item.genre)
    add("Price", item.formattedPrice)
  case .ebook, .audiobook:
    add("Author", item.author)
    add("Narrator", item.book?.narrator)
    add("Genre", item.genre)
    add("Released", released)
    add("Price", item.formattedPrice)
    add("Rating", FactText.rating(item.book?.averageRating, count: item.book?.ratingCount))
  case .artist:
    add("Genre", item.genre)
    add("Type", item.artistType)
  case .other:
    add("By", item.author)
    add("Genre", item.genre)
    add("Released", released)
    add("Price", item.formattedPrice)
  }
  return facts
}

private func explicitText(_ item: CatalogItem) -> String? {
  switch item.explicitness {
  case .explicit: return "Yes"
  case .cleaned: return "Cleaned"
  case .notExplicit: return "No"
  case nil: return nil
  }
}

private func languagesText(_ codes: [String]) -> String? {
  guard !codes.isEmpty else { return nil }
  let shown = codes.prefix(8).joined(separator: ", ")
  return codes.count > 8 ? shown + " +\(codes.count - 8) more" : shown
}
