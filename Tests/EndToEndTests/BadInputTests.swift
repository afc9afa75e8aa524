import Foundation
import Testing

/// Arguments the binary must refuse with exit 64 before sending anything.
@Suite("Bad input is refused with exit 64 and a message")
struct BadInputTests {
  /// One refused command line and the words its message must hold.
  struct Case: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var words: [String]
    var testDescription: String { "tunes " + arguments.joined(separator: " ") }
  }

  static let cases: [Case] = [
    Case(arguments: ["search"], words: ["needs a term", "tunes search --help"]),
    Case(arguments: ["search", "   "], words: ["needs a term"]),
    Case(arguments: ["search", "", "\t"], words: ["needs a term"]),
    Case(arguments: ["search", "x", "--limit", "0"], words: ["limit 0", "1 to 200"]),
    Case(arguments: ["search", "x", "--limit", "500"], words: ["limit 500", "1 to 200"]),
    Case(arguments: ["search", "x", "--limit", "ten"], words: ["--limit", "whole number"]),
    Case(
      arguments: ["search", "x", "--media", "musik"],
      words: ["\"musik\"", "--media", "Did you mean \"music\"?"]),
    Case(
      arguments: ["search", "x", "--entity", "qwertyuiop"], words: ["\"qwertyuiop\"", "entity"]),
    Case(
      arguments: ["search", "x", "--attribute", "qwertyuiop"],
      words: ["\"qwertyuiop\"", "attribute"]),
    Case(
      arguments: ["search", "x", "--media", "movie", "--entity", "song"],
      words: ["\"song\"", "\"movie\"", "does not go with"]),
    Case(arguments: ["search", "x", "--country", "XX"], words: ["\"XX\"", "country"]),
    Case(arguments: ["search", "x", "--format", "jsn"], words: ["Did you mean \"json\"?"]),
    Case(arguments: ["search", "x", "--limt", "3"], words: ["--limt", "Did you mean --limit?"]),
    Case(arguments: ["search", "x", "--timeout", "0"], words: ["timeout", "\"0\""]),
    Case(
      arguments: ["search", "x", "--api-base", "http://example.com"],
      words: ["http://example.com", "plain http", "127.0.0.1"]),
    Case(
      arguments: ["search", "x", "--offline", "--no-cache"], words: ["--offline", "--no-cache"]),
    Case(arguments: ["search", "x", "--offset", "-1"], words: ["offset -1", "out of range"]),
    Case(arguments: ["search", "x", "--explicit", "maybe"], words: ["\"maybe\"", "yes, no"]),
    Case(arguments: ["search", "x", "--timeout", "1e999"], words: ["\"1e999\"", "timeout"]),
    Case(arguments: ["search", "x", "--api-base"], words: ["--api-base needs a value"]),
    Case(arguments: ["lookup", "1,,2"], words: ["not a valid id"]),
    Case(arguments: ["lookup", "99999999999999999999"], words: ["not a valid id"]),
    Case(arguments: ["history", "--format", "csv"], words: ["\"csv\"", "table, json"]),
    Case(arguments: ["favorites", "add"], words: ["tunes favorites add ID"]),
    Case(arguments: ["favorites", "export", "--format", "tsv"], words: ["json, csv or m3u8"]),
    Case(arguments: ["serch", "x"], words: ["\"serch\"", "Did you mean \"search\"?"]),
    Case(arguments: ["lookup", "abc"], words: ["\"abc\"", "not a valid id"]),
    Case(arguments: ["lookup", "12x4"], words: ["\"12x4\"", "not a valid id"]),
    Case(arguments: ["lookup"], words: ["lookup needs ids"]),
    Case(arguments: ["favorites", "lst"], words: ["\"lst\"", "Did you mean \"list\"?"]),
    Case(arguments: ["history", "extra"], words: ["no arguments"]),
  ]

  @Test(
    "each bad command line exits 64, says why on stderr, prints nothing, sends nothing",
    arguments: cases)
  func refused(_ input: Case) async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let result = try await sandbox.run(input.arguments)
    #expect(result.exited(64), "\(result)")
    #expect(result.stdout.isEmpty, "\(result)")
    #expect(result.stderr.hasPrefix("tunes: "), "\(result)")
    for word in input.words {
      #expect(result.stderr.contains(word), "missing \"\(word)\" in: \(result.stderr)")
    }
    #expect(sandbox.server.requestCount == 0)
    // Refusing a search or lookup creates no files (favorites opens its database first).
    if input.arguments.first != "favorites" {
      #expect(!FileManager.default.fileExists(atPath: sandbox.databaseFile.path))
      #expect(!FileManager.default.fileExists(atPath: sandbox.responseCacheFile.path))
    }
  }

  /// Typos of entity and attribute values close to a valid one.
  static let typos: [(arguments: [String], suggestion: String)] = [
    (["search", "x", "--entity", "sng"], "Did you mean \"song\"?"),
    (["search", "x", "--attribute", "artistTrm"], "Did you mean \"artistTerm\"?"),
  ]

  @Test("a close typo of an entity or attribute is refused with a suggestion", arguments: typos)
  func suggestion(_ typo: (arguments: [String], suggestion: String)) async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let result = try await sandbox.run(typo.arguments)
    #expect(result.exited(64), "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains(typo.suggestion), "\(result.stderr)")
  }
}

/// Settings from the environment that are refused.
@Suite("Bad settings in the environment")
struct BadEnvironmentTests {
  @Test("an unknown TUNES_HTTP_TRANSPORT is refused with exit 64 naming it")
  func unknownTransport() async throws {
    let sandbox = try Sandbox(environment: ["TUNES_HTTP_TRANSPORT": "carrier-pigeon"])
    defer { sandbox.close() }
    let result = try await sandbox.tunes("search", "jack", "johnson")
    #expect(result.exited(64), "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("carrier-pigeon"), "\(result)")
    #expect(sandbox.server.requestCount == 0)
  }

  @Test("an unusable TUNES_API_BASE is refused with exit 64 naming it")
  func unusableBase() async throws {
    let sandbox = try Sandbox(environment: ["TUNES_API_BASE": "ftp://127.0.0.1/"])
    defer { sandbox.close() }
    let result = try await sandbox.tunes("search", "jack", "johnson")
    #expect(result.exited(64), "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("ftp://127.0.0.1/"), "\(result)")
    #expect(result.stderr.contains("TUNES_API_BASE"), "the advice names the variable: \(result)")
  }
}
