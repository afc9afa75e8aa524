/// The `tunes` command line: argument parsing, subcommands, formatters, exit codes.
public enum TunesCLI {
  /// Runs the command line with the process arguments and exits.
  public static func main() {
    print("tunes: not yet written")
  }
}
