extension DemoGenerator {
  /// Music: artists with two or three albums of songs each (some explicit, one with a track
  /// missing from the listing as Apple's sometimes are), music videos in and outside albums,
  /// and a Various Artists compilation not sold as a whole.
  mutating func music() {
    var compilationTracks: [(artist: String, artistID: Int64, title: String, genre: String)] = []
    for (index, artist) in DemoNames.musicArtists.enumerated() {
      let amg: Int64? = random.chance(0.4) ? Int64(400_000 + index * 37) : nil
      let genre = random.chance(0.9) ? artist.genre : nil
      let artistID = self.artist(
        name: artist.name, type: "Artist", genre: genre, path: "artist", amg: amg)
      let albumCount = random.int(2...3)
      for albumIndex in 0..<albumCount {
        let explicitAlbum =
          artist.genre == "Hip-Hop/Rap" || (artist.script == .latin && random.chance(0.12))
        let songs = album(
          artist: artist, artistID: artistID, amg: amg, explicit: explicitAlbum,
          withVideo: albumIndex == 0 && random.chance(0.5))
        if let first = songs.first, albumIndex == 0 {
          compilationTracks.append((artist.name, artistID, first, artist.genre))
        }
      }
      if random.chance(0.6) {
        musicVideo(
          artist: artist.name, artistID: artistID, genre: artist.genre,
          title: songTitle(artist.script, explicit: false), collection: nil)
      }
    }
    compilation(compilationTracks.prefix(10).map { $0 })
  }

  /// A song title in the artist's script; explicit ones have a word Apple censors.
  mutating func songTitle(_ script: DemoNames.Script, explicit: Bool) -> String {
    switch script {
    case .japanese: return random.pick(DemoNames.japaneseTitles)
    case .cyrillic: return random.pick(DemoNames.cyrillicTitles)
    case .arabic: return random.pick(DemoNames.arabicTitles)
    case .latin:
      return explicit
        ? title(["Damn %N", "%A as Hell", "Hell of a %N", "Damn the %N"])
        : title(DemoNames.songPatterns)
    }
  }

  /// Apple's censored spelling of a title.
  static func censored(_ title: String) -> String {
    // Most titles have neither word; Foundation's replacing was a tenth of making the items.
    guard holds("Damn", in: title) || holds("Hell", in: title) else { return title }
    return title.replacingOccurrences(of: "Damn", with: "D**n").replacingOccurrences(
      of: "Hell", with: "H**l")
  }

