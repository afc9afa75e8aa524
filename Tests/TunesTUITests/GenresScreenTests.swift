import Foundation
import ITunesCatalog
import TerminalUI
import TestSupport
import Testing
import TunesFeatures

@testable import TunesTUI

extension ScreenStates {
  static let genresCases = [
    "genres-media", "genres-music", "genres-loading", "genres-unknown", "genres-unreachable",
    "genres-charts", "genres-charts-loading",
  ]

  /// Genres screens: the media list, the recorded Music tree (scrolled to a genre low in the
  /// list), its loading and error states, and Chicago Blues' chart rows.
  static func genres(_ name: String, size: Viewport) throws -> AppState {
    var state = AppState(viewport: size)
    let tree = try Genre.decode(Fixtures.shared("genres-id34-music-tree.json"), id: 34)
    let music = GenreMedium.all[0]
    let media = GenreLevel.media(MediaLevel(selection: 0))
    func treeLevel(_ genre: Loadable<Genre>, selection: Int = 0) -> GenreLevel {
      .tree(
        GenreTreeLevel(
          id: 34, name: "Music", medium: music, genre: genre, selection: selection, generation: 1))
    }
    var genres = GenresState(levels: [media], country: "us")
    switch name {
    case "genres-media":
      genres.levels = [.media(MediaLevel(selection: 2))]
    case "genres-music":
      // Hip-Hop/Rap, the 18th genre: the list scrolls on a small screen.
      genres.levels = [media, treeLevel(.loaded(tree), selection: 18)]
    case "genres-loading":
      genres.levels = [media, treeLevel(.loading(previous: nil))]
      state.spinnerTick = 3
    case "genres-unknown":
      let audiobooks = try #require(GenreMedium.withRoot(50_000_024))
      genres.levels = [
        .media(MediaLevel(selection: 7)),
        .tree(
          GenreTreeLevel(
            id: audiobooks.id, name: audiobooks.title, medium: audiobooks,
            genre: .failed(.client(.decoding(.unknownGenre(50_000_024))), previous: nil),
            generation: 1)),
      ]
    case "genres-unreachable":
      genres.levels = [
        media, treeLevel(.failed(.client(.cannotConnect(host: "127.0.0.1")), previous: nil)),
      ]
    case "genres-charts", "genres-charts-loading":
      let blues = try #require(tree.find(2))
      let chicago = try #require(tree.find(1007))
      let songs = try ChartPage.decode(Fixtures.shared("rss-v2-most-played-songs-us-100.json"))
      var rows = GenreChart.charts(of: chicago, medium: music).map { GenreChartRow(chart: $0) }
      if name == "genres-charts" {
        rows[0].items = .loaded(Array(songs.items.prefix(25)))
        rows[0].selection = 1
        rows[1].items = .failed(
          .client(
            .notFound(
              message: "replay: no recording for /us/rss/topalbums/limit=25/genre=1007/json")),
          previous: nil)
      } else {
        rows = rows.map { GenreChartRow(chart: $0.chart, items: .loading(previous: nil)) }
        state.spinnerTick = 1
      }
      genres.levels = [
        media, treeLevel(.loaded(tree), selection: 1),
        .tree(
          GenreTreeLevel(id: 2, name: "Blues", medium: music, genre: .loaded(blues), selection: 1)),
        .charts(GenreChartsLevel(genre: chicago, medium: music, rows: rows)),
      ]
    default:
      throw RecordingError.missing("genres state \(name)")
    }
    state.stack = [.genres(genres)]
    return state
  }
}

@Suite("The genres screen")
struct GenresScreenTests {
  @Test(
    "the genres screen matches its golden files", arguments: ScreenStates.genresCases,
    ScreenSnapshotTests.sizes)
  func goldens(name: String, size: Viewport) throws {
    let frame = AppScreen.render(try ScreenStates.genres(name, size: size))
    let mismatch = snapshotMismatch(frame.buffer, named: "\(name)-\(size.columns)x\(size.rows)")
    #expect(mismatch == nil, "\(mismatch ?? "")")
    for region in frame.hits.regions {
      #expect(frame.buffer.area.intersection(region.rect) == region.rect)
    }
  }

