import Foundation
import TestSupport

/// The X11 programs the real-terminal tests drive, found in the usual places.
enum X11Tools {
  /// `Xvfb`, the virtual X server (Debian `xvfb`).
  static let xvfb = find("Xvfb")
  /// `xdotool`, which types into the terminal through XTEST (Debian `xdotool`).
  static let xdotool = find("xdotool")
  /// `xwd`, which dumps the screen (Debian `x11-apps`).
  static let xwd = find("xwd")
  /// `xterm` (Debian `xterm`), run as a VT340 for sixel.
  static let xterm = find("xterm")
  /// `kitty` (Debian `kitty`).
  static let kitty = find("kitty")

  /// Whether everything one terminal's test needs is installed.
  static func available(_ terminal: URL?) -> Bool {
    xvfb != nil && xdotool != nil && xwd != nil && terminal != nil
  }

  /// The first executable `name` in `/usr/bin`, `/bin`, `/usr/local/bin`.
  static func find(_ name: String) -> URL? {
    ["/usr/bin", "/bin", "/usr/local/bin"]
      .map { URL(fileURLWithPath: $0).appendingPathComponent(name) }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }
}

/// A private virtual X server (TestSupport's `VirtualDisplay`: `Xvfb -displayfd`, so the server
/// itself picks a display number no other server holds) and the X clients the tests run on it.
final class XvfbServer: Sendable {
  /// The display, e.g. `:3`.
  let display: String
  /// The screen's size in pixels.
  let width: Int
  let height: Int
  private let server: VirtualDisplay

  /// Starts the server and waits (up to 30 s) until it has said which display it took.
  init(width: Int = 1400, height: Int = 900) async throws {
    guard X11Tools.xvfb != nil else { throw X11Failure("Xvfb is not installed") }
    self.width = width
    self.height = height
    server = try await VirtualDisplay.start(width: width, height: height)
    display = server.name
  }

  /// Stops the server (every client loses its connection).
  func stop() async {
    await server.stop()
  }

  /// Runs an X client on this display to completion (`xdotool`, `xwd`).
  func run(_ executable: URL?, _ arguments: [String]) async throws -> ProcessRunner.Result {
    guard let executable else { throw X11Failure("an X11 tool is missing") }
    let runner = ProcessRunner(
      executable: executable, environment: ["PATH": "/usr/bin:/bin", "DISPLAY": display],
      timeout: .seconds(60))
    return try await runner.run(arguments)
  }

  /// `xdotool ARGUMENTS…`, which must succeed; returns its output.
  @discardableResult
  func xdotool(_ arguments: String...) async throws -> String {
    let result = try await run(X11Tools.xdotool, arguments)
    guard result.exited(0) else {
      throw X11Failure("xdotool \(arguments.joined(separator: " ")) failed: \(result)")
    }
    return result.stdout
  }

  /// The part `rect` of the screen (all of it by default), from `xwd -root`, decoded on a
  /// thread of its own (a screenful is a million pixels: not work for the test pool).
  func screenshot(_ rect: PixelRect? = nil) async throws -> Screenshot {
    let result = try await run(X11Tools.xwd, ["-root", "-silent"])
    guard result.exited(0) else { throw X11Failure("xwd failed: \(result)") }
    let data = result.standardOutput
    return try await DedicatedThread.run {
      let screen = try Screenshot(xwd: data)
      return rect.map { screen.cropped($0) } ?? screen
    }
  }
}

/// A failure driving X11, with what the tools said.
struct X11Failure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