  /// An album and its songs; returns the song titles.
  mutating func album(
    artist: DemoNames.MusicArtist, artistID: Int64, amg: Int64?, explicit: Bool, withVideo: Bool,
    named fixedName: String? = nil, titles fixedTitles: [String]? = nil
  ) -> [String] {
    let collectionID = id()
    let name: String
    switch artist.script {
    case _ where fixedName != nil: name = fixedName ?? ""
    case .latin: name = title(["%A %N", "%N", "The %A %N", "%N & %N", "%A"])
    default: name = songTitle(artist.script, explicit: false)
    }
    let trackCount = fixedTitles?.count ?? random.int(5...10)
    let discCount = trackCount >= 9 ? 2 : 1
    let released = date(1998...2026)
    let year = String(released.prefix(4))
    let albumPrice = trackCount >= 8 ? 9.99 : 7.99
    let artwork = Self.artwork(kind: "Album", id: collectionID, sizes: [60, 100])
    let albumPath = "album/\(Self.slug(name))/\(collectionID)"
    var album = DemoItem()
    album.add("wrapperType", "collection")
    album.add("collectionType", "Album")
    album.add("artistId", artistID)
    album.add("collectionId", collectionID)
    if let amg { album.add("amgArtistId", amg) }
    album.add("artistName", artist.name)
    album.add("collectionName", name)
    album.add("collectionCensoredName", Self.censored(name))
    album.add("artistViewUrl", .store("artist/\(Self.slug(artist.name))/\(artistID)"))
    album.add("collectionViewUrl", .store(albumPath))
    album.members += artwork
    album.add("collectionPrice", .price(albumPrice))
    album.add("collectionExplicitness", explicit ? "explicit" : "notExplicit")
    if explicit { album.add("contentAdvisoryRating", "Explicit") }
    album.add("trackCount", trackCount)
    album.add("copyright", "℗ \(year) \(artist.name)")
    album.add("country", .country)
    album.add("currency", .currency)
    album.add("releaseDate", released)
    album.add("primaryGenreName", artist.genre)
    album.keys = ["upc": Self.upc(collectionID)]
    if amg != nil { album.keys["amgAlbumId"] = String(collectionID % 1_000_000) }
    items.append(album)

    var titles: [String] = []
    let missing = fixedTitles == nil && random.chance(0.15) ? random.int(2...trackCount) : 0
    for number in 1...trackCount where number != missing {
      let explicitTrack = explicit && random.chance(0.6)
      let drawn = fixedTitles?[number - 1] ?? songTitle(artist.script, explicit: explicitTrack)
      // One artist never has the same song twice: a title drawn again is another take of it.
      let trackTitle = uniqueSongTitle(drawn, by: artist.name)
      titles.append(trackTitle)
      let trackID = id()
      let perDisc = (trackCount + discCount - 1) / discCount
      var song = DemoItem()
      song.add("wrapperType", "track")
      song.add("kind", "song")
      song.add("artistId", artistID)
      song.add("collectionId", collectionID)
      song.add("trackId", trackID)
      song.add("artistName", artist.name)
      song.add("collectionName", name)
      song.add("trackName", trackTitle)
      song.add("collectionCensoredName", Self.censored(name))
      song.add("trackCensoredName", Self.censored(trackTitle))
      song.add("artistViewUrl", .store("artist/\(Self.slug(artist.name))/\(artistID)"))
      song.add("collectionViewUrl", .store(albumPath + "?i=\(trackID)"))
      song.add("trackViewUrl", .store(albumPath + "?i=\(trackID)"))
      song.add("previewUrl", Self.preview(trackID))
      song.members += Self.artwork(kind: "Album", id: collectionID, sizes: [30, 60, 100])
      song.add("collectionPrice", .price(albumPrice))
      song.add("trackPrice", .price(random.chance(0.7) ? 1.29 : 0.99))
      song.add("releaseDate", released)
      song.add("collectionExplicitness", explicit ? "explicit" : "notExplicit")
      song.add("trackExplicitness", explicitTrack ? "explicit" : "notExplicit")
      song.add("discCount", discCount)
      song.add("discNumber", (number - 1) / perDisc + 1)
      song.add("trackCount", discCount == 1 ? trackCount : perDisc)
      song.add("trackNumber", (number - 1) % perDisc + 1)
      song.add("trackTimeMillis", random.int(140_000...330_000))
      song.add("country", .country)
      song.add("currency", .currency)
      song.add("primaryGenreName", artist.genre)
      if explicitTrack { song.add("contentAdvisoryRating", "Explicit") }
      song.add("isStreamable", .bool(true))
      items.append(song)
    }
    if withVideo, let first = titles.first {
      musicVideo(
        artist: artist.name, artistID: artistID, genre: artist.genre, title: first,
        collection: (collectionID, name, albumPath, trackCount + 1))
    }
    return titles
  }

  /// A music video; one outside an album has no collection fields and, like some of Apple's,
  /// no price.
  mutating func musicVideo(
    artist: String, artistID: Int64, genre: String, title: String,
    collection: (id: Int64, name: String, path: String, number: Int)?
  ) {
    let trackID = id()
    var video = DemoItem()
    video.add("wrapperType", "track")
    video.add("kind", "music-video")
    video.add("artistId", artistID)
    if let collection { video.add("collectionId", collection.id) }
    video.add("trackId", trackID)
    video.add("artistName", artist)
    if let collection { video.add("collectionName", collection.name) }
    video.add("trackName", title)
    video.add("trackCensoredName", Self.censored(title))
    video.add("artistViewUrl", .store("artist/\(Self.slug(artist))/\(artistID)"))
    video.add("trackViewUrl", .store("music-video/\(Self.slug(title))/\(trackID)"))
    video.add("previewUrl", Self.preview(trackID))
    video.members += Self.artwork(kind: "MusicVideo", id: trackID, sizes: [30, 60, 100])
    if collection != nil || random.chance(0.5) { video.add("trackPrice", .price(1.99)) }
    video.add("releaseDate", date(2005...2026))
    video.add("trackExplicitness", "notExplicit")
    video.add("trackTimeMillis", random.int(180_000...300_000))
    if let collection {
      video.add("discNumber", 1)
      video.add("trackNumber", collection.number)
    }
    video.add("country", .country)
    video.add("currency", .currency)
    video.add("primaryGenreName", genre)
    items.append(video)
  }

