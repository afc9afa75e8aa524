import Foundation
import ITunesCatalog

/// Ids for bulk commands, from the command line, standard input (`-`) or a file (`--ids-from`):
/// one a line or comma-separated (spaces and tabs also separate), blank lines ignored.
enum IDList {
  /// Where the ids of one command come from.
  struct Sources {
    /// The positional arguments, `-` among them meaning standard input.
    var arguments: [String]
    /// `--ids-from FILE`.
    var file: String?

    /// Whether the ids come in bulk (from standard input or a file) rather than as arguments.
    var isBulk: Bool { file != nil || arguments.contains("-") }
  }

  /// The ids `sources` name, in order, each once.
  ///
  /// - Throws: `.usage` for a token that is not an id (naming where it was) or no id at all, and
  ///   `.file` (exit 66) when the file cannot be read.
  static func read(
    _ sources: Sources, command: String, context: CLIContext
  ) throws(CLIError) -> [Int64] {
    var ids: [Int64] = []
    var stdinRead = false
    for argument in sources.arguments {
      if argument == "-" {
        guard !stdinRead else { continue }
        stdinRead = true
        let input = context.readStdin()
        guard input.count <= BoundedInput.limit else {
          throw .data(
            "standard input holds more than \(BoundedInput.limitText) of ids; give fewer.")
        }
        ids += try parse(
          String(decoding: input, as: UTF8.self), source: "standard input", command: command)
      } else {
        ids += try parse(argument, source: "the command line", command: command)
      }
    }
    if let path = sources.file {
      let data = try BoundedInput.file(path)
      ids += try parse(String(decoding: data, as: UTF8.self), source: path, command: command)
    }
    let unique = deduplicated(ids)
    guard !unique.isEmpty else {
      let from =
        sources.file.map { "in \($0)" } ?? (stdinRead ? "on standard input" : "given")
      throw .usage("No ids \(from): give one a line or comma-separated.", command: command)
    }
    return unique
  }

  /// The ids in `text`. Separators are newlines, commas, spaces and tabs; a token that is not a
  /// whole number ≥ 0 is an error naming its line.
  static func parse(_ text: String, source: String, command: String) throws(CLIError) -> [Int64] {
    var ids: [Int64] = []
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let tokens = line.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\r" }
      )
      for token in tokens {
        guard token.allSatisfy({ $0.isASCII && $0.isNumber }), let id = Int64(token) else {
          let shown = sanitizeLine(String(token.prefix(40)))
          let place = source == "the command line" ? source : "\(source), line \(number + 1)"
          throw .usage("\"\(shown)\" (\(place)) is not an iTunes id.", command: command)
        }
        ids.append(id)
      }
    }
    return ids
  }

  /// `ids` without repeats, first occurrence kept.
  static func deduplicated(_ ids: [Int64]) -> [Int64] {
    var seen = Set<Int64>()
    return ids.filter { seen.insert($0).inserted }
  }
}
