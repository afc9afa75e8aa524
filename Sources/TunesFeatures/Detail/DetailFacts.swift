import ITunesCatalog

/// The labelled facts of a detail screen, suited to the kind; a missing fact is left out.
///
/// Album: artist, tracks, genre, released, copyright, price. Song: artist, album, track, disc,
/// duration, genre, released, price, explicit. Movie: director, rating, length, genre, released,
/// price, rental, HD price, HD rental. Podcast: author, genre, episodes, feed, released. App:
/// developer, seller (when another), version and its date, released, size, ratings, this
/// version's ratings, screenshots, age rating, minimum OS, languages, genre, price. Book and
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
    add("Collection", item.collection)
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
    let app = item.app
    add("Developer", item.author)
    if FactText.text(app?.seller) != FactText.text(item.author) { add("Seller", app?.seller) }
    add("Version", versionText(app))
    add("Released", released)
    add("Size", FactText.bytes(app?.fileSizeBytes))
    add("Ratings", FactText.rating(app?.averageRating, count: app?.ratingCount))
    add(
      "This version",
      FactText.rating(app?.currentVersionRating, count: app?.currentVersionRatingCount))
    add("Screenshots", screenshotsText(app, isMac: item.kind == .macSoftware))
    add("Age rating", item.advisoryRating)
    add("Minimum OS", app?.minimumOSVersion)
    add("Languages", languagesText(app?.languages ?? []))
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
  // Not explicit is the usual case: only the exception is drawn (no `Explicit No` on every song).
  case .notExplicit: return nil
  case nil: return nil
  }
}

/// `2: EN, FR`; past six codes `24: EN, FR, DE, ES, IT, JA +18 more`; one code alone. Apple's
/// duplicates (Facebook lists `ZH` twice) count once.
private func languagesText(_ given: [String]) -> String? {
  var seen = Set<String>()
  let codes = given.compactMap { code -> String? in
    guard let code = FactText.text(code)?.uppercased(), seen.insert(code).inserted else {
      return nil
    }
    return code
  }
  guard !codes.isEmpty else { return nil }
  guard codes.count > 1 else { return codes[0] }
  let shown = codes.prefix(6).joined(separator: ", ")
  let more = codes.count > 6 ? " +\(codes.count - 6) more" : ""
  return "\(codes.count): " + shown + more
}

/// `15.0 · 2017-06-14`: the version and the day it came out, either alone when the other is
/// missing.
private func versionText(_ app: AppFacts?) -> String? {
  let parts = [FactText.text(app?.version), FactText.day(app?.currentVersionReleaseDate)]
    .compactMap { $0 }
  return parts.isEmpty ? nil : parts.joined(separator: " · ")
}

/// `5 iPhone · 5 iPad` (a Mac app's `screenshotUrls` are Mac screenshots: `6 Mac`); `none` when
/// Apple sent only empty lists; `nil` without lists.
private func screenshotsText(_ app: AppFacts?, isMac: Bool) -> String? {
  guard let app, app.screenshotCount != nil || app.iPadScreenshotCount != nil else { return nil }
  var parts: [String] = []
  if let phone = app.screenshotCount, phone > 0 {
    parts.append("\(phone) " + (isMac ? "Mac" : "iPhone"))
  }
  if let pad = app.iPadScreenshotCount, pad > 0 { parts.append("\(pad) iPad") }
  return parts.isEmpty ? "none" : parts.joined(separator: " · ")
}
