import CGio
import Glibc

/// Where the session bus is, from the environment alone (never the process's own, so a caller
/// and its tests decide).
package enum SessionBus {
  /// Why there is no address: the end of a sentence such as "MPRIS is off: …".
  package static let missingReason = "no session bus (DBUS_SESSION_BUS_ADDRESS is not set)"

  /// `DBUS_SESSION_BUS_ADDRESS` when set, else `unix:path=$XDG_RUNTIME_DIR/bus` when that is a
  /// socket (where systemd's user bus listens, as libdbus and sd-bus look too), else `nil`.
  package static func address(in environment: [String: String]) -> String? {
    if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty {
      return address
    }
    guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else {
      return nil
    }
    let socket = runtime + "/bus"
    var status = stat()
    guard stat(socket, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK,
      let escaped = g_dbus_address_escape_value(socket)
    else { return nil }
    defer { g_free(escaped) }
    return "unix:path=" + String(cString: escaped)
  }
}

extension BusConnection.Failure {
  /// The failure as the end of a sentence ("MPRIS is off: …").
  package func explanation(address: String) -> String {
    switch self {
    case .unreachable(let message):
      "the session bus at \(address) cannot be reached (\(message))"
    case .timedOut(let timeout):
      "the session bus at \(address) did not answer within \(timeout.secondsText)"
    case .namesTaken(let names):
      names.joined(separator: " and ") + (names.count == 1 ? " is" : " are") + " taken"
    case .refused(let message):
      "the session bus refused tunes (\(message))"
    }
  }
}

extension Duration {
  /// "3 s", "0.5 s".
  var secondsText: String {
    let milliseconds = Int(self.milliseconds)
    if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
    return "\(Double(milliseconds) / 1000) s"
  }
}
