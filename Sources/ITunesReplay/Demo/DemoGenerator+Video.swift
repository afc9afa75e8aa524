extension DemoGenerator {
  /// Feature films. Like most of Apple's, they carry no `artistId`, save those of three
  /// directors who have artist pages; rentals and HD prices only sometimes.
  mutating func movies() {
    var directorIDs: [String: Int64] = [:]
    for director in DemoNames.directors.prefix(3) {
      directorIDs[director] = artist(
        name: director, type: "Movie Artist", genre: nil, path: "movie-artist")
    }
    for index in 0..<28 {
      let trackID = id()
      let name =
        index % 9 == 8 && index / 9 < DemoNames.foreignMovies.count
        ? DemoNames.foreignMovies[index / 9] : title(DemoNames.moviePatterns)
      let director = DemoNames.directors[index % DemoNames.directors.count]
      let genre = random.pick(DemoNames.movieGenres)
      let rating = random.pick(DemoNames.movieRatings)
      var movie = DemoItem()
      movie.add("wrapperType", "track")
      movie.add("kind", "feature-movie")
      if let artistID = directorIDs[director] { movie.add("artistId", artistID) }
      movie.add("trackId", trackID)
      movie.add("artistName", director)
      movie.add("trackName", name)
      movie.add("trackCensoredName", name)
      if let artistID = directorIDs[director] {
        movie.add("artistViewUrl", .store("movie-artist/\(Self.slug(director))/\(artistID)"))
      }
      movie.add("trackViewUrl", .store("movie/\(Self.slug(name))/\(trackID)"))
      movie.add("previewUrl", Self.preview(trackID))
      movie.members += Self.artwork(kind: "Movie", id: trackID, sizes: [30, 60, 100])
      movie.add("collectionPrice", .price(14.99))
      movie.add("trackPrice", .price(random.chance(0.5) ? 14.99 : 19.99))
      if random.chance(0.6) { movie.add("trackRentalPrice", .price(3.99)) }
      if random.chance(0.7) {
        movie.add("collectionHdPrice", .price(19.99))
        movie.add("trackHdPrice", .price(19.99))
      }
      if random.chance(0.4) { movie.add("trackHdRentalPrice", .price(4.99)) }
      movie.add("releaseDate", date(1985...2026))
      movie.add("collectionExplicitness", "notExplicit")
      movie.add("trackExplicitness", rating == "R" ? "explicit" : "notExplicit")
      movie.add("trackTimeMillis", random.int(5_100_000...9_300_000))
      movie.add("country", .country)
      movie.add("currency", .currency)
      movie.add("primaryGenreName", genre)
      movie.add("contentAdvisoryRating", rating)
      if random.chance(0.5) {
        movie.add("shortDescription", "A \(genre.lowercased()) about \(name.lowercased()).")
      }
      movie.add(
        "longDescription",
        "\(name) follows a stranger who arrives in \(random.pick(DemoNames.places)) with a "
          + "\(random.pick(DemoNames.adjectives).lowercased()) secret. Directed by \(director).")
      if random.chance(0.2) { movie.add("hasITunesExtras", .bool(true)) }
      items.append(movie)
    }
  }

  /// TV: shows (artists of type "TV Show") with two seasons (collections "TV Season") of six
  /// episodes each.
  mutating func television() {
    for show in DemoNames.shows {
      let showID = artist(name: show.name, type: "TV Show", genre: show.genre, path: "tv-show")
      for season in 1...2 {
        let seasonID = id()
        let seasonName = "\(show.name), Season \(season)"
        let seasonPath = "tv-season/\(Self.slug(seasonName))/\(seasonID)"
        let released = date(2012...2026)
        let rating = random.pick(["TV-PG", "TV-14", "TV-MA"])
        var item = DemoItem()
        item.add("wrapperType", "collection")
        item.add("collectionType", "TV Season")
        item.add("artistId", showID)
        item.add("collectionId", seasonID)
        item.add("artistName", show.name)
        item.add("collectionName", seasonName)
        item.add("collectionCensoredName", seasonName)
        item.add("artistViewUrl", .store("tv-show/\(Self.slug(show.name))/\(showID)"))
        item.add("collectionViewUrl", .store(seasonPath))
        item.members += Self.artwork(kind: "TVSeason", id: seasonID, sizes: [60, 100])
        item.add("collectionPrice", .price(19.99))
        item.add("collectionHdPrice", .price(24.99))
        item.add("collectionExplicitness", rating == "TV-MA" ? "explicit" : "notExplicit")
        item.add("contentAdvisoryRating", rating)
        item.add("trackCount", 6)
        item.add("copyright", "© \(released.prefix(4)) Demo Television")
        item.add("country", .country)
        item.add("currency", .currency)
        item.add("releaseDate", released)
        item.add("primaryGenreName", show.genre)
        item.add("longDescription", "Season \(season) of \(show.name).")
        items.append(item)
        for number in 1...6 {
          let trackID = id()
          let name =
            number == 1 && season == 1 ? "Pilot" : random.pick(DemoNames.episodeTitles)
          var episode = DemoItem()
          episode.add("wrapperType", "track")
          episode.add("kind", "tv-episode")
          episode.add("artistId", showID)
          episode.add("collectionId", seasonID)
          episode.add("trackId", trackID)
          episode.add("artistName", show.name)
          episode.add("collectionName", seasonName)
          episode.add("trackName", name)
          episode.add("collectionCensoredName", seasonName)
          episode.add("trackCensoredName", name)
          episode.add("artistViewUrl", .store("tv-show/\(Self.slug(show.name))/\(showID)"))
          episode.add("collectionViewUrl", .store(seasonPath + "?i=\(trackID)"))
          episode.add("trackViewUrl", .store(seasonPath + "?i=\(trackID)"))
          episode.add("previewUrl", Self.preview(trackID))
          episode.members += Self.artwork(kind: "TVSeason", id: seasonID, sizes: [30, 60, 100])
          episode.add("collectionPrice", .price(19.99))
          episode.add("trackPrice", .price(2.99))
          episode.add("collectionHdPrice", .price(24.99))
          episode.add("trackHdPrice", .price(3.99))
          episode.add("releaseDate", released)
          episode.add("collectionExplicitness", rating == "TV-MA" ? "explicit" : "notExplicit")
          episode.add("trackExplicitness", rating == "TV-MA" ? "explicit" : "notExplicit")
          episode.add("discCount", 1)
          episode.add("discNumber", 1)
          episode.add("trackCount", 6)
          episode.add("trackNumber", number)
          episode.add("trackTimeMillis", random.int(1_300_000...3_500_000))
          episode.add("country", .country)
          episode.add("currency", .currency)
          episode.add("primaryGenreName", show.genre)
          episode.add("contentAdvisoryRating", rating)
          episode.add("shortDescription", "Episode \(number) of season \(season).")
          episode.add(
            "longDescription",
            "In \"\(name)\", the crew of \(show.name) faces "
              + "\(random.pick(DemoNames.adjectives).lowercased()) news.")
          items.append(episode)
        }
      }
    }
  }
}
