import ITunesCatalog

/// The genres screen: a stack of levels, the media list at the bottom, then a medium's genre
/// tree drilled down one genre at a time, and on top (when a genre is opened) its charts.
public struct GenresState: Equatable, Sendable {
  /// The levels, bottom first; never empty (the first is the media list).
  public var levels: [GenreLevel]
  /// The storefront the screen asks for (lower case), read from the filters when it opened.
  public var country: String

  /// Entries asked for per chart.
  public static let chartLimit = 25

  /// A genres screen showing the media list.
  public init(levels: [GenreLevel] = [.media(MediaLevel())], country: String = Country.appleDefault)
  {
    self.levels = levels.isEmpty ? [.media(MediaLevel())] : levels
    self.country = country
  }

  /// The level shown.
  public var top: GenreLevel { levels.last ?? .media(MediaLevel()) }

  /// Whether the level shown is loading anything.
  public var isLoading: Bool {
    switch top {
    case .media: return false
    case .tree(let level): return level.genre.isLoading
    case .charts(let level): return level.rows.contains { $0.items.isLoading }
    }
  }

  /// The breadcrumbs: "Genres", then each level's name.
  public var crumbs: [String] {
    levels.map { level in
      switch level {
      case .media: return "Genres"
      case .tree(let tree): return tree.name
      case .charts(let charts): return charts.genre.name
      }
    }
  }
}

/// One level of the genres screen.
public enum GenreLevel: Equatable, Sendable {
  /// The media: Music, Podcasts, Apps …
  case media(MediaLevel)
  /// A genre and its subgenres (a medium's top genre is loaded from Apple's genre service;
  /// lower genres come with it).
  case tree(GenreTreeLevel)
  /// A genre's charts, one row of tiles each.
  case charts(GenreChartsLevel)
}

/// The media list.
public struct MediaLevel: Equatable, Sendable {
  /// The media shown, in order.
  public var media: [GenreMedium]
  /// The selected medium's index.
  public var selection: Int

  /// Makes the list.
  public init(media: [GenreMedium] = GenreMedium.all, selection: Int = 0) {
    self.media = media
    self.selection = selection
  }
}

/// A genre with its subgenres as a list: the first row opens the genre's own charts, the
/// others its subgenres.
public struct GenreTreeLevel: Equatable, Sendable {
  /// The genre's id.
  public var id: Int
  /// Its name (the medium's title until the service answered).
  public var name: String
  /// The medium the genre belongs to.
  public var medium: GenreMedium
  /// The genre and its subgenres.
  public var genre: Loadable<Genre>
  /// The selected row: 0 is the genre's charts, 1… its subgenres.
  public var selection: Int
  /// The number of the level's load (0: nothing asked, the genre came with its parent's tree);
  /// an answer for another number is dropped, as for a chart row.
  public var generation: Int

  /// Makes a level.
  public init(
    id: Int, name: String, medium: GenreMedium, genre: Loadable<Genre> = .idle,
    selection: Int = 0, generation: Int = 0
  ) {
    self.id = id
    self.name = name
    self.medium = medium
    self.genre = genre
    self.selection = selection
    self.generation = generation
  }

  /// Rows of the list: the charts row and one per subgenre (just the charts row before the
  /// genre has come).
  public var rowCount: Int { 1 + (genre.value?.subgenres.count ?? 0) }

  /// The subgenre the selection is on, if it is on one.
  public var selectedSubgenre: Genre? {
    guard selection > 0, let subgenres = genre.value?.subgenres,
      subgenres.indices.contains(selection - 1)
    else { return nil }
    return subgenres[selection - 1]
  }
}

/// A genre's charts: a row of tiles per chart, each loading and failing on its own.
public struct GenreChartsLevel: Equatable, Sendable {
  /// The genre.
  public var genre: Genre
  /// Its medium.
  public var medium: GenreMedium
  /// One row per chart.
  public var rows: [GenreChartRow]
  /// The row the selection is in.
  public var focusedRow: Int

  /// Makes a level.
  public init(genre: Genre, medium: GenreMedium, rows: [GenreChartRow], focusedRow: Int = 0) {
    self.genre = genre
    self.medium = medium
    self.rows = rows
    self.focusedRow = focusedRow
  }

  /// The selected item of the focused row, if it has one.
  public var selectedItem: CatalogItem? {
    guard rows.indices.contains(focusedRow) else { return nil }
    return rows[focusedRow].selectedItem
  }
}

/// One chart of a genre.
public typealias GenreChartRow = ChartRow<GenreChart>
