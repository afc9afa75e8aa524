import Foundation
import TestSupport
import Testing

/// Completions in real shells, the man page through `man`, `make install-files`, and the
/// build's commit in `tunes --version`.
@Suite("Conventions in real shells and man")
struct ConventionsEndToEndTests {
  /// Runs a program (found on the usual paths) with arguments; `nil` when it is not installed.
  static func program(_ name: String) -> URL? {
    ["/usr/bin/", "/bin/", "/usr/local/bin/"].map { URL(fileURLWithPath: $0 + name) }.first {
      FileManager.default.isExecutableFile(atPath: $0.path)
    }
  }

  static func run(
    _ program: URL, _ arguments: [String], environment: [String: String] = [:],
    in directory: URL? = nil
  ) async throws -> ProcessRunner.Result {
    var runner = ProcessRunner(
      executable: program,
      environment: ["PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": "/tmp"]
        .merging(environment) { _, new in new }, timeout: .seconds(120))
    runner.workingDirectory = directory
    return try await runner.run(arguments)
  }

  /// Writes `tunes completions SHELL` into the sandbox and returns its path.
  static func script(_ shell: String, sandbox: Sandbox) async throws -> String {
    let result = try await sandbox.tunes("completions", shell)
    #expect(result.exited(0), "\(result)")
    return try sandbox.write(result.standardOutput, to: "tunes.\(shell)")
  }

