extension DemoGenerator {
  /// Podcasts (track objects whose track and collection ids are one) with twelve episodes each
  /// (wrapperType `podcastEpisode`, genres as objects, no prices). Some hosts have artist pages;
  /// most podcasts, like Apple's, carry no `artistId`.
  mutating func podcasts() {
    for (index, podcast) in DemoNames.podcasts.enumerated() {
      let hostID: Int64? =
        index % 3 == 0
        ? artist(name: podcast.host, type: "Podcast Artist", genre: nil, path: "podcast-artist")
        : nil
      let podcastID = id()
      let path = "podcast/\(Self.slug(podcast.name))/id\(podcastID)"
      let explicit = podcast.genre == "Comedy"
      let genreID = String(1300 + abs(podcast.genre.hashValueStable % 200))
      var episodes: [DemoItem] = []
      var latest = ""
      for number in 1...12 {
        let trackID = id()
        let topic = random.pick(DemoNames.episodeTopics)
        let name = "\(number). \(topic)"
        let released = date(2019...2026)
        latest = max(latest, released)
        var episode = DemoItem()
        episode.add("wrapperType", "podcastEpisode")
        episode.add("kind", "podcast-episode")
        episode.add("trackId", trackID)
        episode.add("collectionId", podcastID)
        episode.add("artistIds", .json(.array([])))
        episode.add("collectionName", podcast.name)
        episode.add("trackName", name)
        episode.members += Self.artwork(kind: "Podcast", id: podcastID, sizes: [60, 100, 160, 600])
        episode.add("feedUrl", .media("\(DemoCatalogue.feedPrefix)/\(podcastID).rss"))
        episode.add("trackViewUrl", .store(path + "?i=\(trackID)"))
        episode.add("collectionViewUrl", .store(path))
        episode.add("episodeUrl", Self.preview(trackID))
        episode.add("previewUrl", Self.preview(trackID))
        episode.add("episodeContentType", "audio")
        episode.add("episodeFileExtension", "wav")
        episode.add("closedCaptioning", "none")
        episode.add("episodeGuid", "demo-\(podcastID)-\(number)")
        episode.add("shortDescription", "\(podcast.host) on \(topic.lowercased()).")
        episode.add(
          "description",
          "\(podcast.host) talks about \(topic.lowercased()) with a "
            + "\(random.pick(DemoNames.adjectives).lowercased()) guest.")
        episode.add("releaseDate", released)
        episode.add("trackTimeMillis", random.int(900_000...3_600_000))
        episode.add("country", .country)
        episode.add(
          "genres",
          .json(.array([.object([("name", .string(podcast.genre)), ("id", .string(genreID))])])))
        episodes.append(episode)
      }
      var item = DemoItem()
      item.add("wrapperType", "track")
      item.add("kind", "podcast")
      if let hostID { item.add("artistId", hostID) }
      item.add("collectionId", podcastID)
      item.add("trackId", podcastID)
      item.add("artistName", podcast.host)
      item.add("collectionName", podcast.name)
      item.add("trackName", podcast.name)
      item.add("collectionCensoredName", podcast.name)
      item.add("trackCensoredName", podcast.name)
      if let hostID {
        item.add("artistViewUrl", .store("podcast-artist/\(Self.slug(podcast.host))/\(hostID)"))
      }
      item.add("collectionViewUrl", .store(path))
      item.add("feedUrl", .media("\(DemoCatalogue.feedPrefix)/\(podcastID).rss"))
      item.add("trackViewUrl", .store(path))
      item.members += Self.artwork(kind: "Podcast", id: podcastID, sizes: [30, 60, 100, 600])
      item.add("collectionPrice", .price(0))
      item.add("trackPrice", .price(0))
      item.add("collectionHdPrice", .price(0))
      item.add("releaseDate", latest)
      item.add("collectionExplicitness", explicit ? "explicit" : "notExplicit")
      item.add("trackExplicitness", explicit ? "explicit" : "notExplicit")
      item.add("trackCount", 12)
      item.add("country", .country)
      item.add("currency", .currency)
      item.add("primaryGenreName", podcast.genre)
      item.add("contentAdvisoryRating", explicit ? "Explicit" : "Clean")
      item.add("genreIds", .strings([genreID, "26"]))
      item.add("genres", .strings([podcast.genre, "Podcasts"]))
      items.append(item)
      items += episodes
    }
  }