  @Test("A genre's own charts add no second crumb; a detail opened there keeps the way")
  func crumbs() throws {
    var state = try ScreenStates.genres("genres-charts", size: Viewport(columns: 160, rows: 30))
    guard case .genres(var genres) = state.stack[0], case .tree(let blues) = genres.levels[2]
    else { throw RecordingError.missing("the Blues tree level") }
    let bluesGenre = try #require(blues.genre.value)
    // The Blues tree's first row opens Blues' own charts: the level is named Blues too.
    genres.levels[3] = .charts(
      GenreChartsLevel(genre: bluesGenre, medium: blues.medium, rows: []))
    state.stack = [.genres(genres)]
    func header(_ state: AppState) -> String {
      String(BufferSnapshot.textLayer(AppScreen.render(state).buffer).prefix { $0 != "\n" })
    }
    let charts = header(state)
    #expect(charts.contains("Genres  ›  Music  ›  Blues "), "\(charts)")
    #expect(!charts.contains("Blues  ›  Blues"), "\(charts)")
    var song = CatalogItem(id: 7, kind: .song, title: "Sweet Home Chicago")
    song.author = "Robert Johnson"
    state.stack.append(.detail(DetailState(item: song)))
    let detail = header(state)
    #expect(
      detail.contains("Genres  ›  Music  ›  Blues  ›  Song  ›  Sweet Home Chicago"), "\(detail)")
    #expect(state.crumbs == ["Genres", "Music", "Blues", "Song", "Sweet Home Chicago"])
  }

  @Test("every genres screen fits a tiny terminal", arguments: ScreenStates.genresCases)
  func tiny(name: String) throws {
    for size in [Viewport(columns: 20, rows: 6), Viewport(columns: 1, rows: 1)] {
      let frame = AppScreen.render(try ScreenStates.genres(name, size: size))
      #expect(frame.buffer.width == size.columns && frame.buffer.height == size.rows)
    }
  }

  static let listTable: [(InputEvent, [AppAction])] = [
    (.key(.down), [.genres(.selectionMoved(.down))]),
    (.char("k"), [.genres(.selectionMoved(.up))]),
    (.key(.end), [.genres(.selectionMoved(.last))]),
    (.key(.enter), [.genres(.selectionOpened)]),
    (.key(.right), [.genres(.selectionOpened)]),
    (.char("l"), [.genres(.selectionOpened)]),
    (.key(.left), [.genres(.backRequested)]),
    (.key(.escape), [.genres(.backRequested)]),
    (.key(.backspace), [.genres(.backRequested)]),
    (.char("r"), [.genres(.retryRequested)]),
    (.char("g"), [.genres(.opened(medium: nil))]),
    (.char("h"), [.genres(.backRequested)]),
    (.char("H"), [.home(.opened)]),
    (.char("/"), [.searchBoxRequested]),
    (.char("q"), [.quitRequested]),
  ]

  @Test("keys in a genre list become these actions", arguments: listTable)
  func listKeys(event: InputEvent, expected: [AppAction]) throws {
    let state = try ScreenStates.genres("genres-music", size: Viewport())
    #expect(KeyMap.actions(for: event, state: state, hits: nil) == expected)
  }

  static let chartsTable: [(InputEvent, [AppAction])] = [
    (.key(.left), [.genres(.selectionMoved(.left))]),
    (.key(.right), [.genres(.selectionMoved(.right))]),
    (.char("l"), [.genres(.selectionMoved(.right))]),
    (.key(.down), [.genres(.selectionMoved(.down))]),
    (.key(.enter), [.genres(.selectionOpened)]),
    (.key(.escape), [.genres(.backRequested)]),
    (.key(.backspace), [.genres(.backRequested)]),
    (.char("r"), [.genres(.retryRequested)]),
    (.char("*"), [.favoriteToggled]),
  ]

  @Test("keys on a genre's chart rows become these actions", arguments: chartsTable)
  func chartsKeys(event: InputEvent, expected: [AppAction]) throws {
    let state = try ScreenStates.genres("genres-charts", size: Viewport())
    #expect(KeyMap.actions(for: event, state: state, hits: nil) == expected)
  }

  @Test("a click on a list row or a chart tile names it; the wheel moves the selection")
  func mouse() throws {
    func press(_ x: Int, _ y: Int) -> InputEvent {
      .mouse(MouseEvent(kind: .press(.left), x: x, y: y))
    }
    var state = try ScreenStates.genres("genres-media", size: Viewport())
    var hits = AppScreen.render(state).hits
    // Row 0 (Music) is on line 3, under the header, a blank line and the heading.
    #expect(
      KeyMap.actions(for: press(10, 3), state: state, hits: hits) == [.genres(.rowClicked(0))])
    #expect(
      KeyMap.actions(for: press(10, 5), state: state, hits: hits) == [.genres(.rowClicked(2))])
    #expect(KeyMap.actions(for: press(10, 20), state: state, hits: hits).isEmpty)
    state = try ScreenStates.genres("genres-charts", size: Viewport())
    hits = AppScreen.render(state).hits
    let tile = try #require(hits.regions.first { $0.target == .genreTile(row: 0, index: 1) })
    #expect(
      KeyMap.actions(for: press(tile.rect.x + 1, tile.rect.y + 1), state: state, hits: hits) == [
        .genres(.tileClicked(row: 0, index: 1))
      ])
    let wheel = InputEvent.mouse(MouseEvent(kind: .scrollDown, x: 1, y: 1))
    #expect(
      KeyMap.actions(for: wheel, state: state, hits: hits) == [.genres(.selectionMoved(.down))])
  }
}
