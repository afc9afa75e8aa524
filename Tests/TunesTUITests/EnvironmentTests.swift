import Foundation
import TerminalUI
import Testing
import TunesFeatures

@testable import TunesTUI

@Suite("Capabilities, doctor and the filters file")
struct EnvironmentTests {
  static let depthTable: [([String: String], ColorDepth)] = [
    (["TERM": "xterm-256color", "COLORTERM": "truecolor"], .truecolor),
    (["TERM": "tmux-256color"], .ansi256),
    (["TERM": "xterm"], .ansi16),
    (["TERM": "xterm-256color", "NO_COLOR": "1"], .none),
    (["TERM": "dumb"], .none),
    ([:], .ansi16),
  ]

  @Test("the colour depth comes from NO_COLOR, COLORTERM and TERM", arguments: depthTable)
  func colorDepth(environment: [String: String], expected: ColorDepth) {
    #expect(TerminalCapabilities.detect(environment: environment).colorDepth == expected)
  }

  @Test("a DECRQM report settles synchronized output; device attributes first mean no")
  func probeAnswers() {
    var capabilities = TerminalCapabilities(terminalName: "x", colorDepth: .ansi16)
    let reported = capabilities.apply(.modeReport(mode: 2026, value: 2))
    #expect(reported)
    #expect(capabilities.synchronizedOutput == true)
    var other = TerminalCapabilities(terminalName: "x", colorDepth: .ansi16)
    let attributes = other.apply(.deviceAttributes([62, 22]))
    #expect(attributes)
    #expect(other.synchronizedOutput == false)
    let unrelated = other.apply(.modeReport(mode: 1000, value: 1))
    #expect(!unrelated)
  }

  @Test("the doctor report names the terminal, size, colours and every path")
  func doctor() {
    let environment = [
      "TERM": "xterm-256color", "XDG_DATA_HOME": "/d", "XDG_CACHE_HOME": "/c",
      "XDG_CONFIG_HOME": "/k", "TUNES_LOG": "/tmp/t.log", "HOME": "/h",
    ]
    let report = Doctor.report(
      environment: environment, size: (100, 30), synchronizedOutput: true)
    let expected = """
      terminal     xterm-256color
      size         100×30
      colour       256 colours
      sync output  yes
      mouse        yes (SGR 1006)
      hyperlinks   unknown (OSC 8 is sent; others ignore it)
      data         /d/tunes/tunes.sqlite
      cache        /c/tunes
      config       /k/tunes/config.json
      log          /tmp/t.log

      """
    #expect(report == expected)
  }

  @Test("filters round-trip through config.json and keep its other keys")
  func filtersFile() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tunes-tui-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("tunes/config.json")
    #expect(try FiltersFile.load(from: url) == SearchFilters())
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(#"{"imageProtocol": "kitty"}"#.utf8).write(to: url)
    let filters = SearchFilters(media: .music, explicit: false, country: "GB", limit: 50)
    try FiltersFile.save(filters, to: url)
    #expect(try FiltersFile.load(from: url) == filters)
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
    #expect(object?["imageProtocol"] as? String == "kitty")
  }

  @Test("a damaged config file is an error, not silently the defaults")
  func damagedFiltersFile() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("tunes-tui-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data("{not json".utf8).write(to: url)
    #expect(throws: (any Error).self) { try FiltersFile.load(from: url) }
  }
}
