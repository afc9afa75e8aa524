import Foundation
import Synchronization

/// Desktop notifications through `org.freedesktop.Notifications` on the session bus: one bubble
/// that updates (each `Notify` passes the previous one's id as `replaces_id`) instead of a stack.
///
/// `notify` never blocks: the call goes out from the bus thread. One call is in flight at a time;
/// notifications asked for meanwhile are coalesced into the newest, sent when the answer (and so
/// the id to replace) is back. The server's capabilities are asked once, before the first:
/// with `body-markup`, `&`, `<` and `>` in the body are escaped.
package final class DesktopNotifier: Sendable {
  private struct Request: Sendable {
    var summary: String
    var body: String
    var imagePath: String?
  }

  private struct State {
    var pending: Request?
    var inFlight = false
    var capabilities: Set<String>?
    var lastID: UInt32 = 0
  }

  private enum Step {
    case idle
    case askCapabilities
    case send(Request, replacing: UInt32, markup: Bool)
  }

  private static let service = "org.freedesktop.Notifications"
  private static let path = "/org/freedesktop/Notifications"

  private let bus: BusConnection
  private let state = Mutex(State())

  private init(bus: BusConnection) { self.bus = bus }

  deinit { bus.close() }

  /// Connects to the session bus named in `environment` (as `MediaSession.connect` does);
  /// `nil` without a bus or when it cannot be reached within `timeout`. No notification server
  /// needs to be running yet (the bus may start one on the first call).
  package static func connect(
    environment: [String: String], timeout: Duration = .seconds(3)
  ) -> DesktopNotifier? {
    guard let address = SessionBus.address(in: environment),
      case .success(let bus) = BusConnection.open(address: address, timeout: timeout)
    else { return nil }
    return DesktopNotifier(bus: bus)
  }

  /// Shows (or updates) the bubble: `summary` as its title, `body` below, and the picture at
  /// `imagePath` (an absolute path, sent as a `file://` URI, or a URI or icon name as given).
  /// Control characters are removed from the texts (they come from the network).
  package func notify(summary: String, body: String, imagePath: String?) {
    let request = Request(
      summary: TerminalNotification.removingControls(summary),
      body: TerminalNotification.removingControls(body), imagePath: imagePath)
    let start = state.withLock { state in
      state.pending = request
      defer { state.inFlight = true }
      return !state.inFlight
    }
    if start { bus.perform { [self] in pump() } }
  }

  /// Closes the connection; later notifications are dropped. Safe to call twice.
  package func close() { bus.close() }

  /// The id the server gave the last bubble (0 before the first answer).
  package var lastNotificationID: UInt32 { state.withLock { $0.lastID } }

  /// Sends what is pending, one call at a time; runs on the bus thread.
  private func pump() {
    let step = state.withLock { state -> Step in
      guard let request = state.pending else {
        state.inFlight = false
        return .idle
      }
      guard let capabilities = state.capabilities else { return .askCapabilities }
      state.pending = nil
      return .send(request, replacing: state.lastID, markup: capabilities.contains("body-markup"))
    }
    switch step {
    case .idle:
      return
    case .askCapabilities:
      bus.call(
        destination: Self.service, path: Self.path, interface: Self.service,
        method: "GetCapabilities", arguments: []
      ) { [self] reply in
        var capabilities: Set<String> = []
        if case .success(let values) = reply, case .strings(let list)? = values.first {
          capabilities = Set(list)
        }
        state.withLock { $0.capabilities = capabilities }
        pump()
      }
    case .send(let request, let replacing, let markup):
      bus.call(
        destination: Self.service, path: Self.path, interface: Self.service, method: "Notify",
        arguments: Self.arguments(for: request, replacing: replacing, markup: markup)
      ) { [self] reply in
        if case .success(let values) = reply, case .uint32(let id)? = values.first {
          state.withLock { $0.lastID = id }
        }
        pump()
      }
    }
  }

  /// `Notify(s app_name, u replaces_id, s app_icon, s summary, s body, as actions,
  /// a{sv} hints, i expire_timeout)`.
  private static func arguments(
    for request: Request, replacing: UInt32, markup: Bool
  ) -> [BusValue] {
    var hints: [String: BusValue] = ["desktop-entry": .string("tunes")]
    if let image = request.imagePath, !image.isEmpty {
      hints["image-path"] = .string(
        image.hasPrefix("/") ? URL(fileURLWithPath: image).absoluteString : image)
    }
    return [
      .string("tunes"), .uint32(replacing), .string(""), .string(request.summary),
      .string(markup ? escapingMarkup(request.body) : request.body), .strings([]),
      .dictionary(hints), .int32(-1),
    ]
  }

  /// The body with the three characters the servers' markup reads escaped.
  static func escapingMarkup(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      default: escaped.append(character)
      }
    }
    return escaped
  }
}
