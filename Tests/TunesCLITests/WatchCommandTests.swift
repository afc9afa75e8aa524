import Foundation
import ITunesCatalog
import TestSupport
import Testing

@testable import TunesCLI

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `tunes watch` against a replay server whose answers change between runs, with real SQLite.
@Suite("tunes watch")
struct WatchCommandTests {
  static let day: TimeInterval = 86_400

  func apps() -> ChangingCatalogue {
    ChangingCatalogue(apps: [
      .init(id: 1, title: "Pocket Planner", price: 4.99, version: "2.0", storefronts: ["us"]),
      .init(id: 2, title: "Night Sky", price: 0, version: "1.0", storefronts: ["us"]),
      .init(id: 3, title: "Tide Tables", price: 1.99, storefronts: ["us"]),
    ])
  }

  @Test("the first run records; a change is reported once with old and new; a repeat: nothing")
  func reportedOnce() async throws {
    let world = try WatchWorld(apps())
    let cli = world.cli
    #expect(await cli.run(["watch", "1", "2", "3", "--format", "ndjson"]) == 0, "\(cli.stderr)")
    #expect(cli.stdout.isEmpty)
    #expect(
      cli.stderr.contains("first check of 3 items in US: recorded; nothing to compare yet."))
    // Apple changes its answers: a price drop, a new version, an app gone from the store.
    world.catalogue.apps[0].price = 2.99
    world.catalogue.apps[1].version = "1.1"
    world.catalogue.apps[1].notes = "Comets, now with tails."
    world.catalogue.apps[2].storefronts = []
    cli.now = cli.now.addingTimeInterval(Self.day)
    #expect(await cli.run(["watch", "1", "2", "3", "--format", "ndjson"]) == 0, "\(cli.stderr)")
    let lines = try WatchWorld.objects(cli.stdout)
    #expect(lines.count == 3, "\(cli.stdout)")
    let at = ISODate.string(from: cli.now)
    let down = try #require(lines.first { $0["change"]?.text == "price-down" })
    #expect(down["id"]?.integer == 1)
    #expect(down["title"]?.text == "Pocket Planner")
    #expect(down["kind"]?.text == "software")
    #expect(down["old"]?.text == "4.99")
    #expect(down["new"]?.text == "2.99")
    #expect(down["currency"]?.text == "USD")
    #expect(down["country"]?.text == "us")
    #expect(down["at"]?.text == at)
    let version = try #require(lines.first { $0["change"]?.text == "new-version" })
    #expect(version["old"]?.text == "1.0" && version["new"]?.text == "1.1")
    #expect(version["notes"]?.text == "Comets, now with tails.")
    let gone = try #require(lines.first { $0["change"]?.text == "gone" })
    #expect(gone["id"]?.integer == 3 && gone["title"]?.text == "Tide Tables")
    #expect(gone["old"]?.text == "1.99" && gone["new"] == .null)
    #expect(cli.stderr.contains("checked 3 items in US: 3 changes."), "\(cli.stderr)")
    // Nothing new: nothing reported, in any format.
    cli.now = cli.now.addingTimeInterval(Self.day)
    #expect(await cli.run(["watch", "1", "2", "3", "--format", "ndjson"]) == 0)
    #expect(cli.stdout.isEmpty, "\(cli.stdout)")
    #expect(cli.stderr.contains("no changes since the last check"), "\(cli.stderr)")
    #expect(await cli.run(["watch", "1", "2", "3"]) == 0)
    #expect(cli.stdout.isEmpty)
    // Back in the store at the same price.
    world.catalogue.apps[2].storefronts = ["us"]
    #expect(await cli.run(["watch", "1", "2", "3", "--format", "json"]) == 0)
    let back = try JSONParser.parse(Array(cli.stdout.utf8))
    guard case .array(let changes) = back else {
      Issue.record("not an array: \(cli.stdout)")
      return
    }
    #expect(changes.map { $0["change"]?.text } == ["back"])
    #expect(changes.first?["new"]?.text == "1.99")
    // One request a run; every one carried a cache-buster.
    #expect(world.targets.count == 5)
    #expect(world.targets.allSatisfy { $0.contains("_=") }, "\(world.targets)")
  }

  // 401 ids (3 batches): the debug build splitting answers per id is slow enough that 1,000
  // would hold the shared CPU for half a minute; `make bench` runs 1,000 in release.
  @Test("401 ids in two storefronts: ceil(401 ÷ 200) = 3 requests per storefront")
  func requestsPerStorefront() async throws {
    let catalogue = ChangingCatalogue(
      apps: (1...401).map {
        .init(id: Int64($0), title: "App \($0)", price: 0.99, storefronts: ["us", "gb"])
      })
    let world = try WatchWorld(catalogue)
    let file = world.cli.home.appendingPathComponent("ids.txt")
    try Data((1...401).map(String.init).joined(separator: "\n").utf8).write(to: file)
    let code = await world.cli.run(["watch", "--ids-from", file.path, "--country", "us,gb"])
    #expect(code == 0, "\(world.cli.stderr)")
    #expect(world.targets.count == 6)
    #expect(world.lookupCountries.filter { $0 == "us" }.count == 3)
    #expect(world.lookupCountries.filter { $0 == "gb" }.count == 3)
    #expect(world.cli.stderr.contains("first check of 401 items in GB"))
    // App 400 leaves the US store and costs more in the UK.
    var changed = world.catalogue
    changed.apps[399].price = 1.99
    changed.apps[399].storefronts = ["gb"]
    world.catalogue = changed
    #expect(
      await world.cli.run([
        "watch", "--ids-from", file.path, "--country", "us,gb", "--format", "csv",
      ]) == 0)
    let rows = world.cli.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    #expect(rows.first == WatchOutput.delimitedColumns.joined(separator: ","))
    #expect(rows.count == 3, "\(world.cli.stdout)")
    #expect(rows.contains { $0.contains(",us,400,software,App 400,gone,") }, "\(rows)")
    #expect(
      rows.contains { $0.contains(",gb,400,software,App 400,price-up,price,0.79,1.59,GBP,") },
      "\(rows)")
    #expect(world.targets.count == 12)
    // The fresh answers went to the response cache per id: a plain lookup asks nothing.
    #expect(await world.cli.run(["lookup", "7", "--format", "ndjson"]) == 0)
    #expect(world.targets.count == 12)
  }

  @Test("the favourites are watched by default; --quiet prints only the changes")
  func favourites() async throws {
    let world = try WatchWorld(apps())
    let cli = world.cli
    #expect(await cli.run(["favorites", "add", "1", "2"]) == 0, "\(cli.stderr)")
    #expect(await cli.run(["watch", "--quiet"]) == 0)
    #expect(cli.stdout.isEmpty && cli.stderr.isEmpty, "\(cli.stderr)")
    world.catalogue.apps[0].price = 3.99
    #expect(await cli.run(["watch", "--quiet"]) == 0)
    #expect(cli.stderr.isEmpty)
    #expect(cli.stdout.contains("Price down"), "\(cli.stdout)")
    #expect(cli.stdout.contains("Pocket Planner"))
    #expect(cli.stdout.contains("4.99 USD") && cli.stdout.contains("3.99 USD"))
    #expect(await cli.run(["watch", "--quiet"]) == 0)
    #expect(cli.stdout.isEmpty)
  }

  @Test("--format atom is a valid Atom 1.0 feed, entries keep their ids from run to run")
  func atom() async throws {
    let world = try WatchWorld(apps())
    let cli = world.cli
    #expect(await cli.run(["watch", "1", "2", "3", "--format", "atom"]) == 0)
    #expect(try AtomCheck(cli.stdoutBytes).entries.isEmpty)
    world.catalogue.apps[0].price = 2.99
    world.catalogue.apps[1].title = "Night Sky & <Stars>"
    cli.now = cli.now.addingTimeInterval(Self.day)
    #expect(await cli.run(["watch", "1", "2", "3", "--format", "atom"]) == 0)
    let feed = try AtomCheck(cli.stdoutBytes)
    #expect(feed.entries.count == 2, "\(cli.stdout)")
    #expect(feed.entries.contains { $0.title.contains("Renamed: Night Sky & <Stars> (US)") })
    #expect(
      feed.entries.contains {
        $0.title == "Price down: Pocket Planner (US)"
          && $0.link == "https://apps.apple.com/us/app/id1" && $0.content == "4.99 USD → 2.99 USD"
      }, "\(feed.entries)")
    // Nothing new: the same entries, so a feed reader shows nothing new.
    cli.now = cli.now.addingTimeInterval(Self.day)
    #expect(await cli.run(["watch", "1", "2", "3", "--format", "atom"]) == 0)
    let again = try AtomCheck(cli.stdoutBytes)
    #expect(again.entries.map(\.id) == feed.entries.map(\.id))
  }

  @Test("--country takes codes and groups; a bad one is a usage error; --offline is refused")
  func usage() async throws {
    let world = try WatchWorld(apps())
    #expect(await world.cli.run(["watch", "1", "--country", "us,narnia"]) == 64)
    #expect(world.cli.stderr.contains("\"narnia\" is not a storefront"), "\(world.cli.stderr)")
    #expect(await world.cli.run(["watch", "1", "--offline"]) == 64)
    #expect(
      try StorefrontList.parse("english,us", command: "watch")
        == Country.storefrontGroups["english"])
    #expect(try StorefrontList.parse("all", command: "watch").count == Country.storefronts.count)
    #expect(world.targets.isEmpty)
  }
}

