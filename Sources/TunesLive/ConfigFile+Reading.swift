import Foundation
import ITunesCatalog
import Playback
import TerminalGraphics
import TunesFeatures

/// One thing wrong with `config.json`: the file, the key and the value as written, and what
/// tunes did instead.
package struct ConfigProblem: Equatable, Sendable {
  /// The file's path.
  package var file: String
  /// The key, or `nil` when the file as a whole is the problem.
  package var key: String?
  /// The value as written (cut to 60 characters), when one is the problem.
  package var value: String?
  /// What is wrong and what tunes does instead.
  package var reason: String

  /// `FILE: "KEY" is VALUE: REASON`, one line.
  package var message: String {
    var text = file
    if let key { text += ": \"\(key)\"" }
    if let value { text += " is \(value)" }
    return text + ": " + reason
  }
}

/// What reading `config.json` found: the configuration (a default for every key that was
/// missing or bad) and the problems, each named.
package struct ConfigReading: Sendable {
  /// The configuration to use.
  package var config = TunesConfig()
  /// What was wrong, one entry per key (or one for the whole file).
  package var problems: [ConfigProblem] = []
  /// Whether the file exists.
  package var exists = false
  /// Whether the file is a plain JSON object that a save may rewrite without losing anything
  /// (no comments, no trailing commas, readable).
  package var rewritable = true
  /// The object's JSON bytes (comments and trailing commas removed), when it is one.
  package var object: [UInt8]?
}

extension ConfigFile {
  /// Reads the configuration. A missing file gives the defaults. A bad value of one key gives
  /// that key's default and a problem; other keys are still read. `//` and `/* */` comments and
  /// trailing commas are allowed. A file that cannot be read at all (a syntax error, not an
  /// object, larger than `maximumBytes`, unreadable) gives the defaults with one problem, and
  /// searches are not recorded (the file may have said `"history": false`).
  package static func read(from url: URL) -> ConfigReading {
    var reading = ConfigReading()
    let path = url.path
    func fail(_ reason: String) -> ConfigReading {
      reading.rewritable = false
      reading.config.recordsHistory = false
      reading.problems.append(
        ConfigProblem(
          file: path,
          reason: reason + "; every setting is at its default and searches are not "
            + "recorded until it is fixed"))
      return reading
    }
    guard FileManager.default.fileExists(atPath: path) else { return reading }
    reading.exists = true
    guard let handle = FileHandle(forReadingAtPath: path) else {
      return fail("cannot be read (\(String(cString: strerror(errno))))")
    }
    defer { try? handle.close() }
    let data = (try? handle.read(upToCount: maximumBytes + 1)) ?? Data()
    guard data.count <= maximumBytes else {
      return fail("is larger than \(maximumBytes / 1024) KiB")
    }
    let bytes = [UInt8](data)
    let value: JSONValue
    if let strict = try? JSONParser.parse(bytes) {
      value = strict
      reading.object = bytes
    } else {
      let relaxed = RelaxedJSON.strip(bytes)
      do {
        value = try JSONParser.parse(relaxed)
      } catch {
        let (line, column) = RelaxedJSON.position(of: error.offset, in: relaxed)
        return fail("is not valid JSON (line \(line), column \(column): \(error.reason))")
      }
      reading.rewritable = false
      reading.object = relaxed
    }
    guard case .object(let members) = value else {
      reading.object = nil
      return fail("is not a JSON object")
    }
    reading.config = readKeys(members, path: path, problems: &reading.problems)
    return reading
  }

