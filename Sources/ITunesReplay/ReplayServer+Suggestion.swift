import Foundation
import ITunesCatalog

extension ReplayServer {
  /// The arguments of a `tunes search` this server answers, for its banner: from the catalogue
  /// it serves (the artist with the most songs, else of the most tracks), else from the
  /// recorded searches (the first, in request order, with its limit). `nil` when it answers no
  /// search.
  package var suggestedSearch: String? {
    let (catalogue, routes) = locked { (self.catalogue, self.routes) }
    if let catalogue, let artist = Self.commonestArtist(in: catalogue.records) {
      return Self.shellWords(artist)
    }
    let searches = routes.responses.filter { key, response in
      key.path == "/search" && response.status == 200
        && key.parameters.contains { $0.name == "term" && !$0.value.isEmpty }
    }.keys.sorted { $0.description < $1.description }
    // The plainest recorded search: the fewest parameters besides the term.
    guard let key = searches.min(by: { $0.parameters.count < $1.parameters.count }),
      let term = key.parameters.first(where: { $0.name == "term" })?.value
    else { return nil }
    var words = Self.shellWords(term)
    for parameter in key.parameters where parameter.name != "term" {
      let option = parameter.name == "lang" ? "lang" : parameter.name
      words += " --\(option) " + Self.shellWords(parameter.value)
    }
    // The CLI asks for 30 results when no limit is given: a recording without one is Apple's 50.
    if !key.parameters.contains(where: { $0.name == "limit" }) { words += " --limit 50" }
    return words
  }

  /// The artist named on the most songs (else on the most track records), the first seen on
  /// a tie.
  static func commonestArtist(in records: [CatalogRecord]) -> String? {
    func artist(_ record: CatalogRecord) -> String? {
      guard case .string(let name)? = record.members.first(where: { $0.key == "artistName" })?.value
      else { return nil }
      let trimmed = name.trimmingCharacters(in: .whitespaces)
      return trimmed.isEmpty ? nil : trimmed
    }
    for wanted in [{ (record: CatalogRecord) in record.kind == .song }, { $0.role == .track }] {
      var counts: [String: Int] = [:]
      var order: [String] = []
      for record in records where wanted(record) {
        guard let name = artist(record) else { continue }
        if counts[name] == nil { order.append(name) }
        counts[name, default: 0] += 1
      }
      if let best = order.max(by: { counts[$0, default: 0] < counts[$1, default: 0] }) {
        // `max` keeps the last of equals: find the first with that count instead.
        let top = counts[best, default: 0]
        return order.first { counts[$0] == top }
      }
    }
    return nil
  }

  /// Text a shell passes as it is: letters, digits and spaces bare, anything else in single
  /// quotes.
  static func shellWords(_ text: String) -> String {
    let plain = text.unicodeScalars.allSatisfy {
      $0 == " " || $0 == "-" || $0 == "." || CharacterSet.alphanumerics.contains($0)
    }
    if plain { return text }
    return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
