import Foundation
import Testing

/// Titles carrying terminal control sequences must never reach the terminal as bytes.
@Suite("Control characters from the network never reach the terminal")
struct ControlCharacterTests {
  /// An answer whose titles hold ESC sequences (`ESC[2J` clears the screen), a C1 CSI (U+009B) both
  /// escaped and as raw UTF-8 bytes, BEL, and DEL; the artist name holds an OSC title sequence.
  static var evilAnswer: Data {
    var body = Data(
      #"""
      {"resultCount":2,"results":[
      {"wrapperType":"track","kind":"song","trackId":9001,"artistName":"Art\u001b]0;pwned\u0007ist",
      "collectionName":"Album","trackName":"Evil\u001b[2JTitle\u009b31mRed\u0007Bell\u007fDel",
      "trackTimeMillis":1000,"trackPrice":0.99,"currency":"USD","releaseDate":"2020-01-01T00:00:00Z"},
      {"wrapperType":"track","kind":"song","trackId":9002,"artistName":"Plain",
      "collectionName":"Album","trackName":"Raw
      """#.utf8)
    body.append(contentsOf: [0xC2, 0x9B])
    body.append(contentsOf: Array(#"2JC1","trackTimeMillis":1000}]}"#.utf8))
    return body
  }

  @Test(
    "no ESC, BEL, DEL or C1 byte in any output format",
    arguments: ["table", "csv", "tsv", "json", "ndjson"])
  func noControlBytes(format: String) async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    try sandbox.server.register(request: "/search?term=evil&limit=30", body: Self.evilAnswer)
    let result = try await sandbox.tunes("search", "evil", "--format", format)
    #expect(result.exited(0), "\(result)")
    #expect(result.stderr.isEmpty, "\(result)")
    let found = OutputChecks.controlBytes(
      in: result.standardOutput, allowTab: format == "tsv", allowCRLF: format == "csv")
    #expect(found.isEmpty, "control bytes in \(format) output: \(found)\n\(result.stdout)")
    #expect(result.stdout.contains("Evil"), "\(result)")
    #expect(result.stdout.contains("Title"))
    #expect(result.stdout.contains("Raw"))
  }

  @Test("json keeps the text but escapes every control character")
  func jsonEscapes() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    try sandbox.server.register(request: "/search?term=evil&limit=30", body: Self.evilAnswer)
    let result = try await sandbox.tunes("search", "evil", "--format", "json")
    #expect(result.exited(0), "\(result)")
    let text = result.stdout.lowercased()
    for escape in [#"\u001b"#, #"\u009b"#, #"\u0007"#, #"\u007f"#] {
      #expect(text.contains(escape), "\(escape) missing in \(result.stdout)")
    }
    let items = try #require(OutputChecks.objects(result.standardOutput), "\(result)")
    #expect(items.count == 2)
    #expect(
      items.first?["title"] as? String == "Evil\u{1B}[2JTitle\u{9B}31mRed\u{07}Bell\u{7F}Del")
    #expect(items.last?["title"] as? String == "Raw\u{9B}2JC1")
  }

  @Test("history shows a stored search term without its control characters")
  func historyTable() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let term = "evil\u{1B}[2J\u{07}"
    let encoded = try #require(term.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
    try sandbox.server.register(
      request: "/search?term=" + encoded + "&limit=30", body: Self.evilAnswer)
    let search = try await sandbox.tunes("search", term, "--format", "json")
    #expect(search.exited(0), "\(search)")
    let history = try await sandbox.tunes("history")
    #expect(history.exited(0), "\(history)")
    #expect(history.stdout.contains("evil"), "\(history)")
    #expect(OutputChecks.controlBytes(in: history.standardOutput).isEmpty, "\(history.stdout)")
  }
}
