import Foundation
import TestSupport
import Testing

@testable import DesktopLive

/// What a connected session costs while nothing happens: its thread waits in `poll` with no
/// timeout, so it takes no CPU until the bus has something for it.
@Suite("MPRIS idle cost")
struct IdleCostTests {
  @Test("the idle bus thread waits in poll without a timer and takes no CPU while others talk")
  func idleBusThreadIsParked() async throws {
    let bus = try await PrivateBus.start()
    let session = try await Sessions.connect(to: bus)
    session.update(Sessions.playing)
    // One reader first, so everything done once (match rules, the first GetAll) is behind us.
    _ = try await bus.run("playerctl", ["-p", "tunes", "metadata"])
    let thread = session.threadID
    #expect(thread > 0)
    #expect(await eventually { ThreadProbe.isParkedInPoll(thread) })
    let before = try #require(ThreadProbe.ticks(thread))

    // 300 round trips of another connection through the same bus and the same GDBus worker.
    let address = bus.address
    let other = try await DedicatedThread.run { try BusConnection.open(address: address).get() }
    for _ in 0..<300 {
      let answer = await withCheckedContinuation { continuation in
        other.call(
          destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
          interface: "org.freedesktop.DBus", method: "GetId", arguments: []
        ) { continuation.resume(returning: $0) }
      }
      guard case .success = answer else {
        Issue.record("GetId: \(answer)")
        break
      }
    }

    #expect(ThreadProbe.ticks(thread) == before)
    #expect(ThreadProbe.isParkedInPoll(thread), "\(ThreadProbe.syscall(thread))")
    await DedicatedThread.run { other.close() }
    await Sessions.close(session)
    await bus.stop()
  }

  /// The benchmark figure (bench/desktop-idle.sh): 10 s of a connected session with nothing
  /// happening, the CPU ticks of its bus thread and of GDBus's worker thread. Off unless
  /// `TUNES_BENCH_IDLE=1`: it waits out its window, which a unit test must not.
  @Test(
    "bench: an idle session's threads over 10 s",
    .enabled(if: ProcessInfo.processInfo.environment["TUNES_BENCH_IDLE"] == "1"))
  func idleTicksOverTenSeconds() async throws {
    let bus = try await PrivateBus.start()
    let session = try await Sessions.connect(to: bus)
    session.update(Sessions.playing)
    _ = try await bus.run("playerctl", ["-p", "tunes", "metadata"])
    let threads = [session.threadID] + ThreadProbe.threads(named: "gdbus")
    #expect(await eventually { ThreadProbe.isParkedInPoll(session.threadID) })
    let before = threads.map { ThreadProbe.ticks($0) ?? -1 }
    try await Task.sleep(for: .seconds(10))
    let after = threads.map { ThreadProbe.ticks($0) ?? -1 }
    let grown = zip(before, after).map { $1 - $0 }
    print(
      "desktop idle, 10 s connected: bus thread \(grown.first ?? -1) ticks, "
        + "GDBus worker \(grown.dropFirst().reduce(0, +)) ticks (1 tick = 10 ms)")
    #expect(grown.allSatisfy { $0 == 0 })
    await Sessions.close(session)
    await bus.stop()
  }
}
