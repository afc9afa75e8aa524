import Foundation
import ITunesCatalog
import ITunesReplay
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `tunes watch` and `tunes where` as processes, against replay servers whose answers change
/// between runs: the in-test server swapping its catalogue, and `tunes replay DIR --catalog`
/// reading DIR again on SIGHUP.
@Suite("Keeping watch end to end")
struct WatchEndToEndTests {
  static let apps = ChangingCatalogue(apps: [
    .init(id: 41, title: "Pocket Planner", price: 4.99, version: "2.0", storefronts: ["us", "gb"]),
    .init(id: 42, title: "Night Sky", price: 0, version: "1.0", storefronts: ["us", "gb"]),
  ])

  @Test("watch: records, reports a change once per storefront, then nothing; 1 request each")
  func watchRuns() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    var catalogue = Self.apps
    sandbox.server.serve(catalogue: try catalogue.engine())
    let arguments = ["watch", "41", "42", "--country", "us,gb", "--format", "ndjson"]
    let first = try await sandbox.run(arguments)
    #expect(first.exited(0), "\(first)")
    #expect(first.stdout.isEmpty)
    #expect(first.stderr.contains("first check of 2 items in US"), "\(first)")
    #expect(sandbox.server.requestCount == 2)
    catalogue.apps[0].price = 3.99
    catalogue.apps[1].storefronts = ["us"]
    sandbox.server.serve(catalogue: try catalogue.engine())
    let second = try await sandbox.run(arguments)
    #expect(second.exited(0), "\(second)")
    let lines = second.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 3, "\(second)")
    #expect(
      lines.contains { $0.contains(#""change":"price-down""#) && $0.contains(#""country":"gb""#) })
    #expect(lines.contains { $0.contains(#""change":"gone""#) && $0.contains(#""id":42"#) })
    for line in lines {
      let object = try JSONParser.parse(Array(line.utf8))
      for key in ["id", "title", "kind", "change", "old", "new", "country", "at"] {
        #expect(object[key] != nil, "\(key) in \(line)")
      }
    }
    let third = try await sandbox.run(arguments)
    #expect(third.exited(0), "\(third)")
    #expect(third.stdout.isEmpty, "\(third)")
    #expect(sandbox.server.requestCount == 6, "ceil(2 ÷ 200) = 1 request per storefront a run")
  }

  @Test("tunes replay DIR --catalog answers anew after SIGHUP; watch --quiet prints the change")
  func replayReloads() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    var catalogue = Self.apps
    let folder = sandbox.directory.appending("catalogue")
    try catalogue.write(to: folder)
    let replay = try sandbox.runner.start(
      ["replay", folder.path, "--catalog", "--port", "0"])
    defer { replay.send(SIGKILL) }
    let announced = await ProcessRunner.waitUntil {
      replay.hasExited || replay.standardOutputSoFar.contains("Try:")
    }
    let output = replay.standardOutputSoFar
    let match = try #require(
      announced ? output.firstMatch(of: /Replaying .* at (http:\/\/127\.0\.0\.1:\d+)/) : nil,
      "\(output) \(replay.standardErrorSoFar)")
    let base = String(match.1)
    let watch = ["watch", "41", "--quiet", "--api-base", base]
    let first = try await sandbox.run(watch)
    #expect(first.exited(0) && first.stdout.isEmpty && first.stderr.isEmpty, "\(first)")
    catalogue.apps[0].version = "2.1"
    catalogue.apps[0].notes = "Plans for leap years."
    try catalogue.write(to: folder)
    replay.send(SIGHUP)
    let reloaded = await ProcessRunner.waitUntil {
      replay.standardErrorSoFar.contains("reloaded the catalogue")
    }
    #expect(reloaded, "\(replay.standardErrorSoFar)")
    let second = try await sandbox.run(watch)
    #expect(second.exited(0), "\(second)")
    #expect(second.stderr.isEmpty, "\(second)")
    #expect(second.stdout.contains("New version"), "\(second)")
    #expect(second.stdout.contains("Plans for leap years."), "\(second)")
    let third = try await sandbox.run(watch)
    #expect(third.exited(0) && third.stdout.isEmpty, "\(third)")
  }

  @Test("where: Ctrl-C finishes the storefront being asked and stops; the rerun resumes")
  func whereInterrupted() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    var catalogue = ChangingCatalogue(apps: [.init(id: 51, title: "Sold Widely", price: 0.99)])
    let stores = ["us", "gb", "jp", "fr", "de", "it", "es", "nl", "se", "no", "dk", "fi"]
    catalogue.everywhere = stores.filter { $0 != "jp" }
    sandbox.server.serve(catalogue: try catalogue.engine())
    // The server counts a request when it answers it. The first three answer at once, every
    // later one takes 5 s: once three are counted the fourth is under way, and the signal lands
    // mid-sweep unless this test's poll is starved for the whole rest of it (45 s), where a
    // sweep of short delays was raced to its end by a starved poll.
    sandbox.server.injectFault(.delay(seconds: 0), forNext: 3)
    sandbox.server.setFault(.delay(seconds: 5))
    let arguments = [
      "where", "51", "--countries", stores.joined(separator: ","), "--format", "csv",
    ]
    let running = try sandbox.runner.start(arguments)
    let started = await ProcessRunner.waitUntil { sandbox.server.requestCount >= 3 }
    #expect(started)
    running.send(SIGINT)
    let stopped = await running.result()
    #expect(stopped.exited(130), "\(stopped)")
    #expect(stopped.stderr.contains("interrupted; the same command resumes the sweep."))
    let askedBefore = sandbox.server.requestCount
    #expect(askedBefore < stores.count, "it stopped early")
    sandbox.server.clearFaults()
    let resumed = try await sandbox.run(arguments)
    #expect(resumed.exited(0), "\(resumed)")
    #expect(resumed.stderr.contains("resuming the sweep"), "\(resumed)")
    #expect(sandbox.server.requestCount == stores.count, "no storefront asked twice")
    #expect(resumed.stdout.contains("51,jp,false"), "\(resumed)")
    #expect(resumed.stdout.contains("51,gb,true,0.79,GBP"), "\(resumed)")
  }

  @Test("where: Ctrl-C while waiting for Apple's rate limit stops at once, nothing half-asked")
  func whereInterruptedWhileWaiting() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    var catalogue = ChangingCatalogue(apps: [.init(id: 52, title: "Everywhere", price: 0.99)])
    let stores = Array(Country.storefronts.prefix(22))
    catalogue.everywhere = stores
    sandbox.server.serve(catalogue: try catalogue.engine())
    let running = try sandbox.runner.start([
      "where", "52", "--countries", stores.joined(separator: ","), "--format", "csv",
    ])
    // 20 requests go at once; the 21st waits about a minute for the budget.
    let waiting = await ProcessRunner.waitUntil {
      running.hasExited || running.standardErrorSoFar.contains("for Apple's rate limit")
    }
    #expect(waiting, "\(running.standardErrorSoFar)")
    let signalled = ContinuousClock.now
    running.send(SIGINT)
    let stopped = await running.result()
    #expect(stopped.exited(130), "\(stopped)")
    #expect(stopped.ended - signalled < .seconds(10), "it did not wait out the minute")
    #expect(sandbox.server.requestCount == 20, "the waiting request was never sent")
    #expect(stopped.stderr.contains("sold in 20 of the 20 storefronts asked; 2 not asked yet."))
  }
}

