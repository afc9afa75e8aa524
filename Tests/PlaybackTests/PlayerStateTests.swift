import Foundation
import Playback
import TestSupport
import Testing

@testable import PlaybackLive

@Suite("Player state, messages and options")
struct PlayerStateTests {
  private static let url = URL(test: "http://127.0.0.1/media/x.m4a")

  @Test("events fold into the state a screen draws")
  func fold() {
    var state = PlayerState()
    state.apply(.loading(Self.url))
    #expect(state.phase == .loading && state.isActive)
    state.apply(.started)
    state.apply(.duration(29.98))
    state.apply(.position(12.7))
    #expect(state.progressText == "▶ 0:12 / 0:30")
    state.apply(.paused(true))
    #expect(state.progressText == "⏸ 0:12 / 0:30")
    state.apply(.ended)
    #expect(state.phase == .ended && !state.isActive)
    state.apply(.loading(Self.url))
    #expect(state.position == 0 && state.duration == nil && !state.paused)
    #expect(state.progressText == "▶ 0:00 / --:--")
  }

  @Test("clock text", arguments: [(0.0, "0:00"), (59.9, "0:59"), (61, "1:01"), (-3, "0:00")])
  func clock(seconds: Double, text: String) {
    #expect(PlayerState.clock(seconds) == text)
  }

  @Test("mpv's lines parse into replies and events")
  func parse() throws {
    let reply = try #require(
      IPCMessage.parse(
        Data(#"{"data":{"playlist_entry_id":3},"request_id":7,"error":"success"}"#.utf8)))
    #expect(reply.requestID == 7 && reply.error == "success" && reply.playlistEntryID == 3)
    let change = try #require(
      IPCMessage.parse(
        Data(#"{"event":"property-change","id":1,"name":"time-pos","data":1.25}"#.utf8)))
    #expect(change.event == "property-change" && change.name == "time-pos" && change.number == 1.25)
    #expect(change.requestID == nil)
    let pause = try #require(
      IPCMessage.parse(Data(#"{"event":"property-change","name":"pause","data":true}"#.utf8)))
    #expect(pause.flag == true)
    let end = try #require(
      IPCMessage.parse(
        Data(
          #"{"event":"end-file","reason":"error","playlist_entry_id":2,"file_error":"loading failed"}"#
            .utf8)))
    #expect(end.reason == "error" && end.fileError == "loading failed" && end.playlistEntryID == 2)
    #expect(IPCMessage.parse(Data("not json".utf8)) == nil)
  }

  @Test("commands encode as one JSON line with their request id")
  func encode() throws {
    let line = IPCMessage.encode(["seek", .number(-5), "relative"], requestID: 4)
    #expect(line.last == 0x0A)
    let object = try #require(
      try JSONSerialization.jsonObject(with: line.dropLast()) as? [String: Any])
    #expect((object["request_id"] as? NSNumber)?.intValue == 4)
    let command = try #require(object["command"] as? [Any])
    #expect(command.count == 3 && (command[1] as? NSNumber)?.doubleValue == -5)
  }

  @Test("option strings split on spaces")
  func options() {
    #expect(
      PlayerConfiguration.splitOptions("  --ao=null   --volume=50 ") == [
        "--ao=null", "--volume=50",
      ])
    #expect(PlayerConfiguration.splitOptions(nil) == [])
  }

  @Test("the in-memory player records commands and answers with events")
  func inMemory() async throws {
    let double = InMemoryPlayer(duration: 30)
    let player = double.player
    try await player.play(Self.url)
    try await player.togglePause()
    try await player.seek(by: 5)
    try await player.stop()
    #expect(double.commands == [.play(Self.url), .togglePause, .seek(5), .stop])
    #expect(double.current.phase == .stopped && double.current.position == 5)
    await player.shutdown()
    await #expect(throws: PlaybackError.shutDown) { try await player.play(Self.url) }
    let missing = InMemoryPlayer(failure: .mpvMissing).player
    await #expect(throws: PlaybackError.mpvMissing) { try await missing.play(Self.url) }
  }
}
