import Foundation
import TestSupport
import Testing

/// `tunes favorites` end to end: add through a lookup, list, export, import elsewhere, remove.
@Suite("Favourites across processes")
struct FavoritesTests {
  @Test("add looks the item up, list shows it, a second add says it is already there")
  func addListRemove() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let empty = try await sandbox.tunes("favorites", "list")
    #expect(empty.exited(0), "\(empty)")
    #expect(empty.stdout.isEmpty)
    #expect(empty.stderr.contains("no favourites yet"), "\(empty)")

    let added = try await sandbox.tunes("favorites", "add", "284882215")
    #expect(added.exited(0), "\(added)")
    #expect(added.stdout.isEmpty)
    #expect(added.stderr.contains("added an app “Facebook”"), "\(added)")
    let again = try await sandbox.tunes("favorites", "add", "284882215")
    #expect(again.exited(0), "\(again)")
    #expect(again.stderr.contains("already a favourite"), "\(again)")

    let list = try await sandbox.tunes("favorites", "list", "--format", "json")
    #expect(list.exited(0), "\(list)")
    let items = try #require(OutputChecks.objects(list.standardOutput), "\(list)")
    #expect(items.map { $0["id"] as? Int } == [284_882_215])
    #expect(items.first?["bundleId"] as? String == "com.facebook.Facebook")

    let removed = try await sandbox.tunes("favorites", "remove", "284882215")
    #expect(removed.exited(0), "\(removed)")
    #expect(removed.stderr.contains("removed 284882215"), "\(removed)")
    #expect(try await sandbox.favoritesCount() == 0)
    let notThere = try await sandbox.tunes("favorites", "remove", "284882215")
    #expect(notThere.exited(0), "\(notThere)")
    #expect(notThere.stderr.contains("is not a favourite"), "\(notThere)")
  }

  @Test("adding an id the API does not know fails with exit 1 and stores nothing")
  func addUnknown() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let result = try await sandbox.tunes("favorites", "add", "0")
    #expect(result.exited(1), "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("no item with id 0"), "\(result)")
    #expect(try await sandbox.favoritesCount() == 0)
  }

  @Test("export --format json from one HOME imports into another, item for item")
  func exportImportRoundTrip() async throws {
    let source = try Sandbox()
    defer { source.close() }
    for id in ["284882215", "418075935,447188370"] {
      let added = try await source.tunes("favorites", "add", id)
      #expect(added.exited(0), "\(added)")
    }
    let exported = try await source.tunes("favorites", "export", "--format", "json")
    #expect(exported.exited(0), "\(exported)")
    #expect(OutputChecks.objects(exported.standardOutput)?.count == 3, "\(exported)")

    let target = try Sandbox()
    defer { target.close() }
    let file = try target.write(exported.standardOutput, to: "favorites.json")
    let imported = try await target.tunes("favorites", "import", file)
    #expect(imported.exited(0), "\(imported)")
    #expect(imported.stderr.contains("imported 3 favourite(s); skipped 0"), "\(imported)")
    let reexported = try await target.tunes("favorites", "export", "--format", "json")
    let before = try #require(OutputChecks.objects(exported.standardOutput))
    let after = try #require(OutputChecks.objects(reexported.standardOutput))
    #expect(
      Set(after.compactMap { $0["id"] as? Int }) == Set(before.compactMap { $0["id"] as? Int }))
    #expect(target.server.requestCount == 0, "import needs no network")

    let csv = try await target.tunes("favorites", "export", "--format", "csv")
    #expect(csv.exited(0), "\(csv)")
    let rows = OutputChecks.csvRows(csv.stdout)
    let header: [String] = Array(rows.first?.prefix(4) ?? [])
    #expect(header == ["id", "kind", "title", "added_at"])
    #expect(rows.count == 4, "\(rows.count) rows")
    #expect(Set(rows.map(\.count)).count == 1, "every row has as many fields as the header")
  }

  @Test("importing a file that is not a JSON array fails, saying what to import")
  func importNotAnArray() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let file = try sandbox.write(Data(#"{"id": 1}"#.utf8), to: "object.json")
    let result = try await sandbox.tunes("favorites", "import", file)
    #expect(!result.exited(0), "\(result)")
    #expect(result.signal == nil)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("not a JSON array"), "\(result)")
    #expect(result.stderr.contains("tunes favorites export --format json"), "\(result)")
    #expect(try await sandbox.favoritesCount() == 0)
  }

  @Test("importing a missing file exits 66 with a plain message")
  func importMissingFile() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let path = sandbox.directory.appending("missing.json").path
    let result = try await sandbox.tunes("favorites", "import", path)
    #expect(result.exited(66), "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("cannot read \(path)"), "\(result)")
    #expect(!result.stderr.contains("Error Domain"), "\(result.stderr)")
  }

  @Test("a listing cut off by a closed pipe (| head) exits 0 without an error")
  func closedPipe() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let file = try sandbox.write(Samples.favorites(count: 5000), to: "favorites.json")
    let imported = try await sandbox.tunes("favorites", "import", file)
    #expect(imported.exited(0), "\(imported)")
    var bash = sandbox.runner
    bash.executable = URL(fileURLWithPath: "/bin/bash")
    bash.workingDirectory = sandbox.directory.url
    let binary = sandbox.runner.executable.path
    let result = try await bash.run([
      "-c",
      "\(binary) favorites list --format ndjson 2>err | head -c 100 >/dev/null; "
        + "echo \"status=${PIPESTATUS[0]}\"; cat err",
    ])
    #expect(result.exited(0), "\(result)")
    #expect(result.stdout.hasPrefix("status=0\n"), "\(result)")
    #expect(result.stdout == "status=0\n", "nothing on stderr: \(result)")
  }
}
