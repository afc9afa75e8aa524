import Foundation
import Glibc

/// tunes as an MPRIS media player on the session bus: the desktop's media keys, its shell's
/// media controls and `playerctl` see what plays and can control it.
///
/// ```swift
/// let connection = MediaSession.connect(environment: ProcessInfo.processInfo.environment) {
///   command in queue.async { handle(command) }  // onCommand runs on the bus thread
/// }
/// switch connection {
/// case .on(let session): session.update(nowPlaying)  // then on every change; close() at exit
/// case .off(let reason): log(reason)  // a sentence for `tunes doctor`
/// }
/// ```
///
/// The bus is served on a thread of its own (`BusConnection`), which sleeps in `poll` while
/// nothing happens: no timers, no polling.
package final class MediaSession: Sendable {
  /// The result of `connect`: a session, or why there is none.
  package enum Connection: Sendable {
    /// Connected and exported under `busName`.
    case on(MediaSession)
    /// Not connected; the reason is a sentence, e.g. "MPRIS is off: no session bus
    /// (DBUS_SESSION_BUS_ADDRESS is not set)."
    case off(reason: String)
  }

  /// The object every MPRIS player exports.
  package static let objectPath = "/org/mpris/MediaPlayer2"
  /// The name asked for first; `….instance<pid>` when another tunes has it (the spec's rule).
  package static let preferredBusName = "org.mpris.MediaPlayer2.tunes"

  private let bus: BusConnection
  private let player: PlayerState

  /// The well-known name owned: `org.mpris.MediaPlayer2.tunes`, or
  /// `org.mpris.MediaPlayer2.tunes.instance<pid>` when that was taken.
  package let busName: String

  private init(bus: BusConnection, player: PlayerState, busName: String) {
    self.bus = bus
    self.player = player
    self.busName = busName
  }

  deinit { bus.close() }

  /// Connects to the session bus named in `environment` (`DBUS_SESSION_BUS_ADDRESS`, else a
  /// socket at `$XDG_RUNTIME_DIR/bus`), owns `org.mpris.MediaPlayer2.tunes` (or
  /// `org.mpris.MediaPlayer2.tunes.instance<pid>` when taken) and exports
  /// `/org/mpris/MediaPlayer2` with `org.mpris.MediaPlayer2` and `org.mpris.MediaPlayer2.Player`.
  ///
  /// Blocks until that is done, or for at most `timeout` when the bus does not answer.
  /// - Parameters:
  ///   - environment: the process's environment (only the two variables above are read).
  ///   - identity: the `Identity` property, the name a shell shows.
  ///   - timeout: how long a silent bus may take before the session is off.
  ///   - onCommand: called on the bus thread with each command (hop to your own queue there).
  package static func connect(
    environment: [String: String], identity: String = "tunes", timeout: Duration = .seconds(3),
    onCommand: @escaping @Sendable (MediaCommand) -> Void
  ) -> Connection {
    guard let address = SessionBus.address(in: environment) else {
      return .off(reason: "MPRIS is off: \(SessionBus.missingReason).")
    }
    let player = PlayerState()
    let interfaces = [
      interface(
        MPRISTable.rootInterface, methods: MPRISTable.rootMethods,
        properties: MPRISTable.rootProperties(identity: identity), player: player,
        onCommand: onCommand),
      interface(
        MPRISTable.playerInterface, methods: MPRISTable.playerMethods,
        properties: MPRISTable.playerProperties, signals: MPRISTable.playerSignals,
        player: player, onCommand: onCommand),
    ]
    let names = [preferredBusName, preferredBusName + ".instance\(getpid())"]
    switch BusConnection.open(
      address: address, path: objectPath, interfaces: interfaces, names: names, timeout: timeout)
    {
    case .success(let bus):
      return .on(MediaSession(bus: bus, player: player, busName: bus.ownedName ?? names[0]))
    case .failure(let failure):
      return .off(reason: "MPRIS is off: \(failure.explanation(address: address)).")
    }
  }

  /// Takes the player's new state. Listeners get one `PropertiesChanged` with only the
  /// properties whose values changed (none when nothing did; never for `Position`, which is
  /// read on demand). Updates in a burst are announced once, with the net change.
  package func update(_ nowPlaying: NowPlaying) {
    guard player.store(nowPlaying) else { return }
    bus.perform { [bus, player] in
      let (announced, latest) = player.takeAnnouncement()
      let changed = MPRISTable.changes(
        in: MPRISTable.playerProperties, from: announced, to: latest)
      guard !changed.isEmpty else { return }
      bus.emit(
        path: Self.objectPath, interface: "org.freedesktop.DBus.Properties",
        signal: "PropertiesChanged",
        arguments: [.string(MPRISTable.playerInterface), .dictionary(changed), .strings([])])
    }
  }

  /// Emits `Seeked(x)` after a jump (a seek, a restart), and reads answer `position` from now.
  package func seeked(to position: Duration) {
    player.seek(to: position)
    bus.emit(
      path: Self.objectPath, interface: MPRISTable.playerInterface, signal: "Seeked",
      arguments: [.int64(position.microseconds)])
  }

  /// Releases the name, stops the bus thread's loop and joins the thread. Safe to call twice;
  /// later updates are dropped.
  package func close() { bus.close() }

  /// The bus thread's kernel thread id, for measuring what it costs (`/proc/self/task/ID/stat`).
  package var threadID: pid_t { bus.threadID }

  private static func interface(
    _ name: String, methods: [MPRISTable.Method], properties: [MPRISTable.Property],
    signals: [BusSignal] = [], player: PlayerState,
    onCommand: @escaping @Sendable (MediaCommand) -> Void
  ) -> BusInterface {
    BusInterface(
      name: name,
      methods: methods.map { method in
        BusMethod(method.name, arguments: method.arguments) { arguments in
          if let command = method.command(arguments, player.current) { onCommand(command) }
          return .success([])
        }
      },
      properties: properties.map { property in
        BusProperty(
          property.name, type: property.type, emitsChangedSignal: property.signalled,
          get: { property.value(player.current) },
          set: property.write.map { write in writer(write, onCommand: onCommand) })
      },
      signals: signals)
  }

  private static func writer(
    _ write: @escaping @Sendable (BusValue) -> MediaCommand?,
    onCommand: @escaping @Sendable (MediaCommand) -> Void
  ) -> @Sendable (BusValue) -> Result<Void, BusError> {
    { value in
      if let command = write(value) { onCommand(command) }
      return .success(())
    }
  }
}