  /// A Various Artists compilation: no artist page, `collectionPrice` -1 (not sold as a whole),
  /// each track by its own artist.
  mutating func compilation(
    _ tracks: [(artist: String, artistID: Int64, title: String, genre: String)]
  ) {
    let collectionID = id()
    let name = "Summer Sampler, Vol. 1"
    let path = "album/\(Self.slug(name))/\(collectionID)"
    let released = date(2015...2025)
    var album = DemoItem()
    album.add("wrapperType", "collection")
    album.add("collectionType", "Album")
    album.add("collectionId", collectionID)
    album.add("artistName", "Various Artists")
    album.add("collectionName", name)
    album.add("collectionCensoredName", name)
    album.add("collectionViewUrl", .store(path))
    album.members += Self.artwork(kind: "Album", id: collectionID, sizes: [60, 100])
    album.add("collectionPrice", .price(-1))
    album.add("collectionExplicitness", "notExplicit")
    album.add("trackCount", tracks.count)
    album.add("copyright", "℗ \(released.prefix(4)) Demo Records")
    album.add("country", .country)
    album.add("currency", .currency)
    album.add("releaseDate", released)
    album.add("primaryGenreName", "Pop")
    album.keys = ["upc": Self.upc(collectionID)]
    items.append(album)
    for (offset, track) in tracks.enumerated() {
      let trackID = id()
      var song = DemoItem()
      song.add("wrapperType", "track")
      song.add("kind", "song")
      song.add("artistId", track.artistID)
      song.add("collectionId", collectionID)
      song.add("trackId", trackID)
      song.add("artistName", track.artist)
      song.add("collectionName", name)
      song.add("trackName", track.title)
      song.add("collectionCensoredName", name)
      song.add("trackCensoredName", Self.censored(track.title))
      song.add("collectionArtistName", "Various Artists")
      song.add("artistViewUrl", .store("artist/\(Self.slug(track.artist))/\(track.artistID)"))
      song.add("collectionViewUrl", .store(path + "?i=\(trackID)"))
      song.add("trackViewUrl", .store(path + "?i=\(trackID)"))
      song.add("previewUrl", Self.preview(trackID))
      song.members += Self.artwork(kind: "Album", id: collectionID, sizes: [30, 60, 100])
      song.add("collectionPrice", .price(-1))
      song.add("trackPrice", .price(1.29))
      song.add("releaseDate", released)
      song.add("collectionExplicitness", "notExplicit")
      song.add("trackExplicitness", "notExplicit")
      song.add("discCount", 1)
      song.add("discNumber", 1)
      song.add("trackCount", tracks.count)
      song.add("trackNumber", offset + 1)
      song.add("trackTimeMillis", random.int(150_000...280_000))
      song.add("country", .country)
      song.add("currency", .currency)
      song.add("primaryGenreName", track.genre)
      song.add("isStreamable", .bool(true))
      items.append(song)
    }
  }
}

extension DemoGenerator {
  /// `title`, or when `artist` already has a song of that name, the first of its other takes
  /// ("(Live)", "(Reprise)" …) the artist has not; no random number is drawn, so the rest of
  /// the catalogue stays as it was.
  mutating func uniqueSongTitle(_ title: String, by artist: String) -> String {
    var used = songTitles[artist, default: []]
    defer { songTitles[artist] = used }
    if used.insert(title).inserted { return title }
    for take in ["Live", "Reprise", "Demo", "Radio Edit", "Remastered"] {
      let variant = "\(title) (\(take))"
      if used.insert(variant).inserted { return variant }
    }
    var number = 2
    while !used.insert("\(title) (Take \(number))").inserted { number += 1 }
    return "\(title) (Take \(number))"
  }

  /// The words a newcomer types first ("love", "rock", "dance" …) as songs of two more artists,
  /// made last so every earlier item keeps its id and names.
  mutating func firstWords() {
    for (artist, albums) in DemoNames.firstWordArtists {
      let artistID = self.artist(
        name: artist.name, type: "Artist", genre: artist.genre, path: "artist", amg: nil)
      for (index, album) in albums.enumerated() {
        _ = self.album(
          artist: artist, artistID: artistID, amg: nil, explicit: false,
          withVideo: index == 0, named: album.name, titles: album.songs)
      }
    }
  }
}
