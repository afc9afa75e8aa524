import Foundation
import ITunesReplay
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Settings from the environment, more recorded requests, history's length, and signals.
@Suite("Environment, options and signals")
struct CommandLineTests {
  @Test("--api-base wins over TUNES_API_BASE")
  func apiBaseOverridesEnvironment() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let dead = try RefusingPort()
    let environment = ["TUNES_API_BASE": dead.baseURL]
    let viaEnvironment = try await sandbox.run(
      ["search", "jack", "johnson", "--limit", "3"], environment: environment)
    #expect(viaEnvironment.exited(69), "\(viaEnvironment)")
    let viaOption = try await sandbox.run(
      [
        "search", "jack", "johnson", "--limit", "3", "--api-base",
        sandbox.server.baseURL.absoluteString,
      ],
      environment: environment)
    #expect(viaOption.exited(0), "\(viaOption)")
    #expect(viaOption.stdout.contains("Jack Johnson"))
    withExtendedLifetime(dead) {}
  }

  @Test("search passes media, entity, attribute, limit and country through to the API")
  func searchFilters() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let result = try await sandbox.tunes(
      "search", "Slayer", "--media", "music", "--entity", "musicArtist", "--attribute",
      "artistTerm", "--limit", "200", "--country", "GB", "--format", "json")
    #expect(result.exited(0), "\(result)")
    let items = try #require(OutputChecks.objects(result.standardOutput), "\(result)")
    #expect(items.count == 56)
    #expect(items.allSatisfy { $0["kind"] as? String == "artist" || $0["kind"] != nil })
    #expect(items.first?["title"] as? String == "Slayer")
  }

  @Test("lookup takes comma-separated ids and --bundle-id")
  func lookupVariants() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let pair = try await sandbox.tunes("lookup", "418075935,447188370", "--format", "ndjson")
    #expect(pair.exited(0), "\(pair)")
    #expect(pair.stdout.split(separator: "\n").count == 2)
    let bundle = try await sandbox.tunes(
      "lookup", "--bundle-id", "com.facebook.Facebook", "--format", "json")
    #expect(bundle.exited(0), "\(bundle)")
    #expect(OutputChecks.objects(bundle.standardOutput)?.first?["id"] as? Int == 284_882_215)
  }

  @Test("history keeps the last five searches")
  func historyKeepsFive() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let terms = (1...7).map { "term\($0)" }
    for term in terms {
      try sandbox.server.register(
        request: "/search?term=\(term)&limit=30", body: Samples.searchAnswer(titles: [term]))
      let result = try await sandbox.tunes("search", term)
      #expect(result.exited(0), "\(result)")
    }
    let history = try await sandbox.tunes("history", "--format", "json")
    #expect(history.exited(0), "\(history)")
    let queries = OutputChecks.objects(history.standardOutput)?.compactMap {
      $0["query"] as? String
    }
    #expect(queries == ["term7", "term6", "term5", "term4", "term3"])
  }

  @Test("doctor names the files under the XDG directories it was given")
  func doctor() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let result = try await sandbox.tunes("doctor")
    #expect(result.exited(0), "\(result)")
    #expect(result.stderr.isEmpty)
    let lines = result.stdout.split(separator: "\n").map {
      $0.split(separator: " ", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
    }
    let report = Dictionary(lines.filter { $0.count == 2 }.map { ($0[0], $0[1]) }) { a, _ in a }
    #expect(report["data"] == sandbox.databaseFile.path, "\(result)")
    #expect(
      report["cache"] == sandbox.responseCacheFile.deletingLastPathComponent().path, "\(result)")
    #expect(report["api"] == sandbox.server.baseURL.absoluteString, "\(result)")
    #expect(report["size"] == "not a terminal", "\(result)")
    #expect(report["terminal"] != nil && report["colour"] != nil && report["hyperlinks"] != nil)
  }

  /// How process `pid` takes SIGINT, from its `/proc` status: nil when that cannot be read.
  static func takesSIGINT(_ pid: Int32) -> Bool? {
    let status = readProc("/proc/\(pid)/status")
    func mask(_ name: String) -> UInt64? {
      guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") })
      else { return nil }
      return UInt64(line.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces), radix: 16)
    }
    guard let ignored = mask("SigIgn"), let blocked = mask("SigBlk") else { return nil }
    let bit: UInt64 = 1 << (UInt64(SIGINT) - 1)
    return ignored & bit == 0 && blocked & bit == 0
  }

  /// A `/proc` file's text read with plain system calls (no Foundation file APIs), or a line
  /// saying why it could not be read.
  static func readProc(_ path: String) -> String {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return "open \(path): errno \(errno)" }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = Glibc.read(fd, &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      if count < 0 { return "read \(path): errno \(errno)" }
      if count == 0 { break }
      bytes += buffer[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The signal lines of process `pid`'s status, and which children of this process are tunes.
  static func signalState(_ pid: Int32) -> String {
    let read = readProc
    let alive = kill(pid, 0) == 0 ? "alive" : "kill(0): errno \(errno)"
    let status = read("/proc/\(pid)/status")
    let lines = status.split(separator: "\n").filter {
      $0.hasPrefix("Sig") || $0.hasPrefix("ShdPnd") || $0.hasPrefix("Name") || $0.hasPrefix("PPid")
        || $0.hasPrefix("State") || $0.contains("errno")
    }
    // Which children of this process are tunes, to tell a wrong pid from a wrong state.
    let me = "PPid:\t\(getpid())"
    let children = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [])
      .filter { Int32($0) != nil }
      .filter { read("/proc/\($0)/status").split(separator: "\n").contains { $0 == me } }
      .filter { read("/proc/\($0)/comm").hasPrefix("tunes") }
    return ([alive] + lines.map(String.init) + ["tunes children: \(children)"])
      .joined(separator: "; ")
  }

  @Test("SIGINT during a request that never answers ends the process promptly")
  func interruptHungRequest() async throws {
    // An ignored signal stays ignored in children (a test run started in the background by a
    // non-interactive shell ignores SIGINT); the binary would then never see it.
    let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
    let ignored = status.split(separator: "\n").first { $0.hasPrefix("SigIgn:") }
      .flatMap {
        UInt64($0.dropFirst("SigIgn:".count).trimmingCharacters(in: .whitespaces), radix: 16)
      }
    if let ignored, ignored & (1 << (UInt64(SIGINT) - 1)) != 0 {
      try Test.cancel("this test process ignores SIGINT, so its children would too")
    }
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    sandbox.server.setFault(.hang)
    // The child's own deadline is far off: this test's task can wait its turn for many seconds
    // while the suite's first tests keep both cores busy, and a child that gave up at its usual
    // 15 s would be gone before the signal was sent.
    let search = ["search", "jack", "johnson", "--timeout", "120"]
    // Ignored signals are inherited: while another test in this process has SIGINT ignored
    // (a terminal input's Dispatch handlers need that), a child started then ignores it too.
    // Start again until the child is seen to take it by default, as a shell would give it.
    var child = try sandbox.runner.start(search)
    var attempts = 1
    var seen: [String] = []
    while Self.takesSIGINT(child.pid) != true, attempts < 20 {
      seen.append(Self.signalState(child.pid))
      child.send(SIGKILL)
      _ = await child.result()
      child = try sandbox.runner.start(search)
      attempts += 1
    }
    try #require(
      Self.takesSIGINT(child.pid) == true, "no child took SIGINT by default: \(seen)")
    let waiting = await ProcessRunner.waitUntil { sandbox.server.openConnectionCount > 0 }
    try #require(waiting, "the request never arrived: \(child.standardErrorSoFar)")
    let dispositions = Self.signalState(child.pid)
    let signalled = ContinuousClock.now
    child.send(SIGINT)
    // Should it outlive the signal, its state a moment later says whether SIGINT is pending.
    let ended = await ProcessRunner.waitUntil(timeout: .seconds(5)) { child.hasExited }
    let after = ended ? "" : "\n5 s after: \(Self.signalState(child.pid))"
    let result = await child.result()
    #expect(
      result.signal == SIGINT || result.exited(130),
      "\(result)\nwhen signalled: \(dispositions)\(after)\nattempts: \(attempts)")
    // Its end as the runner's threads saw it: soon after the signal, far short of its deadline.
    #expect(result.ended - signalled < .seconds(10), "promptly: \(result)")
    #expect(result.stdout.isEmpty)
  }
}