/// Parses an Atom document with Foundation's XMLParser and checks what RFC 4287 requires: a
/// `feed` in the Atom namespace with `id`, `title`, `updated` and an author; every entry with
/// `id`, `title` and `updated` (RFC 3339 dates).
struct AtomCheck {
  struct Entry {
    var id = ""
    var title = ""
    var updated = ""
    var link: String?
    var content = ""
  }

  var entries: [Entry] = []

  init(_ bytes: [UInt8]) throws {
    let delegate = Delegate()
    let parser = XMLParser(data: Data(bytes))
    parser.shouldProcessNamespaces = true
    parser.delegate = delegate
    guard parser.parse() else {
      throw Failure("not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?")")
    }
    guard delegate.root == "feed", delegate.namespace == "http://www.w3.org/2005/Atom" else {
      throw Failure("the root is not an Atom feed: \(delegate.root) \(delegate.namespace)")
    }
    for name in ["id", "title", "updated", "author"] where !delegate.feedChildren.contains(name) {
      throw Failure("the feed has no \(name)")
    }
    for entry in delegate.entries {
      guard !entry.id.isEmpty, !entry.title.isEmpty, ISODate.parse(entry.updated) != nil else {
        throw Failure("an entry lacks id, title or an RFC 3339 updated: \(entry)")
      }
    }
    entries = delegate.entries
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  final class Delegate: NSObject, XMLParserDelegate {
    var root = ""
    var namespace = ""
    var feedChildren: Set<String> = []
    var entries: [Entry] = []
    var path: [String] = []
    var text = ""

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      if path.isEmpty {
        root = name
        namespace = namespaceURI ?? ""
      }
      if path == ["feed"] { feedChildren.insert(name) }
      if path == ["feed"], name == "entry" { entries.append(Entry()) }
      if path == ["feed", "entry"], name == "link", attributes["rel"] == "alternate" {
        entries[entries.count - 1].link = attributes["href"]
      }
      path.append(name)
      text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(
      _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
      qualifiedName: String?
    ) {
      if path.count == 3, path[1] == "entry", !entries.isEmpty {
        switch name {
        case "id": entries[entries.count - 1].id = text
        case "title": entries[entries.count - 1].title = text
        case "updated": entries[entries.count - 1].updated = text
        case "content": entries[entries.count - 1].content = text
        default: break
        }
      }
      path.removeLast()
      text = ""
    }
  }
}
