import TerminalUI
import Testing
import TunesFeatures

@testable import TunesTUI

@Suite("Mouse map")
struct MouseMapTests {
  func press(_ x: Int, _ y: Int) -> InputEvent {
    .mouse(MouseEvent(kind: .press(.left), x: x, y: y))
  }

  @Test("a click on a tile sends tileClicked with its index")
  func clickTile() throws {
    let state = try ScreenStates.search("results", size: Viewport())
    let hits = AppScreen.render(state).hits
    // Second column of the second row of tiles.
    #expect(
      KeyMap.actions(for: press(60, 12), state: state, hits: hits) == [.search(.tileClicked(3))])
    #expect(
      KeyMap.actions(for: press(10, 6), state: state, hits: hits) == [.search(.tileClicked(0))])
    #expect(KeyMap.actions(for: press(10, 10), state: state, hits: hits).isEmpty)
  }

  @Test("a click on the query box focuses it; on a suggestion picks it")
  func clickQueryAndSuggestion() throws {
    var state = try ScreenStates.search("results", size: Viewport())
    var hits = AppScreen.render(state).hits
    #expect(
      KeyMap.actions(for: press(10, 2), state: state, hits: hits) == [
        .search(.focusMoved(to: .query))
      ])
    state = try ScreenStates.search("suggestions", size: Viewport())
    hits = AppScreen.render(state).hits
    #expect(
      KeyMap.actions(for: press(10, 5), state: state, hits: hits) == [.search(.suggestionPicked(1))]
    )
  }

  @Test("the wheel moves the selection on results and scrolls a detail, every notch")
  func wheel() throws {
    var state = try ScreenStates.search("results", size: Viewport())
    let down = InputEvent.mouse(MouseEvent(kind: .scrollDown, x: 5, y: 5))
    #expect(
      KeyMap.actions(for: down, state: state, hits: nil) == [.search(.selectionMoved(.down))])
    state = try ScreenStates.detail("album", size: Viewport())
    #expect(
      KeyMap.actions(for: down, state: state, hits: nil) == [
        .detail(.scrollRequested(.lines(MouseMap.wheelLines)))
      ])
  }

  @Test("a click on one of the author's works opens it")
  func clickWork() throws {
    var state = try ScreenStates.detail("album", size: Viewport(columns: 80, rows: 24))
    guard case .detail(var detail) = state.stack.last else { return }
    let measured = AppScreen.render(state).metrics
    detail.scroll = measured.detailMaximumScroll
    state.stack = [.detail(detail)]
    let hits = AppScreen.render(state).hits
    let work = hits.regions.first { $0.target == .work(2) }
    let rect = try #require(work?.rect)
    #expect(
      KeyMap.actions(for: press(rect.x + 1, rect.y), state: state, hits: hits) == [
        .detail(.workOpened(2))
      ])
  }

  @Test("a click on the header's ♪ tunes goes home from any screen; not under an overlay")
  func logoGoesHome() throws {
    let screens = [
      try ScreenStates.search("results", size: Viewport()),
      try ScreenStates.detail("app-loaded", size: Viewport()),
      try ScreenStates.detail("artist-loaded", size: Viewport(columns: 120, rows: 40)),
      try ScreenStates.favorites("list", size: Viewport()),
    ]
    for state in screens {
      let hits = AppScreen.render(state).hits
      for x in [1, 3, 7] {
        #expect(KeyMap.actions(for: press(x, 0), state: state, hits: hits) == [.home(.opened)])
      }
      // Past the name (the crumbs, the storefront) is not the logo.
      #expect(KeyMap.actions(for: press(9, 0), state: state, hits: hits) != [.home(.opened)])
      // And the click takes the app home: the stack emptied.
      var after = state
      let reducer = AppFeature(dependencies: .test)
      for action in KeyMap.actions(for: press(2, 0), state: state, hits: hits) {
        _ = reducer.reduce(into: &after, action: action)
      }
      #expect(after.stack.isEmpty)
      #expect(after.search.submitted == nil)
    }
    var covered = screens[1]
    covered.overlay = .help
    let hits = AppScreen.render(covered).hits
    #expect(KeyMap.actions(for: press(2, 0), state: covered, hits: hits).isEmpty)
  }

  @Test("the header names the storefront chosen, and nothing when none is")
  func headerStorefront() throws {
    var state = try ScreenStates.detail("app-loaded", size: Viewport())
    var frame = AppScreen.render(state)
    #expect(frame.buffer.text(row: 0).hasPrefix(" ♪ tunes  ›  App"))
    state.filters.country = "JP"
    frame = AppScreen.render(state)
    #expect(frame.buffer.text(row: 0).hasPrefix(" ♪ tunes · JP  ›  App"))
    state.isDemo = true
    frame = AppScreen.render(state)
    #expect(frame.buffer.text(row: 0).hasPrefix(" ♪ tunes · JP · demo catalogue  ›  App"))
  }
}

@Suite("Detail scrolling")
struct DetailScrollingTests {
  @Test("choosing one of the author's works scrolls them into view")
  func worksScrollIntoView() throws {
    var state = try ScreenStates.detail("album", size: Viewport(columns: 80, rows: 24))
    state.metrics = AppScreen.render(state).metrics
    let works = try #require(state.metrics.detailWorks)
    #expect(works.lowerBound > state.metrics.detailViewport)
    let reducer = AppFeature(dependencies: .test)
    _ = reducer.reduce(into: &state, action: .detail(.workMoved(forward: true)))
    #expect(state.topDetail?.focusedWork == 2)
    #expect(state.topDetail?.scroll == works.upperBound - state.metrics.detailViewport)
  }

  @Test("five Down keys in one read pick the fifth track, in view; scrolling stops at the end")
  func everyKeyCounts() throws {
    var state = try ScreenStates.detail("album", size: Viewport(columns: 80, rows: 24))
    state.metrics = AppScreen.render(state).metrics
    let maximum = state.metrics.detailMaximumScroll
    try #require(maximum > 5)
    let reducer = AppFeature(dependencies: .test)
    var decoder = InputDecoder()
    for event in decoder.feed(Array("\u{1B}[B\u{1B}[B\u{1B}[B\u{1B}[B\u{1B}[B".utf8)) {
      for action in KeyMap.actions(for: event, state: state, hits: nil) {
        _ = reducer.reduce(into: &state, action: action)
      }
    }
    #expect(state.topDetail?.selectedTrack == 4)
    let line = try #require(state.metrics.detailTrackLines.dropFirst(4).first)
    let scroll = try #require(state.topDetail?.scroll)
    #expect(line.lowerBound >= scroll && line.upperBound <= scroll + state.metrics.detailViewport)
    _ = reducer.reduce(into: &state, action: .detail(.scrollRequested(.pages(100))))
    #expect(state.topDetail?.scroll == maximum)
    _ = reducer.reduce(into: &state, action: .detail(.scrollRequested(.lines(1))))
    #expect(state.topDetail?.scroll == maximum)
  }
}
