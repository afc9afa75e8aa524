/// A small hand-written argument parser: `--name value`, `--name=value`, short flags, `--` to end
/// options, positional arguments, and the nearest option or value suggested for a typo.
struct ArgumentParser {
  /// One option a command accepts.
  struct Option {
    var name: String
    var short: Character?
    var takesValue: Bool
    var values: [String]
    var help: String
    var valueName: String

    static func flag(_ name: String, short: Character? = nil, help: String) -> Option {
      Option(name: name, short: short, takesValue: false, values: [], help: help, valueName: "")
    }

    static func value(
      _ name: String, _ valueName: String, values: [String] = [], help: String
    ) -> Option {
      Option(
        name: name, short: nil, takesValue: true, values: values, help: help, valueName: valueName)
    }
  }

  /// What was parsed.
  struct Parsed {
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var positional: [String] = []
  }

  var command: String
  var options: [Option]

  func parse(_ arguments: [String]) throws(CLIError) -> Parsed {
    var parsed = Parsed()
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        parsed.positional.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      var name: String
      var inlineValue: String?
      if argument.hasPrefix("--") {
        name = String(argument.dropFirst(2))
        if let equals = name.firstIndex(of: "=") {
          inlineValue = String(name[name.index(after: equals)...])
          name = String(name[..<equals])
        }
      } else {
        let shorts = Array(argument.dropFirst())
        guard shorts.count == 1, let option = options.first(where: { $0.short == shorts[0] }) else {
          if Int(argument) != nil {
            parsed.positional.append(argument)
            continue
          }
          throw unknown(argument)
        }
        name = option.name
      }
      guard let option = options.first(where: { $0.name == name }) else {
        throw unknown("--" + name)
      }
      if option.takesValue {
        let value: String
        if let inlineValue {
          value = inlineValue
        } else if index < arguments.count {
          value = arguments[index]
          index += 1
        } else {
          throw CLIError.usage(
            "--\(option.name) needs a value (\(option.valueName)).", command: command)
        }
        if !option.values.isEmpty, !option.values.contains(value) {
          let lowered = option.values.first { $0.lowercased() == value.lowercased() }
          if let lowered {
            parsed.values[option.name] = lowered
            continue
          }
          var message = "\"\(value)\" is not a valid value for --\(option.name)."
          if let near = Suggest.nearest(value, in: option.values) {
            message += " Did you mean \"\(near)\"?"
          }
          message += " Allowed: \(option.values.joined(separator: ", "))."
          throw CLIError.usage(message, command: command)
        }
        parsed.values[option.name] = value
      } else {
        if inlineValue != nil {
          throw CLIError.usage("--\(option.name) takes no value.", command: command)
        }
        parsed.flags.insert(option.name)
      }
    }
    return parsed
  }

  private func unknown(_ argument: String) -> CLIError {
    var message = "Unknown option \(argument)."
    let names = options.map { "--" + $0.name }
    if let near = Suggest.nearest(argument, in: names) { message += " Did you mean \(near)?" }
    return .usage(message, command: command)
  }
}

/// Nearest-match suggestions for typos.
enum Suggest {
  /// The candidate closest to `input` (case-insensitive edit distance at most a third of its length,
  /// minimum 2), or one it is a prefix of; `nil` when none is close.
  static func nearest(_ input: String, in candidates: [String]) -> String? {
    let lowered = input.lowercased()
    if let prefixed = candidates.first(where: {
      $0.lowercased().hasPrefix(lowered) && lowered.count >= 3
    }) {
      return prefixed
    }
    let scored = candidates.map { ($0, distance(lowered, $0.lowercased())) }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
    return best.1 <= max(2, input.count / 3) ? best.0 : nil
  }

  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      }
      previous = current
    }
    return previous[b.count]
  }
}
