import DesktopLive
import Foundation
import TestSupport
import Testing

/// The properties and methods playerctl does not show, read and called with `dbus-send`.
@Suite("MPRIS root interface and constants")
struct RootInterfaceTests {
  /// `dbus-send --print-reply` output with every run of white space made one space.
  private func call(_ bus: PrivateBus, _ arguments: [String]) async throws -> String {
    let result = try await bus.run(
      "dbus-send",
      ["--bus=\(bus.address)", "--print-reply", "--dest=org.mpris.MediaPlayer2.tunes"]
        + arguments)
    #expect(result.exited(0), "\(result)")
    return result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  private func getAll(_ bus: PrivateBus, _ interface: String) async throws -> String {
    try await call(
      bus,
      ["/org/mpris/MediaPlayer2", "org.freedesktop.DBus.Properties.GetAll", "string:" + interface])
  }

  @Test("the root interface says who tunes is and what it takes")
  func rootProperties() async throws {
    let bus = try await PrivateBus.start()
    let session = try await Sessions.connect(to: bus)
    let root = try await getAll(bus, "org.mpris.MediaPlayer2")
    for entry in [
      "string \"Identity\" variant string \"tunes\"",
      "string \"DesktopEntry\" variant string \"tunes\"",
      "string \"CanQuit\" variant boolean true", "string \"CanRaise\" variant boolean false",
      "string \"HasTrackList\" variant boolean false",
      "string \"SupportedUriSchemes\" variant array [ string \"https\" ]",
      "string \"SupportedMimeTypes\" variant array [ string \"audio/mp4\" string \"audio/mpeg\" string \"video/mp4\" ]",
    ] {
      #expect(root.contains(entry), "\(entry) in \(root)")
    }
    let player = try await getAll(bus, "org.mpris.MediaPlayer2.Player")
    for entry in [
      "string \"Rate\" variant double 1", "string \"MinimumRate\" variant double 1",
      "string \"MaximumRate\" variant double 1", "string \"CanControl\" variant boolean true",
      "string \"PlaybackStatus\" variant string \"Stopped\"",
      "string \"Metadata\" variant array [ dict entry( string \"mpris:trackid\" variant object path \"/org/mpris/MediaPlayer2/TrackList/NoTrack\" ) ]",
      "string \"Position\" variant int64 0", "string \"Volume\" variant double 1",
    ] {
      #expect(player.contains(entry), "\(entry) in \(player)")
    }
    #expect(!player.contains("LoopStatus") && !player.contains("Shuffle"))
    await Sessions.close(session)
    await bus.stop()
  }

  @Test("Raise and Quit arrive as commands; introspection lists both interfaces")
  func rootMethods() async throws {
    let bus = try await PrivateBus.start()
    let log = CommandLog()
    let session = try await Sessions.connect(to: bus, log: log)
    _ = try await call(bus, ["/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Raise"])
    _ = try await call(bus, ["/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Quit"])
    #expect(log.received == [.raise, .quit])
    let xml = try await call(
      bus, ["/org/mpris/MediaPlayer2", "org.freedesktop.DBus.Introspectable.Introspect"])
    #expect(xml.contains("<interface name=\"org.mpris.MediaPlayer2\">"))
    #expect(xml.contains("<interface name=\"org.mpris.MediaPlayer2.Player\">"))
    #expect(xml.contains("<method name=\"SetPosition\">"))
    await Sessions.close(session)
    await bus.stop()
  }

  @Test("a Volume of the wrong type and a read-only property are refused")
  func refusedWrites() async throws {
    let bus = try await PrivateBus.start()
    let log = CommandLog()
    let session = try await Sessions.connect(to: bus, log: log)
    for (property, value) in [
      ("Volume", "variant:string:loud"), ("PlaybackStatus", "variant:string:Playing"),
    ] {
      let result = try await bus.run(
        "dbus-send",
        [
          "--bus=\(bus.address)", "--print-reply", "--dest=org.mpris.MediaPlayer2.tunes",
          "/org/mpris/MediaPlayer2", "org.freedesktop.DBus.Properties.Set",
          "string:org.mpris.MediaPlayer2.Player", "string:" + property, value,
        ])
      #expect(!result.exited(0), "\(property): \(result)")
      // GDBus checks both against the introspection before the handler is reached.
      #expect(result.stderr.contains("Error org.freedesktop.DBus.Error.InvalidArgs"), "\(result)")
    }
    #expect(log.received.isEmpty)
    await Sessions.close(session)
    await bus.stop()
  }
}
