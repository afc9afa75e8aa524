import DesktopLive
import Foundation
import Synchronization
import TestSupport
import Testing

/// The connection's thread: started, used and ended in the awkward orders.
@Suite("Bus connection thread")
struct BusConnectionTests {
  @Test(
    "opened and closed at once, 100 times: close never waits for a loop that never quits",
    .timeLimit(.minutes(1)))
  func openAndCloseAtOnce() async throws {
    let bus = try await PrivateBus.start()
    let address = bus.address
    let failures = await DedicatedThread.run { () -> [String] in
      var failures: [String] = []
      for _ in 0..<100 {
        switch BusConnection.open(address: address, names: ["org.tunes.Test"]) {
        case .success(let connection): connection.close()
        case .failure(let failure): failures.append("\(failure)")
        }
      }
      return failures
    }
    #expect(failures.isEmpty)
    await bus.stop()
  }

  @Test(
    "work runs on the bus thread; closing from there ends the thread without a deadlock",
    .timeLimit(.minutes(1)))
  func closeFromTheBusThread() async throws {
    let bus = try await PrivateBus.start()
    let address = bus.address
    let connection = try await DedicatedThread.run {
      try BusConnection.open(address: address).get()
    }
    let thread = connection.threadID
    let ranOn = Mutex<String?>(nil)
    connection.perform {
      ranOn.withLock {
        $0 = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8))
      }
      connection.close()
    }
    #expect(await eventually { ranOn.withLock { $0 } != nil })
    #expect(ranOn.withLock { $0 } == "tunes-dbus\n")
    #expect(
      await eventually { !FileManager.default.fileExists(atPath: "/proc/self/task/\(thread)") })
    connection.close()  // again, from here: nothing left to do
    connection.perform { Issue.record("work ran after close") }
    await bus.stop()
  }
}
