/// `tunes completions bash|zsh|fish` and `tunes man`.
enum ConventionCommands {
  static let completionsHelp = """
    Usage: tunes completions bash|zsh|fish

    Print a completion script for the shell: commands, options, and the values options take
    (media, entities, attributes, formats, countries).

      bash:  source <(tunes completions bash)
             tunes completions bash > ~/.local/share/bash-completion/completions/tunes
      zsh:   source <(tunes completions zsh)
             tunes completions zsh > "${fpath[1]}/_tunes"
      fish:  tunes completions fish | source
             tunes completions fish > ~/.config/fish/completions/tunes.fish

    make install PREFIX=DIR installs all three, with the binary and the man page.

    """

  static func completions(_ arguments: [String], context: CLIContext) throws(CLIError) -> Int32 {
    if arguments.contains("--help") || arguments.contains("-h") {
      context.out(completionsHelp)
      return ExitCode.success
    }
    let names = Completions.Shell.allCases.map(\.rawValue)
    guard arguments.count == 1 else {
      throw .usage(
        "completions needs one shell: \(names.joined(separator: ", ")).", command: "completions")
    }
    guard let shell = Completions.Shell(rawValue: arguments[0].lowercased()) else {
      var message = "tunes has no completions for \"\(arguments[0])\"."
      if let near = Suggest.nearest(arguments[0], in: names) {
        message += " Did you mean \"\(near)\"?"
      }
      throw .usage(message + " Shells: \(names.joined(separator: ", ")).", command: "completions")
    }
    context.out(Completions.script(for: shell))
    return ExitCode.success
  }

  static let manHelp = """
    Usage: tunes man

    Print the manual page (roff, the man macros), made from the same declarations as --help:

      tunes man | man -l -
      tunes man > ~/.local/share/man/man1/tunes.1

    make install PREFIX=DIR installs it, with the binary and the completions.

    """

  static func man(_ arguments: [String], context: CLIContext) throws(CLIError) -> Int32 {
    if arguments == ["--help"] || arguments == ["-h"] {
      context.out(manHelp)
      return ExitCode.success
    }
    guard arguments.isEmpty else { throw .usage("man takes no arguments.", command: "man") }
    context.out(ManPage.page)
    return ExitCode.success
  }
}
