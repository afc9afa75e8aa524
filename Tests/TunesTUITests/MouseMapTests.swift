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
    var state = try ScreenStates.search("results", size: Viewport())
    let frame = AppScreen.render(state)
    // Second column of the second row of tiles.
    #expect(KeyMap.actions(for: press(60, 12), state: &state, frame: frame) == [.tileClicked(3)])
    #expect(KeyMap.actions(for: press(10, 6), state: &state, frame: frame) == [.tileClicked(0)])
    #expect(KeyMap.actions(for: press(10, 10), state: &state, frame: frame).isEmpty)
  }

  @Test("a click on the query box focuses it; on a suggestion picks it")
  func clickQueryAndSuggestion() throws {
    var state = try ScreenStates.search("results", size: Viewport())
    var frame = AppScreen.render(state)
    #expect(
      KeyMap.actions(for: press(10, 2), state: &state, frame: frame) == [.focusMoved(to: .query)])
    state = try ScreenStates.search("suggestions", size: Viewport())
    frame = AppScreen.render(state)
    #expect(
      KeyMap.actions(for: press(10, 5), state: &state, frame: frame) == [.suggestionPicked(1)])
  }

  @Test("the wheel moves the selection on results and scrolls a detail")
  func wheel() throws {
    var state = try ScreenStates.search("results", size: Viewport())
    let down = InputEvent.mouse(MouseEvent(kind: .scrollDown, x: 5, y: 5))
    #expect(KeyMap.actions(for: down, state: &state, frame: nil) == [.selectionMoved(.down)])
    state = try ScreenStates.detail("album", size: Viewport())
    let frame = AppScreen.render(state)
    #expect(
      KeyMap.actions(for: down, state: &state, frame: frame) == [
        .detail(.scrolled(MouseMap.wheelLines))
      ])
  }

  @Test("a click on one of the author's works opens it")
  func clickWork() throws {
    var state = try ScreenStates.detail("album", size: Viewport(columns: 80, rows: 24))
    guard case .detail(var detail) = state.app.stack.last else { return }
    var frame = AppScreen.render(state)
    detail.scroll = frame.detailMaximumScroll
    state.app.stack = [.detail(detail)]
    frame = AppScreen.render(state)
    let work = frame.hits.regions.first { $0.target == .work(2) }
    let rect = try #require(work?.rect)
    #expect(
      KeyMap.actions(for: press(rect.x + 1, rect.y), state: &state, frame: frame) == [
        .detail(.workOpened(2))
      ])
  }
}

@Suite("Detail works")
struct DetailWorksTests {
  @Test("choosing one of the author's works scrolls them into view")
  func worksScrollIntoView() throws {
    var state = try ScreenStates.detail("album", size: Viewport(columns: 80, rows: 24))
    let frame = AppScreen.render(state)
    let works = try #require(frame.detailWorks)
    #expect(works.lowerBound > frame.detailViewport)
    let actions = KeyMap.actions(for: .key(.right), state: &state, frame: frame)
    #expect(actions.first == .selectionMoved(.right))
    guard case .detail(.scrolled(let delta))? = actions.last else {
      Issue.record("expected a scroll, got \(actions)")
      return
    }
    #expect(delta == works.upperBound - frame.detailViewport)
  }
}
