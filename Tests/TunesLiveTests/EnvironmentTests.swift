import Foundation
import TerminalGraphics
import TerminalPOSIX
import TestSupport
import Testing
import TunesFeatures
import TunesStorage

@testable import TunesLive

@Suite("Capabilities, doctor and the filters file")
struct EnvironmentTests {
  @Test("the doctor report names the terminal, size, colours and every path")
  func doctor() {
    let environment = [
      "TERM": "xterm-256color", "XDG_DATA_HOME": "/d", "XDG_CACHE_HOME": "/c",
      "XDG_CONFIG_HOME": "/k", "TUNES_LOG": "/tmp/t.log", "HOME": "/h",
    ]
    let report = Doctor.report(
      environment: environment, size: (100, 30), synchronizedOutput: .yes,
      probe: GraphicsProbe(
        deviceAttributes: [63, 4, 22], cellPixels: CellPixels(width: 8, height: 16)))
    let expected = """
      terminal     xterm-256color
      size         100×30
      colour       256 colours
      sync output  yes (DEC 2026)
      mouse        yes (SGR 1006)
      hyperlinks   unknown (OSC 8 is sent; terminals without it ignore it)
      images       sixel (the terminal's device attributes include 4); 8×16 px cells
      mpris        off: no session bus (DBUS_SESSION_BUS_ADDRESS is not set); media keys and playerctl will not reach tunes
      data         /d/tunes/tunes.sqlite
      cache        /c/tunes
      config       /k/tunes/config.json
      log          /tmp/t.log

      """
    #expect(report == expected)
  }

  @Test("doctor's mpris line: off by config, off without a bus, else the name tunes takes")
  func doctorMPRIS() throws {
    let config = try TemporaryDirectory()
    defer { config.remove() }
    let paths = StoragePaths(environment: ["XDG_CONFIG_HOME": config.path, "HOME": "/h"])
    #expect(
      Doctor.mprisLine(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/x"], paths: paths)
        == "on: the app shows itself as org.mpris.MediaPlayer2.tunes on unix:path=/x")
    try FileManager.default.createDirectory(
      at: paths.configDirectory, withIntermediateDirectories: true)
    try Data(#"{"mpris": "off"}"#.utf8).write(to: paths.configFile)
    #expect(
      Doctor.mprisLine(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/x"], paths: paths)
        == "off (the config key mpris is off)")
  }

  @Test("doctor's images line: tmux, a forced mode, no terminal, the assumed cell size")
  func doctorImages() {
    func line(_ environment: [String: String], _ images: GraphicsChoice.Request = .auto) -> String {
      Doctor.imagesLine(
        environment: environment, size: (80, 24), probe: GraphicsProbe(deviceAttributes: [62]),
        images: images)
    }
    #expect(line(["TMUX": "/tmp/x", "TERM": "tmux-256color"]).hasPrefix("symbols inside tmux"))
    #expect(
      line(["TERM": "xterm"], .forced(.kitty, source: "--images"))
        == "kitty, as --images asks; 10×20 px cells (assumed)")
    #expect(
      Doctor.imagesLine(
        environment: [:], size: nil, probe: GraphicsProbe(), images: .auto)
        == "not asked (not a terminal)")
  }

  @Test("the images mode comes from --images, else the config key, else auto")
  func imagesRequest() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tunes-images-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let environment = ["XDG_CONFIG_HOME": directory.path]
    #expect(Doctor.imagesRequest(flag: nil, environment: environment) == .auto)
    let url = directory.appendingPathComponent("tunes/config.json")
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(#"{"images": "Symbols"}"#.utf8).write(to: url)
    #expect(
      Doctor.imagesRequest(flag: nil, environment: environment)
        == .forced(.symbols, source: "the config key images"))
    #expect(
      Doctor.imagesRequest(flag: "none", environment: environment)
        == .forced(.none, source: "--images"))
  }

  @Test("filters round-trip through config.json and keep its other keys")
  func filtersFile() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tunes-tui-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("tunes/config.json")
    #expect(ConfigFile.load(from: url).filters == SearchFilters())
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(#"{"imageProtocol": "kitty"}"#.utf8).write(to: url)
    let filters = SearchFilters(media: .music, explicit: false, country: "GB", limit: 50)
    try ConfigFile.save(filters, to: url)
    #expect(ConfigFile.load(from: url).filters == filters)
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
    #expect(object?["imageProtocol"] as? String == "kitty")
  }

  @Test(
    "the country is the top-level setting: saved there, read back, an old filters country still read, null is none"
  )
  func countrySetting() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tunes-tui-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("tunes/config.json")
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    // A config written before the settings panel: the storefront inside "filters".
    try Data(#"{"filters": {"country": "JP", "limit": 25}, "video": "audio"}"#.utf8).write(to: url)
    let old = ConfigFile.load(from: url)
    #expect(old.filters.country == "JP")
    #expect(old.filters.limit == 25)
    // Saving moves it to the top level and keeps the other keys.
    var changed = old.filters
    changed.country = "GB"
    try ConfigFile.save(changed, to: url)
    var object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
    #expect(object?["country"] as? String == "GB")
    #expect((object?["filters"] as? [String: Any])?["country"] == nil)
    #expect((object?["filters"] as? [String: Any])?["limit"] as? Int == 25)
    #expect(object?["video"] as? String == "audio")
    #expect(ConfigFile.load(from: url).filters == changed)
    // None chosen: the key goes away; null reads as none chosen too.
    changed.country = nil
    try ConfigFile.save(changed, to: url)
    object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
    #expect(object?["country"] == nil)
    #expect(ConfigFile.load(from: url).filters.country == nil)
    try Data(#"{"filters": {"country": "JP", "limit": 30}, "country": null}"#.utf8).write(to: url)
    #expect(ConfigFile.load(from: url).filters.country == nil)
    // The top-level setting wins over an old filters country.
    try Data(#"{"filters": {"country": "JP", "limit": 30}, "country": "fr"}"#.utf8).write(to: url)
    #expect(ConfigFile.load(from: url).filters.country == "fr")
  }

  @Test("a damaged config file is a named problem, not silently the defaults")
  func damagedFiltersFile() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("tunes-tui-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data("{not json".utf8).write(to: url)
    let reading = ConfigFile.read(from: url)
    #expect(reading.problems.count == 1)
    #expect(reading.problems.first?.message.hasPrefix(url.path + ": is not valid JSON") == true)
    #expect(!reading.config.recordsHistory)
  }

  @Test("without a terminal the doctor says so instead of a size")
  func doctorWithoutTerminal() {
    let report = Doctor.report(environment: ["NO_COLOR": "1", "HOME": "/h"], size: nil)
    #expect(report.contains("size         not a terminal"))
    #expect(report.contains("colour       none (NO_COLOR or a dumb terminal)"))
    #expect(report.contains("sync output  not asked (not a terminal)"))
    #expect(report.contains("log          off (set TUNES_LOG=FILE)"))
  }
}
