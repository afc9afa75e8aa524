import Foundation
import ITunesCatalog
import ITunesClient
import TestSupport
import Testing

@testable import TunesCLI

@Suite("Conventions: completions, the man page, --quiet and --version")
struct ConventionsTests {
  @Test("Every shell's script names every command and every option of every command")
  func completionsCoverDeclarations() async throws {
    let cli = try CLIHarness(client: .failing())
    for shell in ["bash", "zsh", "fish"] {
      #expect(await cli.run(["completions", shell]) == 0, "\(shell): \(cli.stderr)")
      let script = cli.stdout
      for command in CommandTable.visible {
        #expect(script.contains(command.name), "\(shell) lacks \(command.name)")
        for option in CommandTable.options(of: command) {
          let spelled = shell == "fish" ? "-l \(option.name)" : "--\(option.name)"
          #expect(script.contains(spelled), "\(shell) lacks \(command.name) --\(option.name)")
        }
      }
      #expect(CommandTable.visible.contains { $0.name == "man" })
      #expect(script.contains("musicArtist"), "\(shell): entities")
      #expect(script.contains("ndjson"), "\(shell): formats")
      #expect(script.contains(" jp "), "\(shell): countries")
    }
  }

  @Test("An unknown shell is a usage error with a suggestion")
  func unknownShell() async throws {
    let cli = try CLIHarness(client: .failing())
    #expect(await cli.run(["completions", "bsh"]) == 64)
    #expect(cli.stderr.contains("Did you mean \"bash\"?"), "\(cli.stderr)")
    #expect(await cli.run(["completions"]) == 64)
    #expect(await cli.run(["completions", "--help"]) == 0)
    #expect(cli.stdout.contains("source <(tunes completions bash)"))
  }

