import Foundation
import TestSupport
import Testing

/// `tunes history` as separate processes see it: searches recorded, listed, matched, cleared.
@Suite("Search history across processes")
struct HistoryTests {
  /// A sandbox answering `alpha`, `beta` and `gamma` searches with one song each.
  private func sandbox() throws -> Sandbox {
    let sandbox = try Sandbox()
    for term in ["alpha", "beta", "gamma"] {
      try sandbox.server.register(
        request: "/search?term=\(term)&limit=30",
        body: Samples.searchAnswer(titles: ["\(term) song"]))
    }
    try sandbox.server.register(
      request: "/search?term=gamma&limit=7&country=GB",
      body: Samples.searchAnswer(titles: ["gamma song"]))
    return sandbox
  }

  /// The queries of `history --format json`, in the order printed.
  private func queries(_ sandbox: Sandbox, match: String? = nil) async throws -> [String] {
    var arguments = ["history", "--format", "json"]
    if let match { arguments += ["--match", match] }
    let result = try await sandbox.run(arguments)
    guard result.exited(0), result.stderr.isEmpty else {
      throw Sandbox.Failure("history failed: \(result)")
    }
    guard let entries = OutputChecks.objects(result.standardOutput) else {
      throw Sandbox.Failure("history --format json is not an array of objects: \(result)")
    }
    return entries.compactMap { $0["query"] as? String }
  }

  @Test("searches are recorded and listed newest first, with their filters")
  func recordedNewestFirst() async throws {
    let sandbox = try sandbox()
    defer { sandbox.close() }
    #expect(try await queries(sandbox).isEmpty)
    for term in ["alpha", "beta"] {
      let result = try await sandbox.tunes("search", term, "--format", "json")
      #expect(result.exited(0), "\(result)")
    }
    let limited = try await sandbox.tunes("search", "gamma", "--limit", "7", "--country", "GB")
    #expect(limited.exited(0), "\(limited)")
    #expect(try await queries(sandbox) == ["gamma", "beta", "alpha"])

    let json = try await sandbox.tunes("history", "--format", "json")
    let entries = try #require(OutputChecks.objects(json.standardOutput))
    let filters = try #require(entries.first?["filters"] as? [String: String], "\(json)")
    #expect(filters["limit"] == "7")
    // The storefront is a setting of whoever runs a search again, not part of the entry.
    #expect(filters["country"] == nil)
    #expect(entries.allSatisfy { ($0["searchedAt"] as? String)?.hasPrefix("20") == true })

    let table = try await sandbox.tunes("history")
    #expect(table.exited(0), "\(table)")
    #expect(table.stdout.split(separator: "\n").first?.hasPrefix("gamma") == true, "\(table)")
  }

  @Test("a search again moves it to the top instead of adding a second entry")
  func repeatedSearch() async throws {
    let sandbox = try sandbox()
    defer { sandbox.close() }
    for term in ["alpha", "beta", "alpha"] {
      let result = try await sandbox.tunes("search", term)
      #expect(result.exited(0), "\(result)")
    }
    #expect(try await queries(sandbox) == ["alpha", "beta"])
  }

  @Test("--no-history does not record the search")
  func noHistory() async throws {
    let sandbox = try sandbox()
    defer { sandbox.close() }
    let recorded = try await sandbox.tunes("search", "alpha")
    #expect(recorded.exited(0), "\(recorded)")
    let unrecorded = try await sandbox.tunes("search", "beta", "--no-history")
    #expect(unrecorded.exited(0), "\(unrecorded)")
    #expect(unrecorded.stdout.contains("beta song"))
    #expect(try await queries(sandbox) == ["alpha"])
  }

  @Test("\"history\": false in config.json turns recording off")
  func configTurnsHistoryOff() async throws {
    let sandbox = try sandbox()
    defer { sandbox.close() }
    let config = sandbox.configHome.appendingPathComponent("tunes", isDirectory: true)
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    try Data(#"{"history": false}"#.utf8).write(to: config.appendingPathComponent("config.json"))
    let result = try await sandbox.tunes("search", "alpha")
    #expect(result.exited(0), "\(result)")
    #expect(try await queries(sandbox).isEmpty)
  }

  @Test("--match filters by text in any case")
  func match() async throws {
    let sandbox = try sandbox()
    defer { sandbox.close() }
    for term in ["alpha", "beta", "gamma"] {
      let result = try await sandbox.tunes("search", term)
      #expect(result.exited(0), "\(result)")
    }
    #expect(try await queries(sandbox, match: "ALP") == ["alpha"])
    #expect(try await queries(sandbox, match: "a") == ["gamma", "beta", "alpha"])
    #expect(try await queries(sandbox, match: "zzz").isEmpty)
  }

  @Test("--clear forgets everything and --remove forgets one search")
  func clearAndRemove() async throws {
    let sandbox = try sandbox()
    defer { sandbox.close() }
    for term in ["alpha", "beta", "gamma"] {
      let result = try await sandbox.tunes("search", term)
      #expect(result.exited(0), "\(result)")
    }
    let removed = try await sandbox.tunes("history", "--remove", "beta")
    #expect(removed.exited(0), "\(removed)")
    #expect(removed.stdout.isEmpty)
    #expect(removed.stderr.contains("removed \"beta\""), "\(removed)")
    #expect(try await queries(sandbox) == ["gamma", "alpha"])

    let cleared = try await sandbox.tunes("history", "--clear")
    #expect(cleared.exited(0), "\(cleared)")
    #expect(cleared.stdout.isEmpty)
    #expect(cleared.stderr.contains("history cleared"), "\(cleared)")
    #expect(try await queries(sandbox).isEmpty)
    let table = try await sandbox.tunes("history")
    #expect(table.exited(0), "\(table)")
    #expect(table.stdout.isEmpty)
    #expect(table.stderr.contains("no searches"), "\(table)")
  }
}
