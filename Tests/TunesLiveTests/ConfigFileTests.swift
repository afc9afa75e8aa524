import Foundation
import ITunesClient
import TerminalPOSIX
import TestSupport
import Testing
import TunesFeatures
import TunesStorage

@testable import TunesLive

@Suite("config.json: problems named, other keys kept, nothing lost on save")
struct ConfigFileTests {
  /// A config file in a new temporary folder holding `text`.
  static func file(_ text: String) throws -> (URL, TemporaryDirectory) {
    let directory = try TemporaryDirectory(prefix: "tunes-config")
    let url = directory.appending("config.json")
    try Data(text.utf8).write(to: url)
    return (url, directory)
  }

  @Test("comments and trailing commas are allowed; \"history\": false holds")
  func comments() throws {
    let (url, directory) = try Self.file(
      """
      {
        // no history on this machine
        "history": false, /* and three columns */
        "columns": 3,
      }
      """)
    defer { directory.remove() }
    let reading = ConfigFile.read(from: url)
    #expect(reading.problems.isEmpty, "\(reading.problems)")
    #expect(!reading.config.recordsHistory)
    #expect(reading.config.columns == 3)
    #expect(!reading.rewritable)
  }

  @Test(
    "one bad value is named with file, key and value; every other key is still read",
    arguments: [
      (#""columns": "two""#, "columns", #""two""#), (#""columns": 9"#, "columns", "9"),
      (#""images": "kity""#, "images", #""kity""#), (#""video": 3"#, "video", "3"),
      (#""theme": "solarized""#, "theme", #""solarized""#),
      (#""mpvOptions": {"a": 1}"#, "mpvOptions", #"{"a":1}"#),
      (#""filters": {"limit": "many"}"#, "filters", #"{"limit":"many"}"#),
      (#""country": 44"#, "country", "44"), (#""histroy": false"#, "histroy", "false"),
    ])
  func badValue(entry: String, key: String, value: String) throws {
    let (url, directory) = try Self.file(#"{"history": false, "columns": 2, \#(entry)}"#)
    defer { directory.remove() }
    let reading = ConfigFile.read(from: url)
    #expect(reading.problems.count == 1, "\(reading.problems)")
    let problem = try #require(reading.problems.first)
    #expect(problem.file == url.path)
    #expect(problem.key == key)
    #expect(problem.value == value)
    #expect(problem.message.contains("\"\(key)\" is \(value): "), "\(problem.message)")
    #expect(!reading.config.recordsHistory, "history: false is kept")
    if key != "columns" { #expect(reading.config.columns == 2) }
  }

  @Test("\"theme\" is read as auto, light or dark, any case")
  func theme() throws {
    for (written, read) in [("Light", "light"), ("dark", "dark"), ("auto", "auto")] {
      let (url, directory) = try Self.file(#"{"theme": "\#(written)"}"#)
      defer { directory.remove() }
      let reading = ConfigFile.read(from: url)
      #expect(reading.problems.isEmpty, "\(reading.problems)")
      #expect(reading.config.theme == read)
    }
  }

  @Test("a wrong type for history turns recording off and says so")
  func historyWrongType() throws {
    let (url, directory) = try Self.file(#"{"history": "no"}"#)
    defer { directory.remove() }
    let reading = ConfigFile.read(from: url)
    #expect(!reading.config.recordsHistory)
    #expect(reading.problems.first?.reason.contains("not recorded") == true)
  }

  @Test("a syntax error names the line and column, and history is off")
  func syntaxError() throws {
    let (url, directory) = try Self.file("{\n  \"history\": fals\n}")
    defer { directory.remove() }
    let reading = ConfigFile.read(from: url)
    #expect(reading.problems.count == 1)
    #expect(reading.problems.first?.message.contains("line 2") == true, "\(reading.problems)")
    #expect(!reading.config.recordsHistory)
  }

  @Test("a file over 1 MiB is not read, and says so")
  func huge() throws {
    let (url, directory) = try Self.file(
      #"{"mpvOptions": ""# + String(repeating: "x", count: 1 << 20) + #""}"#)
    defer { directory.remove() }
    #expect(ConfigFile.read(from: url).problems.first?.reason.contains("larger than") == true)
  }

  @Test("saving over a file that is not plain JSON copies it aside first")
  func backupBeforeOverwrite() throws {
    for text in ["{\"history\": fals, \"mpvOptions\": \"--volume=50\"}", "[1, 2]", "{// c\n}"] {
      let (url, directory) = try Self.file(text)
      defer { directory.remove() }
      try ConfigFile.save(SearchFilters(limit: 25), to: url)
      let backup = URL(fileURLWithPath: url.path + ".bak")
      #expect(try String(contentsOf: backup, encoding: .utf8) == text)
      #expect(ConfigFile.read(from: url).config.filters.limit == 25)
      #expect(ConfigFile.read(from: url).problems.isEmpty)
      // A plain file is rewritten in place without another copy.
      try ConfigFile.save(SearchFilters(limit: 30), to: url)
      #expect(!FileManager.default.fileExists(atPath: url.path + ".bak.2"))
    }
  }

  @Test("comments are lost on save, but the commented file is kept as .bak and keys survive")
  func keysSurviveRewrite() throws {
    let (url, directory) = try Self.file("{\n// mine\n\"history\": false, \"x-own\": 1,\n}")
    defer { directory.remove() }
    try ConfigFile.save(SearchFilters(limit: 25), to: url)
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
    #expect(object?["history"] as? Bool == false)
    #expect(object?["x-own"] as? Int == 1)
    #expect(FileManager.default.fileExists(atPath: url.path + ".bak"))
  }

  @Test("a symlinked config.json stays a symlink; the file it points to is written, mode kept")
  func symlink() throws {
    let directory = try TemporaryDirectory(prefix: "tunes-config")
    defer { directory.remove() }
    let real = directory.appending("dotfiles-config.json")
    try Data(#"{"history": false}"#.utf8).write(to: real)
    #expect(chmod(real.path, 0o640) == 0)
    let link = directory.appending("config.json")
    try FileManager.default.createSymbolicLink(
      atPath: link.path, withDestinationPath: "dotfiles-config.json")
    try ConfigFile.save(SearchFilters(limit: 25), to: link)
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: link.path)
        == "dotfiles-config.json")
    #expect(ConfigFile.read(from: real).config.filters.limit == 25)
    #expect(!ConfigFile.read(from: real).config.recordsHistory)
    let attributes = try FileManager.default.attributesOfItem(atPath: real.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o640)
  }

  @Test("the app names each problem in its start-up notices")
  func appNotices() throws {
    let directory = try TemporaryDirectory(prefix: "tunes-config")
    defer { directory.remove() }
    let paths = StoragePaths(environment: [
      "HOME": directory.path, "XDG_CONFIG_HOME": directory.appending("config").path,
    ])
    try FileManager.default.createDirectory(
      at: paths.configFile.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(#"{"columns": "two", "history": false}"#.utf8).write(to: paths.configFile)
    let (_, notices) = LiveDependencies.make(
      configuration: .standard, paths: paths, cacheMode: .disabled, log: Log(environment: [:]))
    #expect(
      notices.contains {
        $0.contains(paths.configFile.path) && $0.contains("\"columns\" is \"two\"")
      },
      "\(notices)")
  }
}