  @Test("The man page lists every command and option, escaped for roff")
  func manPage() async throws {
    let cli = try CLIHarness(client: .failing())
    #expect(await cli.run(["man"]) == 0)
    let page = cli.stdout
    #expect(page.hasPrefix(".TH TUNES 1 "))
    for command in CommandTable.visible {
      #expect(page.contains(".SS \"tunes \(command.name)"), "\(command.name)")
      for option in command.parser?.options ?? [] {
        #expect(
          page.contains("\\fB\\-\\-" + ManPage.escape(option.name) + "\\fR"), "\(option.name)")
      }
    }
    for section in [
      "NAME", "SYNOPSIS", "COMMANDS", "OPTIONS", "EXIT STATUS", "ENVIRONMENT", "FILES",
    ] {
      #expect(page.contains(".SH \(section)\n"), "\(section)")
    }
    #expect(!page.unicodeScalars.contains { $0.value > 0x7F }, "non-ASCII left unescaped")
    #expect(!page.split(separator: "\n").contains { $0.hasPrefix("'") })
    #expect(page.contains("\\fB\\-\\-fail\\-empty\\fR"))
  }

  @Test("tunes man --help explains it, tunes --help lists man, and the exit codes include 2")
  func manHelpAndExitCodes() async throws {
    let cli = try CLIHarness(client: .failing())
    #expect(await cli.run(["man", "--help"]) == 0, "\(cli.stderr)")
    #expect(cli.stdout.hasPrefix("Usage: tunes man\n"), "\(cli.stdout)")
    #expect(cli.stdout.contains("man -l -"))
    #expect(await cli.run(["help", "man"]) == 0)
    #expect(cli.stdout.hasPrefix("Usage: tunes man\n"))
    #expect(await cli.run(["man", "extra"]) == 64)
    #expect(cli.stderr.contains("Run 'tunes man --help' for usage."), "\(cli.stderr)")
    #expect(await cli.run(["--help"]) == 0)
    #expect(cli.stdout.contains("  tunes man "), "\(cli.stdout)")
    let codes = try #require(cli.stdout.range(of: "Exit codes:")).upperBound
    let summary = cli.stdout[codes...]
    for code in ["0 ok", "2 nothing found", "64 usage", "65 ", "66 ", "69 ", "73 ", "74 ", "75 "] {
      #expect(summary.contains(code), "the exit-code summary lacks \(code)")
    }
  }

  @Test("A value the catalogue refuses points at the command's help as a usage error does")
  func oneHelpHint() async throws {
    let cli = try CLIHarness(client: .failing())
    #expect(await cli.run(["search", "x", "--limit", "500", "--no-history"]) == 64)
    #expect(cli.stderr.hasSuffix("Run 'tunes search --help' for usage.\n"), "\(cli.stderr)")
    #expect(!cli.stderr.contains("lists the options"))
    #expect(await cli.run(["search", "x", "--limt", "5"]) == 64)
    #expect(cli.stderr.hasSuffix("Run 'tunes search --help' for usage.\n"), "\(cli.stderr)")
    #expect(await cli.run(["lookup", "1", "--country", "zz"]) == 64)
    #expect(cli.stderr.hasSuffix("Run 'tunes lookup --help' for usage.\n"), "\(cli.stderr)")
  }

  @Test("The main help lists every command the table has, from the same declarations")
  func helpFromTable() async throws {
    let cli = try CLIHarness(client: .failing())
    #expect(await cli.run(["--help"]) == 0)
    for command in CommandTable.visible {
      #expect(cli.stdout.contains("tunes \(command.name)"), "\(command.name)")
    }
    #expect(cli.stdout.contains("-q, --quiet"))
  }

  @Test("--version names the commit, a build from a changed tree, or why the commit is unknown")
  func versionLine() async throws {
    #expect(
      BuildInfo.line(version: "1.0", commit: "1a2b3c4d5e6f", dirty: false, note: "")
        == "tunes 1.0 (commit 1a2b3c4d5e6f)")
    #expect(
      BuildInfo.line(version: "1.0", commit: "1a2b3c4d5e6f", dirty: true, note: "")
        == "tunes 1.0 (commit 1a2b3c4d5e6f, uncommitted changes)")
    #expect(
      BuildInfo.line(
        version: "1.0", commit: nil, dirty: false, note: "not built from a git checkout")
        == "tunes 1.0 (commit unknown: not built from a git checkout)")
    let cli = try CLIHarness(client: .failing())
    #expect(await cli.run(["--version"]) == 0)
    #expect(cli.stdout == BuildInfo.versionLine + "\n")
    #expect(cli.stdout.hasPrefix("tunes \(ITunesClient.version) (commit "))
  }

  @Test("--quiet drops notes on stderr but never an error")
  func quiet() async throws {
    let cli = try CLIHarness(client: CLIHarness.fixtureClient("empty-lookup-id-0.json"))
    #expect(await cli.run(["search", "qqq", "--no-cache", "--no-history"]) == 0)
    #expect(cli.stderr == "tunes: no results.\n")
    #expect(await cli.run(["search", "qqq", "--no-cache", "--no-history", "--quiet"]) == 0)
    #expect(cli.stderr == "")
    #expect(
      await cli.run(["-q", "search", "qqq", "--no-cache", "--no-history", "--fail-empty"]) == 2)
    #expect(cli.stderr == "")
    #expect(await cli.run(["lookup", "--quiet"]) == 64)
    #expect(cli.stderr.contains("lookup needs ids"), "\(cli.stderr)")
    #expect(GlobalOptions.extract(["search", "--", "-q"]).arguments == ["search", "--", "-q"])
  }

  @Test("Network options before a command apply to it")
  func leadingOptions() {
    #expect(
      GlobalOptions.extract(["--api-base", "http://x", "search", "a"]).arguments == [
        "search", "a", "--api-base", "http://x",
      ])
    #expect(
      GlobalOptions.extract(["--offline", "--quiet", "lookup", "1"]) == (
        ["lookup", "1", "--offline"], true
      ))
    #expect(GlobalOptions.extract(["--offline"]).arguments == ["--offline"])
    #expect(GlobalOptions.extract(["--api-base", "search"]).arguments == ["--api-base", "search"])
  }
}
