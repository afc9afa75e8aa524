import Foundation

extension CatalogEngine {
  /// A small HTML page for a demo store link (`/store/<cc>/<kind>/<slug>/id<N>[?i=<track>]`):
  /// the item's name and author, and that this is the demo catalogue, not Apple's store.
  func storePage(for key: ReplayRequestKey) -> ReplayResponse {
    let track = key.parameters.first { $0.name == "i" }.flatMap { Int64($0.value) }
    let last = key.path.split(separator: "/").last.map(String.init) ?? ""
    let id = track ?? Int64(last.hasPrefix("id") ? String(last.dropFirst(2)) : last)
    let country = key.path.split(separator: "/").dropFirst().first.map(String.init) ?? "us"
    guard let id, let record = storePageRecord(id: id, country: country) else {
      return ReplayResponse(
        status: 404, body: HTTPWire.errorBody("replay: no demo item for \(key.path)"))
    }
    let title =
      record.string("trackName") ?? record.string("collectionName")
      ?? record.string("artistName") ?? ""
    var lines = [
      "<!doctype html>", "<meta charset=\"utf-8\">", "<title>\(Self.html(title))</title>",
    ]
    lines.append("<h1>\(Self.html(title))</h1>")
    if record.role != .artist, let author = record.string("artistName") {
      lines.append("<p>\(Self.html(author))</p>")
    }
    lines.append("<p>This is tunes' demo catalogue, not Apple's store: the item is made up.</p>")
    return ReplayResponse(
      status: 200, body: Data((lines.joined(separator: "\n") + "\n").utf8),
      headers: ["Content-Type": "text/html; charset=utf-8"])
  }

  /// The record a store page names: the one sold in `country`, else any with that id (a
  /// catalogue made by storefront: the first storefront's).
  private func storePageRecord(id: Int64, country: String) -> CatalogRecord? {
    let shelf = shelves.flatMap { $0.shelf(country) ?? $0.codes.first.flatMap($0.shelf) } ?? eager
    let found = Self.records(withID: id, in: shelf)
    return found.first { $0.storefront == nil || $0.storefront == country } ?? found.first
  }

  static func html(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