/// The watch, where and releases tools of `tunes mcp`: the commands, run in the server's process.
@Suite("Keeping watch over MCP")
struct WatchMCPTests {
  @Test("the watch tool records, then returns a change once; where says where it is sold")
  func tools() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    var catalogue = WatchEndToEndTests.apps
    sandbox.server.serve(catalogue: try catalogue.engine())
    let client = try MCPClient(sandbox)
    try await client.initialize()
    let first = try await client.call("watch", #"{"ids":[41,42]}"#)
    #expect(!first.isError, "\(first)")
    #expect(first.structured["count"] as? Int == 0)
    #expect((first.structured["notes"] as? String)?.contains("first check of 2") == true)
    catalogue.apps[0].price = 1.99
    sandbox.server.serve(catalogue: try catalogue.engine())
    let second = try await client.call("watch", #"{"ids":[41,42]}"#)
    let changes = try #require(second.structured["changes"] as? [[String: Any]], "\(second)")
    #expect(changes.count == 1)
    #expect(changes.first?["change"] as? String == "price-down")
    #expect(
      changes.first?["old"] as? String == "4.99" && changes.first?["new"] as? String == "1.99")
    let third = try await client.call("watch", #"{"ids":[41,42]}"#)
    #expect(third.structured["count"] as? Int == 0, "\(third)")
    let sold = try await client.call("where", #"{"ids":[41],"countries":"us,gb,jp"}"#)
    let rows = try #require(sold.structured["rows"] as? [[String: Any]], "\(sold)")
    #expect(rows.map { $0["available"] as? Bool } == [true, true, false])
    _ = await client.finish()
  }
}
