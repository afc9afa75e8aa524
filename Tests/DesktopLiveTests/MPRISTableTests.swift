import CGio
import Foundation
import Testing

@testable import DesktopLive

/// The declarative MPRIS table on its own: values, changes and the spec's rules for commands.
@Suite("MPRIS table")
struct MPRISTableTests {
  @Test("Metadata leaves out missing values; the track id is always there")
  func metadata() {
    #expect(
      MPRISTable.metadata(of: NowPlaying())
        == ["mpris:trackid": .objectPath("/org/mpris/MediaPlayer2/TrackList/NoTrack")])
    #expect(
      MPRISTable.metadata(of: NowPlaying(trackID: "not a path", title: "T"))
        == [
          "mpris:trackid": .objectPath("/org/mpris/MediaPlayer2/TrackList/NoTrack"),
          "xesam:title": .string("T"),
        ])
    #expect(
      MPRISTable.metadata(of: Sessions.playing)
        == [
          "mpris:trackid": .objectPath("/org/tunes/track/1440857781"),
          "mpris:length": .int64(208_947_000),
          "mpris:artUrl": .string("file:///tmp/tunes%20art/1440857781.jpg"),
          "xesam:title": .string("Upside Down"), "xesam:artist": .strings(["Jack Johnson"]),
          "xesam:album": .string("Sing-A-Longs and Lullabies for the Film Curious George"),
          "xesam:url": .string(
            "https://music.apple.com/us/album/upside-down/1440857713?i=1440857781"),
        ])
  }

  @Test("changes name only the properties that differ, never Position")
  func changes() {
    let properties = MPRISTable.playerProperties
    #expect(MPRISTable.changes(in: properties, from: Sessions.playing, to: Sessions.playing) == [:])
    var moved = Sessions.playing
    moved.position = .seconds(99)
    #expect(MPRISTable.changes(in: properties, from: Sessions.playing, to: moved) == [:])
    moved.canGoNext = false
    moved.status = .paused
    #expect(
      MPRISTable.changes(in: properties, from: Sessions.playing, to: moved)
        == ["CanGoNext": .bool(false), "PlaybackStatus": .string("Paused")])
  }

  private func command(_ name: String, _ arguments: [BusValue], _ now: NowPlaying)
    -> MediaCommand?
  {
    MPRISTable.playerMethods.first { $0.name == name }?.command(arguments, now)
  }

  @Test("SetPosition is ignored for another track, before 0 or past the end")
  func setPositionRules() {
    let track = BusValue.objectPath(Sessions.trackID)
    #expect(
      command("SetPosition", [track, .int64(10_000_000)], Sessions.playing)
        == .setPosition(trackID: Sessions.trackID, to: .seconds(10)))
    #expect(
      command("SetPosition", [.objectPath("/org/tunes/track/2"), .int64(1)], Sessions.playing)
        == nil)
    #expect(command("SetPosition", [track, .int64(-1)], Sessions.playing) == nil)
    #expect(command("SetPosition", [track, .int64(208_947_001)], Sessions.playing) == nil)
    var fixed = Sessions.playing
    fixed.canSeek = false
    #expect(command("SetPosition", [track, .int64(1)], fixed) == nil)
    #expect(command("Seek", [.int64(1)], fixed) == nil)
    #expect(command("Seek", [.int64(-2_500_000)], Sessions.playing) == .seek(by: .seconds(-2.5)))
  }

  @Test("OpenUri takes https only; Volume writes are clamped; Rate writes are ignored")
  func uriVolumeRate() {
    #expect(command("OpenUri", [.string("file:///etc/passwd")], Sessions.playing) == nil)
    #expect(
      command("OpenUri", [.string("HTTPS://music.apple.com/x")], Sessions.playing)
        == .openURI("HTTPS://music.apple.com/x"))
    let volume = MPRISTable.playerProperties.first { $0.name == "Volume" }?.write
    #expect(volume?(.double(1.7)) == .setVolume(1))
    #expect(volume?(.double(-3)) == .setVolume(0))
    #expect(volume?(.double(.nan)) == nil)
    let rate = MPRISTable.playerProperties.first { $0.name == "Rate" }?.write
    #expect(rate?(.double(2)) == nil)
  }

  @Test("GDBus reads the introspection made from the table; Position is not signalled")
  func introspection() throws {
    let xml =
      "<node>"
      + BusInterface(
        name: "org.mpris.MediaPlayer2.Player",
        properties: [
          BusProperty("Position", type: "x", emitsChangedSignal: false) { .int64(0) },
          BusProperty("Volume", type: "d", get: { .double(1) }, set: { _ in .success(()) }),
        ], signals: MPRISTable.playerSignals
      ).introspectionXML + "</node>"
    var error: UnsafeMutablePointer<GError>?
    let info = try #require(g_dbus_node_info_new_for_xml(xml, &error))
    defer { g_dbus_node_info_unref(info) }
    let interface = try #require(
      g_dbus_node_info_lookup_interface(info, "org.mpris.MediaPlayer2.Player"))
    let position = try #require(g_dbus_interface_info_lookup_property(interface, "Position"))
    #expect(position.pointee.flags.rawValue == G_DBUS_PROPERTY_INFO_FLAGS_READABLE.rawValue)
    let emits = g_dbus_annotation_info_lookup(
      position.pointee.annotations, "org.freedesktop.DBus.Property.EmitsChangedSignal")
    #expect(emits.map { String(cString: $0) } == "false")
    let volume = try #require(g_dbus_interface_info_lookup_property(interface, "Volume"))
    #expect(
      volume.pointee.flags.rawValue
        == G_DBUS_PROPERTY_INFO_FLAGS_READABLE.rawValue
        | G_DBUS_PROPERTY_INFO_FLAGS_WRITABLE.rawValue)
    #expect(g_dbus_interface_info_lookup_signal(interface, "Seeked") != nil)
  }
}