  /// The configuration from the object's members; a bad value of a key is that key's default.
  private static func readKeys(
    _ members: [(key: String, value: JSONValue)], path: String, problems: inout [ConfigProblem]
  ) -> TunesConfig {
    var config = TunesConfig()
    var values: [String: JSONValue] = [:]
    for (key, value) in members { values[key] = value }
    func problem(_ key: String, _ value: JSONValue, _ reason: String) {
      problems.append(
        ConfigProblem(file: path, key: key, value: shown(value), reason: reason))
    }
    switch values[historyKey] {
    case nil, .bool(true)?: break
    case .bool(false)?: config.recordsHistory = false
    case let other?:
      config.recordsHistory = false
      problem(historyKey, other, "must be true or false; searches are not recorded until it is")
    }
    switch values[columnsKey] {
    case nil, .null?: break
    case .number(let number)? where (1...4).contains(number.int64 ?? 0):
      config.columns = Int(number.int64 ?? 1)
    case let other?:
      problem(columnsKey, other, "must be a whole number from 1 to 4; the width decides instead")
    }
    switch values[mpvOptionsKey] {
    case nil, .null?: break
    case .string(let text)?: config.mpvOptions = PlayerConfiguration.splitOptions(text)
    case .array(let list)? where list.allSatisfy({ if case .string = $0 { true } else { false } }):
      config.mpvOptions = list.compactMap { value in
        if case .string(let text) = value, !text.isEmpty { text } else { nil }
      }
    case let other?:
      problem(mpvOptionsKey, other, "must be a string or a list of strings; it is not used")
    }
    switch values[imagesKey] {
    case nil, .null?: break
    case .string(let text)? where GraphicsChoice.Request.values.contains(text.lowercased()):
      config.images = text
    case let other?:
      problem(
        imagesKey, other,
        "must be one of \(GraphicsChoice.Request.values.joined(separator: ", ")); auto is used")
    }
    switch values[videoKey] {
    case nil, .null?: break
    case .string(let text)? where VideoMode(rawValue: text.lowercased()) != nil:
      config.video = text
    case let other?:
      problem(
        videoKey, other,
        "must be one of \(VideoMode.allCases.map(\.rawValue).joined(separator: ", ")); auto is used"
      )
    }
    for key in [mprisKey, notificationsKey] {
      switch values[key] {
      case nil, .null?: break
      case .string(let text)? where DesktopPresence.Mode(rawValue: text.lowercased()) != nil:
        if key == mprisKey {
          config.mpris = text.lowercased()
        } else {
          config.notifications = text.lowercased()
        }
      case let other?:
        problem(key, other, "must be one of auto, always, off; auto is used")
      }
    }
    switch values[themeKey] {
    case nil, .null?: break
    case .string(let text)? where themeValues.contains(text.lowercased()):
      config.theme = text.lowercased()
    case let other?:
      problem(
        themeKey, other,
        "must be one of \(themeValues.joined(separator: ", ")); auto (the terminal's background)"
          + " is used")
    }
    if let filters = values[filtersKey] {
      if case .object = filters,
        let decoded = try? JSONDecoder().decode(
          SearchFilters.self, from: Data(JSONWriter.bytes(filters)))
      {
        config.filters = decoded
      } else {
        problem(filtersKey, filters, "is not a set of search filters; the defaults are used")
      }
    }
    switch values[countryKey] {
    case nil: break
    case .null?: config.filters.country = nil
    case .string(let text)?:
      let trimmed = text.trimmingCharacters(in: .whitespaces)
      config.filters.country = trimmed.isEmpty ? nil : trimmed
    case let other?:
      problem(countryKey, other, "must be a two-letter country code such as \"GB\"; it is not used")
    }
    for (key, value) in members where !knownKeys.contains(key) {
      if let near = knownKeys.first(where: { RelaxedJSON.distance($0, key) <= 2 }) {
        problems.append(
          ConfigProblem(
            file: path, key: key, value: shown(value),
            reason: "is not a setting tunes knows; did you mean \"\(near)\"?"))
      }
    }
    return config
  }

  /// A value as written, cut to 60 characters.
  private static func shown(_ value: JSONValue) -> String {
    let text = String(decoding: JSONWriter.bytes(value), as: UTF8.self)
    return text.count > 60 ? String(text.prefix(59)) + "…" : text
  }
}

/// The relaxations `config.json` may use: comments and trailing commas.
enum RelaxedJSON {
  /// `bytes` with `//` and `/* */` comments outside strings made spaces, and a comma before
  /// `}` or `]` removed; offsets (and so line numbers) stay the same.
  static func strip(_ bytes: [UInt8]) -> [UInt8] {
    var out = bytes
    var index = 0
    var inString = false
    var lastComma: Int?
    while index < out.count {
      let byte = out[index]
      if inString {
        if byte == UInt8(ascii: "\\") {
          index += 2
          continue
        }
        if byte == UInt8(ascii: "\"") { inString = false }
        index += 1
        continue
      }
      let next = index + 1 < out.count ? out[index + 1] : 0
      switch byte {
      case UInt8(ascii: "\""):
        inString = true
        lastComma = nil
      case UInt8(ascii: "/") where next == UInt8(ascii: "/"):
        while index < out.count, out[index] != 0x0A {
          out[index] = 0x20
          index += 1
        }
        continue
      case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
        out[index] = 0x20
        out[index + 1] = 0x20
        index += 2
        while index < out.count {
          if out[index] == UInt8(ascii: "*"), index + 1 < out.count,
            out[index + 1] == UInt8(ascii: "/")
          {
            out[index] = 0x20
            out[index + 1] = 0x20
            index += 2
            break
          }
          if out[index] != 0x0A { out[index] = 0x20 }
          index += 1
        }
        continue
      case UInt8(ascii: ","):
        lastComma = index
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if let comma = lastComma { out[comma] = 0x20 }
        lastComma = nil
      case 0x20, 0x09, 0x0A, 0x0D:
        break
      default:
        lastComma = nil
      }
      index += 1
    }
    return out
  }

  /// The 1-based line and column of a byte offset.
  static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    for byte in bytes.prefix(offset) {
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return (line, column)
  }

  /// The edit distance of two short keys.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a.lowercased())
    let b = Array(b.lowercased())
    guard !a.isEmpty else { return b.count }
    var row = Array(0...b.count)
    for i in 1...a.count {
      var previous = row[0]
      row[0] = i
      for j in stride(from: 1, through: b.count, by: 1) {
        let saved = row[j]
        row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
        previous = saved
      }
    }
    return row[b.count]
  }
}
