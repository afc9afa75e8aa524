import ITunesCatalog
import TerminalUI
import Testing
import TunesFeatures

@testable import TunesTUI

/// Every tile gets its art: the author's small works on a detail, tiles and covers cut by
/// their view keep the part that shows.
@Suite("Artwork on every tile")
struct TileArtworkTests {
  /// `state` with artwork on (10×20 cells) and every artwork the screen asks for ready.
  static func ready(_ state: AppState) -> AppState {
    var state = state
    state.artwork = ArtworkState(enabled: true, cellWidth: 10, cellHeight: 20)
    for _ in 0..<3 {
      for need in AppScreen.render(state).metrics.artwork {
        state.artwork.statuses[need.key] = .ready
      }
    }
    return state
  }

  @Test("the author's small tiles on a detail are asked for and placed at their own size")
  func smallTiles() throws {
    var state = try ScreenStates.detail("album", size: Viewport(columns: 120, rows: 40))
    guard case .detail(var detail)? = state.stack.last, case .loaded(let block)? = detail.author
    else {
      Issue.record("the album's detail has its other works")
      return
    }
    // The end of the page, where the works are.
    detail.scroll = 1000
    state.stack[state.stack.count - 1] = .detail(detail)
    state = Self.ready(state)
    let frame = AppScreen.render(state)
    let works = block.works.compactMap(\.artworkText).map { ArtworkURL.resized(text: $0, size: 60) }
    #expect(!works.isEmpty)
    let wanted = Set(frame.metrics.artwork.map(\.key))
    let placed = Set(frame.buffer.images.map(\.source))
    for key in works {
      #expect(wanted.contains(key), "\(key) is not asked for")
      #expect(placed.contains(key), "\(key) is not placed")
    }
    // Each small tile's picture takes the tile's artwork cells: four columns, three rows.
    let small = frame.buffer.images.filter { works.contains($0.source) }
    #expect(small.allSatisfy { $0.imageArea.width == 4 && $0.imageArea.height == 3 })
  }

  @Test("an app's screenshots are asked for and placed side by side, portrait, a page at a time")
  func screenshots() throws {
    let state = Self.ready(
      try ScreenStates.detail("app-screenshots", size: Viewport(columns: 120, rows: 40)))
    let frame = AppScreen.render(state)
    #expect(frame.metrics.detailScreenshotsShown == 3)
    let shots = frame.buffer.images.filter { $0.source.contains("/screen") }
    #expect(shots.count == 3)
    let wanted = frame.metrics.artwork.map(\.key)
    // The page shown (2–4 of 5) is asked for, and the next one (the fifth) after it.
    #expect(wanted.filter { $0.contains("/screen") }.count == 4)
    #expect(Set(shots.map(\.source)).isSubset(of: Set(wanted)))
    // Phone screenshots are portrait: taller than wide in pixels (cells of 10×20).
    #expect(shots.allSatisfy { $0.imageArea.height * 20 > $0.imageArea.width * 10 })
    #expect(Set(shots.map(\.imageArea.y)).count == 1)
    #expect(Set(shots.map(\.imageArea.x)).count == 3)
  }

  @Test("a detail scrolled so its cover's top is out of view keeps the cover's visible part")
  func cutCover() throws {
    var state = try ScreenStates.detail("album", size: Viewport(columns: 120, rows: 40))
    state = Self.ready(state)
    let whole = try #require(AppScreen.render(state).buffer.images.first)
    #expect(!whole.isCut)
    guard case .detail(var detail)? = state.stack.last else { return }
    detail.scroll = 3
    state.stack[state.stack.count - 1] = .detail(detail)
    let frame = AppScreen.render(state)
    let cut = try #require(frame.buffer.images.first { $0.source == whole.source })
    #expect(cut.isCut)
    #expect(cut.area.height == whole.area.height - 3)
    #expect(cut.imageArea.height == whole.area.height)
    #expect(cut.visiblePart.y == 3)
  }

  @Test("a result tile half scrolled out of the grid keeps the visible part of its picture")
  func cutTile() throws {
    var state = try ScreenStates.search("results", size: Viewport(columns: 120, rows: 40))
    state.search.resultsOffset = 2
    state = Self.ready(state)
    let frame = AppScreen.render(state)
    let cut = frame.buffer.images.filter(\.isCut)
    #expect(!cut.isEmpty, "\(frame.buffer.images.map(\.area))")
    #expect(cut.allSatisfy { $0.visiblePart.y == 2 && $0.area.height == $0.imageArea.height - 2 })
    #expect(frame.metrics.visibleArtwork == frame.buffer.images.count)
  }
}
