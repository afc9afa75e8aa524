import DesktopLive
import Foundation
import Glibc
import TestSupport
import Testing

/// Desktop notifications against a fake `org.freedesktop.Notifications` on a private bus.
@Suite("Desktop notifications on a private bus")
struct DesktopNotifierTests {
  @Test("the second notification replaces the first, with the picture and the desktop entry")
  func secondReplacesFirst() async throws {
    let bus = try await PrivateBus.start()
    let server = try await FakeNotificationServer.start(on: bus)
    let monitor = try await bus.monitor([
      "type='method_call',interface='org.freedesktop.Notifications',member='Notify'"
    ])
    let notifier = try #require(DesktopNotifier.connect(environment: bus.environment))

    notifier.notify(
      summary: "Upside Down", body: "Jack Johnson", imagePath: "/tmp/tunes art/1440857781.jpg")
    #expect(await eventually { server.calls.count == 1 })
    #expect(await eventually { notifier.lastNotificationID == 41 })
    notifier.notify(summary: "Banana Pancakes", body: "Jack Johnson", imagePath: nil)
    #expect(await eventually { server.calls.count == 2 })

    let calls = server.calls
    #expect(
      calls.first
        == FakeNotificationServer.Call(
          appName: "tunes", replacesID: 0, appIcon: "", summary: "Upside Down",
          body: "Jack Johnson", actions: [],
          hints: [
            "image-path": .string("file:///tmp/tunes%20art/1440857781.jpg"),
            "desktop-entry": .string("tunes"),
          ], expireTimeout: -1))
    #expect(calls.last?.replacesID == 41)
    #expect(calls.last?.summary == "Banana Pancakes")
    #expect(calls.last?.hints == ["desktop-entry": .string("tunes")])
    // On the wire, as dbus-monitor decodes it: the second call carries the first one's id.
    let wire = monitor.standardOutputSoFar.components(separatedBy: "method call time=")
      .filter { $0.contains("member=Notify") }
    #expect(wire.count == 2)
    #expect(wire.last?.contains("uint32 41") == true, "\(wire)")
    #expect(wire.first?.contains("string \"image-path\"") == true, "\(wire)")

    monitor.send(SIGTERM)
    _ = await monitor.result()
    await DedicatedThread.run { notifier.close() }
    await server.stop()
    await bus.stop()
  }

  @Test("a burst is coalesced into the newest, which still replaces the bubble")
  func burstIsCoalesced() async throws {
    let bus = try await PrivateBus.start()
    let server = try await FakeNotificationServer.start(on: bus)
    let notifier = try #require(DesktopNotifier.connect(environment: bus.environment))

    notifier.notify(summary: "one", body: "", imagePath: nil)
    #expect(await eventually { server.calls.count == 1 })
    for summary in ["two", "three", "four"] {
      notifier.notify(summary: summary, body: "", imagePath: nil)
    }
    #expect(await eventually { server.calls.last?.summary == "four" })
    let calls = server.calls
    #expect(calls.count <= 4)
    #expect(calls.dropFirst().allSatisfy { $0.replacesID == 41 }, "\(calls)")

    await DedicatedThread.run { notifier.close() }
    await server.stop()
    await bus.stop()
  }

  @Test("markup is escaped only for a server that reads it; control characters never pass")
  func bodyMarkupAndControls() async throws {
    for (capabilities, body) in [
      (["body"], "Simon & Garfunkel <live> ]0;x"),
      (["body", "body-markup"], "Simon &amp; Garfunkel &lt;live&gt; ]0;x"),
    ] {
      let bus = try await PrivateBus.start()
      let server = try await FakeNotificationServer.start(on: bus, capabilities: capabilities)
      let notifier = try #require(DesktopNotifier.connect(environment: bus.environment))
      notifier.notify(
        summary: "Mrs\u{1B}[31m Robinson\u{9B}", body: "Simon & Garfunkel <live>\n\u{1B}]0;x\u{07}",
        imagePath: nil)
      #expect(await eventually { server.calls.count == 1 })
      #expect(server.calls.first?.summary == "Mrs[31m Robinson")
      #expect(server.calls.first?.body == body, "\(capabilities)")
      await DedicatedThread.run { notifier.close() }
      await server.stop()
      await bus.stop()
    }
  }
}