  /// Authors with audiobooks (wrapperType `audiobook`, no `kind`, HTML in the description) and
  /// ebooks (no `wrapperType` at all, `fileSizeBytes` a number, ratings only sometimes).
  mutating func books() {
    var authorIDs: [Int64] = []
    for author in DemoNames.authors {
      authorIDs.append(artist(name: author, type: "Author", genre: nil, path: "author"))
    }
    for index in 0..<32 {
      let authorIndex = index % DemoNames.authors.count
      let author = DemoNames.authors[authorIndex]
      let authorID = authorIDs[authorIndex]
      let trackID = id()
      let name =
        index % 7 == 6 && index / 7 < DemoNames.foreignBooks.count
        ? DemoNames.foreignBooks[index / 7] : title(DemoNames.bookPatterns)
      let genre = random.pick(DemoNames.bookGenres)
      let price = random.pick([0, 2.99, 4.99, 9.99, 14.99])
      var book = DemoItem()
      book.add("artistId", authorID)
      book.add("artistName", author)
      book.add("kind", "ebook")
      book.add("trackId", trackID)
      book.add("trackName", name)
      book.add("trackCensoredName", name)
      book.add("artistIds", .json(.array([.number(.init(text: String(authorID)))])))
      book.add("artistViewUrl", .store("author/\(Self.slug(author))/id\(authorID)"))
      book.add("trackViewUrl", .store("book/\(Self.slug(name))/id\(trackID)"))
      book.members += Self.artwork(kind: "Book", id: trackID, sizes: [60, 100])
      book.add("price", .price(price))
      book.add("formattedPrice", .formattedPrice(price))
      book.add("currency", .currency)
      book.add("fileSizeBytes", random.int(400_000...9_000_000))
      book.add("releaseDate", date(1990...2026))
      book.add("genres", .strings([genre, "Books"]))
      book.add("genreIds", .strings([String(9000 + abs(genre.hashValueStable % 100)), "38"]))
      book.add(
        "description",
        "<p>Here&#39;s <b>\(name)</b>, \(author)&#39;s \(random.pick(DemoNames.adjectives).lowercased()) "
          + "story of \(random.pick(DemoNames.places)).</p>")
      if random.chance(0.6) {
        book.add("averageUserRating", .number(Double(random.int(30...50)) / 10))
        book.add("userRatingCount", random.int(3...4_000))
      }
      book.keys = ["isbn": Self.isbn(trackID)]
      items.append(book)
    }
    for index in 0..<14 {
      let authorIndex = (index * 3) % DemoNames.authors.count
      let author = DemoNames.authors[authorIndex]
      let authorID = authorIDs[authorIndex]
      let collectionID = id()
      let name = title(DemoNames.bookPatterns)
      let path = "audiobook/\(Self.slug(name))/id\(collectionID)"
      var book = DemoItem()
      book.add("wrapperType", "audiobook")
      book.add("artistId", authorID)
      book.add("collectionId", collectionID)
      book.add("artistName", author)
      book.add("collectionName", name)
      book.add("collectionCensoredName", name)
      book.add("artistViewUrl", .store("author/\(Self.slug(author))/id\(authorID)"))
      book.add("collectionViewUrl", .store(path))
      book.members += Self.artwork(kind: "Audiobook", id: collectionID, sizes: [60, 100])
      book.add("collectionPrice", .price(random.pick([9.99, 14.99, 19.99, 24.99])))
      book.add("collectionExplicitness", "notExplicit")
      book.add("trackCount", 1)
      book.add("copyright", "© Demo Audio")
      book.add("country", .country)
      book.add("currency", .currency)
      book.add("releaseDate", date(2000...2026))
      book.add("primaryGenreName", random.pick(DemoNames.bookGenres))
      book.add("previewUrl", Self.preview(collectionID))
      book.add(
        "description",
        "\(author) reads \(name).<br /><br />A \(random.pick(DemoNames.adjectives).lowercased()) "
          + "tale, unabridged.")
      items.append(book)
    }
  }
}
