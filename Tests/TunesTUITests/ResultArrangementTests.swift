import Foundation
import ITunesCatalog
import TerminalUI
import TestSupport
import Testing
import TunesFeatures

@testable import TunesTUI

/// Sorting the results and showing one kind (`o`, `t`), as a newcomer asked (issue 23, 16).
@Suite("Results sorted and filtered by kind")
struct ResultArrangementTests {
  @Test("o and t on the results send the order and kind steps")
  func keys() throws {
    let state = try ScreenStates.search("results", size: Viewport())
    #expect(KeyMap.actions(for: .char("o"), state: state, hits: nil) == [.search(.orderStepped)])
    #expect(KeyMap.actions(for: .char("t"), state: state, hits: nil) == [.search(.kindStepped)])
  }

  @Test("Movies only, by title: the grid shows them A to Z and the bar says so")
  func moviesByTitle() throws {
    var state = try ScreenStates.search("results", size: Viewport(columns: 120, rows: 40))
    let all = state.search.results.value ?? []
    let movies = all.filter { $0.kind == .featureMovie }
    #expect(movies.count > 1 && movies.count < all.count)
    state.search.kindShown = .featureMovie
    state.search.order = .title
    state.search.selection = 0
    let shown = state.search.items
    #expect(shown.count == movies.count)
    #expect(shown.allSatisfy { $0.kind == .featureMovie })
    let titles = shown.map { $0.title.lowercased() }
    #expect(titles == titles.sorted())
    let text = BufferSnapshot.textLayer(AppScreen.render(state).buffer)
    #expect(
      text.contains("\(movies.count) of \(all.count) results · only Movies, by title"), "\(text)")
    #expect(!text.contains("Song "), "no song tile is drawn")
  }

  @Test("Newest first and price order keep items without a date or price last, stably")
  func ordering() {
    func item(_ id: Int64, _ title: String, year: Double?, price: Double?) -> CatalogItem {
      var item = CatalogItem(id: id, kind: .song, title: title)
      item.releaseDate = year.map { Date(timeIntervalSince1970: ($0 - 1970) * 31_557_600) }
      item.price = price.map { Decimal($0) }
      return item
    }
    let items = [
      item(1, "b", year: 2001, price: 1.29), item(2, "A", year: nil, price: nil),
      item(3, "c", year: 2020, price: 0.99), item(4, "á", year: 2020, price: 1.29),
    ]
    var search = SearchState()
    search.order = .newest
    #expect(search.arranged(items).map(\.id) == [3, 4, 1, 2])
    search.order = .price
    #expect(search.arranged(items).map(\.id) == [3, 1, 4, 2])
    search.order = .title
    #expect(search.arranged(items).map(\.id) == [2, 4, 1, 3])
    search.order = .apple
    #expect(search.arranged(items).map(\.id) == [1, 2, 3, 4])
    #expect(ResultOrder.price.next == .apple)
  }
}
