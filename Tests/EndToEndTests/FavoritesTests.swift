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
    #expect(removed.stderr.contains("removed an app “Facebook”."), "\(removed)")
    #expect(try await sandbox.favoritesCount() == 0)
    let notThere = try await sandbox.tunes("favorites", "remove", "284882215")
    #expect(notThere.exited(0), "\(notThere)")
    #expect(notThere.stderr.contains("is not a favourite"), "\(notThere)")
  }

  @Test("adding an id the API does not know exits 65 (a documented code) and stores nothing")
  func addUnknown() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let result = try await sandbox.tunes("favorites", "add", "0")
    #expect(result.exited(65), "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("Apple knows no item with id 0 in the US store."), "\(result)")
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
    #expect(imported.stderr.contains("imported 3 favourites; skipped 0"), "\(imported)")
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
    #expect(result.exited(65), "\(result)")
    #expect(result.stderr.contains("cannot import object.json"), "\(result)")
    #expect(result.stderr.contains("not an array of items"), "\(result)")
    #expect(result.stderr.contains("tunes favorites export"), "\(result)")
    #expect(!result.stderr.contains("SQLite"), "\(result)")
    #expect(!result.stderr.contains("database"), "\(result)")
    #expect(try await sandbox.favoritesCount() == 0)
  }

  @Test(
    "a text file or a truncated array is a data error naming the file, never database advice",
    arguments: [
      ("notes.txt", "hello, this is not json\n", "neither JSON nor the CSV"),
      ("cut.json", #"[{"id": 1, "title": "A"}, {"id": 2"#, "not valid JSON"),
      ("empty.json", "", "it is empty"),
    ])
  func importBadFiles(name: String, content: String, reason: String) async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let file = try sandbox.write(Data(content.utf8), to: name)
    let result = try await sandbox.tunes("favorites", "import", file)
    #expect(result.exited(65), "\(result)")
    #expect(result.stderr.contains("cannot import \(name)"), "\(result)")
    #expect(result.stderr.contains(reason), "\(result)")
    #expect(!result.stderr.contains("SQLite"), "\(result)")
    #expect(!result.stderr.contains("move the database"), "\(result)")
  }

  @Test("the CSV that export writes imports back, item for item")
  func csvRoundTrip() async throws {
    let source = try Sandbox()
    defer { source.close() }
    let added = try await source.tunes("favorites", "add", "284882215")
    #expect(added.exited(0), "\(added)")
    let csv = try await source.tunes("favorites", "export", "--format", "csv")
    #expect(csv.exited(0), "\(csv)")
    let target = try Sandbox()
    defer { target.close() }
    let file = try target.write(csv.standardOutput, to: "favourites.csv")
    let imported = try await target.tunes("favorites", "import", file)
    #expect(imported.exited(0), "\(imported)")
    #expect(imported.stderr.contains("imported 1 favourite"), "\(imported)")
    let list = try await target.tunes("favorites", "list", "--format", "json")
    let items = try #require(OutputChecks.objects(list.standardOutput), "\(list)")
    #expect(items.first?["id"] as? Int == 284_882_215)
    #expect(items.first?["title"] as? String == "Facebook")
    #expect(items.first?["bundleId"] as? String == "com.facebook.Facebook")
    let table = try await target.tunes("favorites", "list")
    #expect(table.stdout.contains("Facebook"), "\(table)")
  }

  @Test("add keeps the item with the given id, not the songs its lookup carries; --country is sent")
  func addOnlyThatItem() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let answer = #"""
      {"resultCount":2,"results":[
      {"wrapperType":"collection","collectionType":"Album","collectionId":88,
       "collectionName":"An Album","artistName":"An Artist","artistId":7},
      {"wrapperType":"track","kind":"song","trackId":1001,"collectionId":88,
       "trackName":"A Song","artistName":"An Artist","artistId":7}]}
      """#
    try sandbox.server.register(request: "/lookup?id=88&country=GB", body: Data(answer.utf8))
    let result = try await sandbox.tunes("favorites", "add", "88", "--country", "gb")
    #expect(result.exited(0), "\(result)")
    #expect(result.stderr.contains("An Album"), "\(result)")
    #expect(!result.stderr.contains("A Song"), "\(result)")
    #expect(try await sandbox.favoritesCount() == 1)
  }

  @Test("an imported item without a title is left out, and the summary says so")
  func importUntitled() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let json = #"[{"id": 1, "kind": "song", "title": "Kept"}, {"id": 2, "kind": "song"}]"#
    let file = try sandbox.write(Data(json.utf8), to: "two.json")
    let result = try await sandbox.tunes("favorites", "import", file)
    #expect(result.exited(0), "\(result)")
    #expect(result.stderr.contains("imported 1 favourite"), "\(result)")
    #expect(result.stderr.contains("left out 1 without a title (id 2)"), "\(result)")
    #expect(try await sandbox.favoritesCount() == 1)
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
