/// Options that work with every command, taken out of the arguments before a command parses
/// them: `--quiet` (`-q`) anywhere before `--`, and network options written before the command
/// (`tunes --demo search x` is `tunes search x --demo`).
enum GlobalOptions {
  /// The arguments without `--quiet`/`-q`, with leading network options moved after the
  /// command, and whether quiet was asked for.
  static func extract(_ arguments: [String]) -> (arguments: [String], quiet: Bool) {
    var rest: [String] = []
    var quiet = false
    var ended = false
    for argument in arguments {
      if ended {
        rest.append(argument)
      } else if argument == "--" {
        ended = true
        rest.append(argument)
      } else if argument == "--quiet" || argument == "-q" {
        quiet = true
      } else {
        rest.append(argument)
      }
    }
    return (reorder(rest), quiet)
  }

  /// `--api-base URL --demo search x` → `search x --api-base URL --demo`, when the word after
  /// the leading network options is a command.
  static func reorder(_ arguments: [String]) -> [String] {
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      guard argument.hasPrefix("--"),
        let option = NetworkOptions.options.first(where: {
          argument == "--" + $0.name || argument.hasPrefix("--" + $0.name + "=")
        })
      else { break }
      index += option.takesValue && !argument.contains("=") ? 2 : 1
    }
    guard index > 0, index < arguments.count,
      CommandTable.command(arguments[index]) != nil
    else { return arguments }
    let leading = arguments[..<index]
    return [arguments[index]] + arguments[(index + 1)...] + leading
  }
}
