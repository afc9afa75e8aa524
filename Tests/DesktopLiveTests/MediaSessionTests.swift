import DesktopLive
import Foundation
import Glibc
import TestSupport
import Testing

/// The MPRIS session against a real dbus-daemon of each test's own, seen and driven by the real
/// `playerctl` and `dbus-monitor`.
@Suite("MPRIS session on a private bus")
struct MediaSessionTests {
  @Test("playerctl reads the track's metadata and the status")
  func playerctlReadsMetadata() async throws {
    let bus = try await PrivateBus.start()
    let session = try await Sessions.connect(to: bus)
    session.update(Sessions.playing)

    let status = try await bus.run("playerctl", ["-p", "tunes", "status"])
    #expect(status.exited(0), "\(status)")
    #expect(status.stdout == "Playing\n")
    let format =
      "{{xesam:title}}|{{xesam:artist}}|{{xesam:album}}|{{xesam:url}}|{{mpris:artUrl}}"
      + "|{{mpris:length}}|{{mpris:trackid}}"
    let metadata = try await bus.run("playerctl", ["-p", "tunes", "metadata", "--format", format])
    #expect(metadata.exited(0), "\(metadata)")
    #expect(
      metadata.stdout
        == "Upside Down|Jack Johnson|Sing-A-Longs and Lullabies for the Film Curious George"
        + "|https://music.apple.com/us/album/upside-down/1440857713?i=1440857781"
        + "|file:///tmp/tunes%20art/1440857781.jpg|208947000|'/org/tunes/track/1440857781'\n")
    // (playerctl prints an object path as GLib does, quoted.) The whole table too: one line per key, the keys of missing values left out.
    let table = try await bus.run("playerctl", ["-p", "tunes", "metadata"])
    let keys = table.stdout.split(separator: "\n").compactMap {
      $0.split(separator: " ").dropFirst().first
    }
    #expect(
      Set(keys.map(String.init))
        == [
          "mpris:trackid", "mpris:length", "mpris:artUrl", "xesam:title", "xesam:artist",
          "xesam:album", "xesam:url",
        ], "\(table)")

    var paused = Sessions.paused
    paused.artURL = nil
    session.update(paused)
    #expect(try await bus.run("playerctl", ["-p", "tunes", "status"]).stdout == "Paused\n")
    #expect(try await bus.run("playerctl", ["-p", "tunes", "position"]).stdout == "12.000000\n")
    let noArt = try await bus.run("playerctl", ["-p", "tunes", "metadata", "mpris:artUrl"])
    #expect(noArt.stdout.isEmpty, "\(noArt)")

    await Sessions.close(session)
    await bus.stop()
  }

  static let commands: [([String], MediaCommand)] = [
    (["play"], .play),
    (["pause"], .pause),
    (["play-pause"], .playPause),
    (["stop"], .stop),
    (["next"], .next),
    (["previous"], .previous),
    (["position", "10"], .setPosition(trackID: Sessions.trackID, to: .seconds(10))),
    (["position", "5+"], .seek(by: .seconds(5))),
    (["position", "5-"], .seek(by: .seconds(-5))),
    (["volume", "0.5"], .setVolume(0.5)),
    (
      ["open", "https://music.apple.com/us/album/x/1?i=2"],
      .openURI("https://music.apple.com/us/album/x/1?i=2")
    ),
  ]

  @Test("each playerctl command arrives as its MediaCommand", arguments: commands)
  func playerctlCommands(arguments: [String], expected: MediaCommand) async throws {
    let bus = try await PrivateBus.start()
    let log = CommandLog()
    let session = try await Sessions.connect(to: bus, log: log)
    session.update(Sessions.paused)

    let result = try await bus.run("playerctl", ["-p", "tunes"] + arguments)
    // The call is answered after the handler ran, so the command is there when playerctl ends.
    #expect(result.exited(0), "\(result)")
    #expect(log.received == [expected])
    #expect(log.threads == ["tunes-dbus\n"])  // onCommand runs on the bus thread

    await Sessions.close(session)
    await bus.stop()
  }

  @Test("commands the player cannot carry out now are dropped, as the spec says")
  func disallowedCommandsAreDropped() async throws {
    let bus = try await PrivateBus.start()
    let log = CommandLog()
    let session = try await Sessions.connect(to: bus, log: log)
    session.update(NowPlaying(status: .stopped, canPlay: true))

    for arguments in [["next"], ["previous"], ["pause"], ["position", "5+"], ["play"]] {
      _ = try await bus.run("playerctl", ["-p", "tunes"] + arguments)
    }
    #expect(log.received == [.play])

    await Sessions.close(session)
    await bus.stop()
  }

  @Test("an update announces only what changed, and nothing when nothing did")
  func propertiesChangedCarriesOnlyChanges() async throws {
    let bus = try await PrivateBus.start()
    let session = try await Sessions.connect(to: bus)
    let monitor = try await bus.monitor([
      "type='signal',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged'"
    ])
    func signals() -> [String] {
      monitor.standardOutputSoFar.components(separatedBy: "signal time=").dropFirst()
        .filter { $0.contains("member=PropertiesChanged") }
    }

    session.update(Sessions.playing)
    #expect(await eventually { signals().count == 1 })
    session.update(Sessions.playing)  // the same: nothing to say
    var moved = Sessions.playing
    moved.position = .seconds(40)  // Position alone is never signalled
    session.update(moved)
    var quieter = moved
    quieter.volume = 0.25
    session.update(quieter)
    #expect(await eventually { signals().count >= 2 })

    let seen = signals()
    #expect(seen.count == 2, "\(seen)")
    let first = seen.first ?? ""
    for part in [
      "org.mpris.MediaPlayer2.Player", "\"PlaybackStatus\"", "\"Playing\"", "\"Metadata\"",
      "\"xesam:title\"", "\"Upside Down\"", "\"Volume\"", "\"CanSeek\"",
    ] {
      #expect(first.contains(part), "\(part) in \(first)")
    }
    #expect(!first.contains("\"Position\""))
    let second = seen.last ?? ""
    #expect(second.contains("\"Volume\"") && second.contains("double 0.25"), "\(second)")
    for absent in ["\"Metadata\"", "\"PlaybackStatus\"", "\"Position\"", "\"CanSeek\""] {
      #expect(!second.contains(absent), "\(absent) in \(second)")
    }

    monitor.send(SIGTERM)
    _ = await monitor.result()
    await Sessions.close(session)
    await bus.stop()
  }

  @Test("seeked emits Seeked, and Position reads the new place")
  func seekedIsSignalled() async throws {
    let bus = try await PrivateBus.start()
    let session = try await Sessions.connect(to: bus)
    session.update(Sessions.paused)
    let monitor = try await bus.monitor([
      "type='signal',interface='org.mpris.MediaPlayer2.Player',member='Seeked'"
    ])

    session.seeked(to: .seconds(30))
    #expect(await eventually { monitor.standardOutputSoFar.contains("int64 30000000") })
    #expect(monitor.standardOutputSoFar.contains("path=/org/mpris/MediaPlayer2;"))
    #expect(try await bus.run("playerctl", ["-p", "tunes", "position"]).stdout == "30.000000\n")

    monitor.send(SIGTERM)
    _ = await monitor.result()
    await Sessions.close(session)
    await bus.stop()
  }

  @Test("a second tunes takes the instance name, a third is off, and close frees the name")
  func instanceSuffixWhenTaken() async throws {
    let bus = try await PrivateBus.start()
    let first = try await Sessions.connect(to: bus)
    let second = try await Sessions.connect(to: bus)
    #expect(first.busName == "org.mpris.MediaPlayer2.tunes")
    #expect(second.busName == "org.mpris.MediaPlayer2.tunes.instance\(getpid())")
    let players = try await bus.run("playerctl", ["-l"])
    #expect(players.stdout == "tunes\ntunes.instance\(getpid())\n", "\(players)")

    let environment = bus.environment
    let third = await DedicatedThread.run {
      MediaSession.connect(environment: environment) { _ in }
    }
    guard case .off(let reason) = third else {
      Issue.record("a third session connected")
      return
    }
    #expect(
      reason
        == "MPRIS is off: org.mpris.MediaPlayer2.tunes and org.mpris.MediaPlayer2.tunes.instance\(getpid()) are taken."
    )

    await Sessions.close(first)
    await Sessions.close(first)  // twice is fine
    first.update(Sessions.playing)  // dropped, no crash
    // ReleaseName has been answered when close returns: the name is gone at once.
    let left = try await bus.run("playerctl", ["-l"])
    #expect(left.stdout == "tunes.instance\(getpid())\n", "\(left)")

    await Sessions.close(second)
    await bus.stop()
  }

  @Test("a bus that goes away leaves the session quiet: no crash, no busy loop, close returns")
  func busGoesAway() async throws {
    let bus = try await PrivateBus.start()
    let session = try await Sessions.connect(to: bus)
    session.update(Sessions.playing)
    await bus.stop()

    session.update(Sessions.paused)
    session.seeked(to: .seconds(3))
    let thread = session.threadID
    #expect(
      await eventually { ThreadProbe.isParkedInPoll(thread) }, "\(ThreadProbe.syscall(thread))")
    await Sessions.close(session)
  }
}
