extension DemoGenerator {
  /// iPhone and Mac apps by six developers (artists of type "Software Artist"): bundle ids,
  /// versions, `fileSizeBytes` as a string, free and paid, ratings missing on new apps.
  mutating func apps() {
    var developerIDs: [Int64] = []
    for developer in DemoNames.developers {
      developerIDs.append(
        artist(name: developer, type: "Software Artist", genre: nil, path: "developer"))
    }
    var used = Set<String>()
    for index in 0..<40 {
      let mac = index % 4 == 3
      let developerIndex = index % DemoNames.developers.count
      let developer = DemoNames.developers[developerIndex]
      let developerID = developerIDs[developerIndex]
      var name = random.pick(DemoNames.appWords) + " " + random.pick(DemoNames.appSuffixes)
      while used.contains(name) { name += " 2" }
      used.insert(name)
      let trackID = id()
      let genre = random.pick(DemoNames.appGenres)
      let price = random.chance(0.6) ? 0 : random.pick([0.99, 2.99, 4.99, 9.99])
      let released = date(2010...2024)
      let updated = date(2025...2026)
      let bundle =
        "com.demo.\(Self.slug(developer).replacingOccurrences(of: "-", with: "").prefix(12))."
        + Self.slug(name).replacingOccurrences(of: "-", with: "")
      var app = DemoItem()
      app.add("wrapperType", "software")
      app.add("kind", mac ? "mac-software" : "software")
      app.add("trackId", trackID)
      app.add("trackName", name)
      app.add("trackCensoredName", name)
      app.add("bundleId", bundle)
      app.add("artistId", developerID)
      app.add("artistName", developer)
      app.add("sellerName", developer)
      if random.chance(0.5) { app.add("sellerUrl", .store("developer-site/\(developerID)")) }
      app.add("artistViewUrl", .store("developer/\(Self.slug(developer))/id\(developerID)"))
      app.add("trackViewUrl", .store("app/\(Self.slug(name))/id\(trackID)"))
      app.members += Self.artwork(kind: "App", id: trackID, sizes: [60, 100, 512])
      app.add(
        "screenshotUrls",
        .mediaList(
          // Five, so the page's strip of three has a second page to show.
          (1...5).map {
            "\(DemoCatalogue.artworkPrefix)/Screenshot/\(trackID)/\($0).jpg/392x696bb.jpg"
          }))
      app.add("price", .price(price))
      app.add("formattedPrice", .formattedPrice(price))
      app.add("currency", .currency)
      app.add("version", "\(random.int(1...9)).\(random.int(0...12)).\(random.int(0...9))")
      app.add("fileSizeBytes", String(random.int(8_000_000...400_000_000)))
      app.add("minimumOsVersion", mac ? "12.0" : "\(random.int(14...17)).0")
      app.add("releaseDate", released)
      app.add("currentVersionReleaseDate", updated)
      app.add(
        "releaseNotes",
        "Bug fixes and a \(random.pick(DemoNames.adjectives).lowercased()) new look.")
      app.add(
        "description",
        "\(name) helps you keep track of \(random.pick(DemoNames.nouns).lowercased()), "
          + "made by \(developer).")
      app.add("primaryGenreName", genre)
      app.add("primaryGenreId", 6000 + abs(genre.hashValueStable % 30))
      app.add("genres", .strings([genre]))
      app.add("genreIds", .strings([String(6000 + abs(genre.hashValueStable % 30))]))
      if !mac {
        app.add("supportedDevices", .strings(["iPhone15-iPhone15", "iPadPro11-iPadPro11"]))
      }
      app.add(
        "languageCodesISO2A", .strings(random.chance(0.5) ? ["EN"] : ["EN", "FR", "JA", "RU"]))
      if random.chance(0.75) {
        let rating = Double(random.int(28...50)) / 10
        let count = random.int(5...90_000)
        app.add("averageUserRating", .number(rating))
        app.add("userRatingCount", count)
        app.add("averageUserRatingForCurrentVersion", .number(rating))
        app.add("userRatingCountForCurrentVersion", count)
      }
      app.add("trackContentRating", random.pick(["4+", "9+", "12+"]))
      app.add("contentAdvisoryRating", "4+")
      app.add("isGameCenterEnabled", .bool(genre == "Games"))
      items.append(app)
    }
  }
}
