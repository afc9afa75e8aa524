import Foundation

/// A private X server for the video window tests: `Xvfb -displayfd` picks a free display
/// number, so parallel runs never share one. Stop it with `stop()`.
public final class VirtualDisplay: Sendable {
  /// Why the display could not be started.
  public struct Failure: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String
  }

  /// `:N`, for `DISPLAY`.
  public let name: String
  private let server: ProcessRunner.Running

  private init(name: String, server: ProcessRunner.Running) {
    self.name = name
    self.server = server
  }

  /// Starts Xvfb (640×480 unless asked, 24 bits, no TCP) and waits until it names its display.
  /// - Throws: `Failure` when Xvfb is missing (`make deps` installs `xvfb`) or does not start.
  public static func start(width: Int = 640, height: Int = 480) async throws -> VirtualDisplay {
    let xvfb = ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    guard let xvfb else { throw Failure(description: "Xvfb is missing: run make deps") }
    let runner = ProcessRunner(
      executable: URL(fileURLWithPath: xvfb), environment: ["PATH": "/usr/bin:/bin"],
      timeout: .seconds(600))
    let server = try runner.start([
      "-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset",
    ])
    var number: String?
    _ = await ProcessRunner.waitUntil(timeout: .seconds(30)) {
      let text = server.standardOutputSoFar
      guard text.hasSuffix("\n") else { return server.hasExited }
      number = text.trimmingCharacters(in: .whitespacesAndNewlines)
      return true
    }
    guard let number, !number.isEmpty, number.allSatisfy(\.isNumber) else {
      server.send(SIGKILL)
      _ = await server.result()
      throw Failure(description: "Xvfb did not start: \(server.standardErrorSoFar)")
    }
    return VirtualDisplay(name: ":" + number, server: server)
  }

  /// The names of the top-level windows whose name contains `text` (`xwininfo -root -tree`).
  public func windows(containing text: String) async -> [String] {
    let runner = ProcessRunner(
      executable: URL(fileURLWithPath: "/usr/bin/xwininfo"),
      environment: ["PATH": "/usr/bin:/bin", "DISPLAY": name], timeout: .seconds(30))
    guard let result = try? await runner.run(["-root", "-tree"]), result.exited(0) else {
      return []
    }
    return result.stdout.split(separator: "\n").map(String.init).filter { $0.contains(text) }
  }

  /// Ends the server and waits for it.
  public func stop() async {
    server.send(SIGTERM)
    _ = await server.result()
  }
}