  @Test("bash: complete -p names _tunes, and commands, options and values complete")
  func bash() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let path = try await Self.script("bash", sandbox: sandbox)
    let bash = try #require(Self.program("bash"))
    let probe = """
      source '\(path)'
      complete -p tunes
      complete_words() { COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); _tunes; echo "${COMPREPLY[*]}"; }
      complete_words tunes se
      complete_words tunes search jack --med
      complete_words tunes search jack --media mu
      complete_words tunes search jack --entity musicA
      complete_words tunes lookup 1 --format nd
      complete_words tunes search x --country j
      complete_words tunes favorites ex
      complete_words tunes completions z
      complete_words tunes --ver
      """
    let result = try await Self.run(bash, ["--norc", "--noprofile", "-c", probe])
    #expect(result.exited(0), "\(result)")
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    #expect(lines.first == "complete -F _tunes tunes", "\(result)")
    let expected = [
      "search", "--media", "music musicVideo", "musicArtist", "ndjson", "je jm jo jp", "export",
      "zsh", "--version",
    ]
    for (index, want) in expected.enumerated() {
      #expect(lines.count > index + 1 && lines[index + 1] == want, "line \(index + 1): \(result)")
    }
  }

  @Test(
    "zsh: the script loads, defines _tunes for tunes and parses",
    .enabled(if: program("zsh") != nil))
  func zsh() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let path = try await Self.script("zsh", sandbox: sandbox)
    let zsh = try #require(Self.program("zsh"))
    let syntax = try await Self.run(zsh, ["-n", path])
    #expect(syntax.exited(0), "\(syntax)")
    let loaded = try await Self.run(
      zsh,
      [
        "-f", "-c",
        "autoload -U compinit; compinit -u -D; source '\(path)'; print ${_comps[tunes]}",
      ])
    #expect(loaded.exited(0), "\(loaded)")
    #expect(loaded.stdout == "_tunes\n", "\(loaded)")
  }

  @Test("fish: commands, options and values complete", .enabled(if: program("fish") != nil))
  func fish() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let path = try await Self.script("fish", sandbox: sandbox)
    let fish = try #require(Self.program("fish"))
    let result = try await Self.run(
      fish,
      [
        "--no-config", "-c",
        "source '\(path)'; complete -C 'tunes sea'; complete -C 'tunes search x --media mus'; complete -C 'tunes favorites imp'",
      ], environment: ["HOME": sandbox.home.path])
    #expect(result.exited(0), "\(result)")
    let firsts = result.stdout.split(separator: "\n").map { $0.split(separator: "\t").first ?? "" }
    #expect(firsts == ["search", "music", "musicVideo", "import"], "\(result)")
  }

  @Test(
    "man -l renders the page tunes man prints, without warnings",
    .enabled(if: program("man") != nil))
  func manRenders() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let page = try await sandbox.tunes("man")
    #expect(page.exited(0), "\(page)")
    let path = try sandbox.write(page.standardOutput, to: "tunes.1")
    let man = try #require(Self.program("man"))
    let rendered = try await Self.run(
      man, ["-l", path],
      environment: ["MANWIDTH": "100", "PAGER": "cat"])
    #expect(rendered.exited(0), "\(rendered)")
    let text = rendered.stdout
    #expect(text.contains("TUNES(1)"), "\(rendered)")
    #expect(text.contains("--fail-empty"))
    #expect(text.contains("EXIT STATUS"))
    #expect(text.contains("tunes search TERM… [options]"))
    if let groff = Self.program("groff") {
      let checked = try await Self.run(groff, ["-man", "-Tutf8", "-ww", "-z", path])
      #expect(checked.exited(0) && checked.stderr.isEmpty, "\(checked)")
    }
  }

  @Test("make install-files puts the binary, the man page and completions under PREFIX")
  func install() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let make = try #require(Self.program("make"))
    let prefix = sandbox.directory.appending("prefix")
    let binary = try TunesBinary.located.get()
    let result = try await Self.run(
      make, ["-s", "install-files", "PREFIX=\(prefix.path)", "BIN=\(binary.path)"],
      in: Fixtures.packageRoot)
    #expect(result.exited(0), "\(result)")
    for file in [
      "bin/tunes", "share/man/man1/tunes.1", "share/bash-completion/completions/tunes",
      "share/zsh/site-functions/_tunes", "share/fish/vendor_completions.d/tunes.fish",
    ] {
      let path = prefix.appendingPathComponent(file).path
      let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
      #expect(size > 100, "\(file) missing or empty")
    }
    let installed = try await Self.run(prefix.appendingPathComponent("bin/tunes"), ["--version"])
    #expect(installed.stdout.hasPrefix("tunes "), "\(installed)")
  }

  @Test("build-info writes the commit in a git checkout, and says so outside one")
  func buildInfo() async throws {
    let directory = try TemporaryDirectory(prefix: "tunes-build-info")
    defer { directory.remove() }
    let bash = try #require(Self.program("bash"))
    let root = directory.appending("copy")
    let scripts = root.appendingPathComponent("Scripts")
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("Sources/CBuildInfo"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: Fixtures.packageRoot.appendingPathComponent("Scripts/build-info.sh"),
      to: scripts.appendingPathComponent("build-info.sh"))
    _ = FileManager.default.createFile(
      atPath: root.appendingPathComponent("Sources/CBuildInfo/BuildInfo.c").path, contents: Data())
    let header = root.appendingPathComponent("Sources/CBuildInfo/generated/commit.h")
    let plain = try await Self.run(bash, ["Scripts/build-info.sh"], in: root)
    #expect(plain.exited(0), "\(plain)")
    let unknown = try String(contentsOf: header, encoding: .utf8)
    #expect(unknown.contains("#define TUNES_BUILD_COMMIT \"\""), "\(unknown)")
    #expect(unknown.contains("not built from a git checkout"), "\(unknown)")
    guard let git = Self.program("git") else { return }
    try FileManager.default.removeItem(at: header.deletingLastPathComponent())
    let identity = [
      "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid", "GIT_COMMITTER_NAME": "t",
      "GIT_COMMITTER_EMAIL": "t@example.invalid",
    ]
    for arguments in [["init", "-q"], ["add", "."], ["commit", "-q", "-m", "x"]] {
      let step = try await Self.run(git, arguments, environment: identity, in: root)
      #expect(step.exited(0), "\(step)")
    }
    let head = try await Self.run(git, ["rev-parse", "--short=12", "HEAD"], in: root)
    let commit = head.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let known = try await Self.run(bash, ["Scripts/build-info.sh"], in: root)
    #expect(known.exited(0), "\(known)")
    let written = try String(contentsOf: header, encoding: .utf8)
    #expect(written.contains("#define TUNES_BUILD_COMMIT \"\(commit)\""), "\(written)")
    #expect(written.contains("#define TUNES_BUILD_DIRTY 0"), "\(written)")
  }

  @Test("The binary's --version names a commit or says why it cannot")
  func binaryVersion() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.close() }
    let result = try await sandbox.tunes("--version")
    #expect(result.exited(0), "\(result)")
    let pattern =
      #/^tunes \d+\.\d+\.\d+ \((commit [0-9a-f]{12}(, uncommitted changes)?|commit unknown: .+)\)\n$/#
    #expect(result.stdout.wholeMatch(of: pattern) != nil, "\(result)")
  }
}
