import DesktopLive
import Foundation
import Synchronization
import TestSupport

/// A notification server of the test's own: owns `org.freedesktop.Notifications` on a private
/// bus (through DesktopLive's `BusConnection`, the layer under the MPRIS session), records every
/// `Notify` and answers as servers do: the id it was asked to replace, else a new one (41, 42 …).
final class FakeNotificationServer: Sendable {
  /// One `Notify` call's arguments.
  struct Call: Equatable, Sendable {
    var appName: String
    var replacesID: UInt32
    var appIcon: String
    var summary: String
    var body: String
    var actions: [String]
    var hints: [String: BusValue]
    var expireTimeout: Int32
  }

  private struct Record {
    var calls: [Call] = []
    var nextID: UInt32 = 41
  }

  private let record = Mutex(Record())
  private let connection = Mutex<BusConnection?>(nil)

  /// The calls so far.
  var calls: [Call] { record.withLock { $0.calls } }

  /// Starts serving on `bus`, with `capabilities` for `GetCapabilities`.
  static func start(
    on bus: PrivateBus, capabilities: [String] = ["body"]
  ) async throws -> FakeNotificationServer {
    let server = FakeNotificationServer()
    let interface = BusInterface(
      name: "org.freedesktop.Notifications",
      methods: [
        BusMethod(
          "Notify",
          arguments: [
            BusArgument("app_name", "s"), BusArgument("replaces_id", "u"),
            BusArgument("app_icon", "s"), BusArgument("summary", "s"), BusArgument("body", "s"),
            BusArgument("actions", "as"), BusArgument("hints", "a{sv}"),
            BusArgument("expire_timeout", "i"),
          ], results: [BusArgument("id", "u")]
        ) { arguments in server.notify(arguments) },
        BusMethod("GetCapabilities", results: [BusArgument("capabilities", "as")]) { _ in
          .success([.strings(capabilities)])
        },
        BusMethod(
          "GetServerInformation",
          results: [
            BusArgument("name", "s"), BusArgument("vendor", "s"), BusArgument("version", "s"),
            BusArgument("spec_version", "s"),
          ]
        ) { _ in .success([.string("fake"), .string("tunes"), .string("1"), .string("1.2")]) },
      ])
    let address = bus.address
    let opened = await DedicatedThread.run {
      BusConnection.open(
        address: address, path: "/org/freedesktop/Notifications", interfaces: [interface],
        names: ["org.freedesktop.Notifications"])
    }
    server.connection.withLock { $0 = try? opened.get() }
    if case .failure(let failure) = opened { throw failure }
    return server
  }

  private func notify(_ arguments: [BusValue]) -> Result<[BusValue], BusError> {
    guard arguments.count == 8, case .string(let app) = arguments[0],
      case .uint32(let replaces) = arguments[1], case .string(let icon) = arguments[2],
      case .string(let summary) = arguments[3], case .string(let body) = arguments[4],
      case .strings(let actions) = arguments[5], case .dictionary(let hints) = arguments[6],
      case .int32(let timeout) = arguments[7]
    else { return .failure(.invalidArguments("\(arguments)")) }
    let call = Call(
      appName: app, replacesID: replaces, appIcon: icon, summary: summary, body: body,
      actions: actions, hints: hints, expireTimeout: timeout)
    let id = record.withLock { record in
      record.calls.append(call)
      guard replaces == 0 else { return replaces }
      defer { record.nextID += 1 }
      return record.nextID
    }
    return .success([.uint32(id)])
  }

  /// Stops serving.
  func stop() async {
    let connection = connection.withLock { $0 }
    await DedicatedThread.run { connection?.close() }
  }
}
