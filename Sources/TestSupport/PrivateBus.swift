import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A dbus-daemon of the test's own: its own socket in a temporary folder, no service
/// activation (nothing can start a real notification daemon or playerctld), everyone may own any
/// name and monitor. Its address goes into the environments handed to `connect` and to the child
/// processes (`playerctl`, `dbus-monitor`), never into the test process's own. Stop it with
/// `stop()`.
public final class PrivateBus: Sendable {
  /// Why the bus or a tool on it could not be started.
  public struct Failure: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String
  }

  /// The bus's address, `unix:path=…,guid=…`.
  public let address: String
  private let directory: TemporaryDirectory
  private let daemon: ProcessRunner.Running

  private init(address: String, directory: TemporaryDirectory, daemon: ProcessRunner.Running) {
    self.address = address
    self.directory = directory
    self.daemon = daemon
  }

  /// The environment that names this bus (and no system bus).
  public var environment: [String: String] {
    [
      "DBUS_SESSION_BUS_ADDRESS": address,
      "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(directory.path)/no-system-bus",
      "HOME": directory.path, "PATH": "/usr/bin:/bin",
    ]
  }

  /// Starts `dbus-daemon --nofork --print-address` and waits until it prints its address.
  public static func start() async throws -> PrivateBus {
    let program = "/usr/bin/dbus-daemon"
    guard FileManager.default.isExecutableFile(atPath: program) else {
      throw Failure(description: "dbus-daemon is missing: run make deps")
    }
    let directory = try TemporaryDirectory(prefix: "tunes-bus")
    let config = """
      <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
       "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
      <busconfig>
        <type>session</type>
        <listen>unix:path=\(directory.path)/bus</listen>
        <auth>EXTERNAL</auth>
        <policy context="default">
          <allow send_destination="*" eavesdrop="true"/>
          <allow eavesdrop="true"/>
          <allow own="*"/>
        </policy>
      </busconfig>
      """
    let configFile = directory.appending("bus.conf")
    try config.write(to: configFile, atomically: true, encoding: .utf8)
    let runner = ProcessRunner(
      executable: URL(fileURLWithPath: program), environment: ["PATH": "/usr/bin:/bin"],
      timeout: .seconds(600))
    let daemon = try runner.start([
      "--config-file=\(configFile.path)", "--nofork", "--print-address=1",
    ])
    var address: String?
    _ = await ProcessRunner.waitUntil(timeout: .seconds(30)) {
      let text = daemon.standardOutputSoFar
      guard text.hasSuffix("\n") else { return daemon.hasExited }
      address = text.trimmingCharacters(in: .whitespacesAndNewlines)
      return true
    }
    guard let address, address.hasPrefix("unix:") else {
      daemon.send(SIGKILL)
      _ = await daemon.result()
      directory.remove()
      throw Failure(description: "dbus-daemon did not start: \(daemon.standardErrorSoFar)")
    }
    return PrivateBus(address: address, directory: directory, daemon: daemon)
  }

  /// Runs `tool` (a program in /usr/bin) against this bus and waits for it.
  public func run(_ tool: String, _ arguments: [String]) async throws -> ProcessRunner.Result {
    try await runner(tool).run(arguments)
  }

  /// Starts `tool` against this bus; stop it with `send(SIGTERM)` and `await result()`.
  public func start(_ tool: String, _ arguments: [String]) throws -> ProcessRunner.Running {
    try runner(tool).start(arguments)
  }

  /// Starts `dbus-monitor` for `rules` and waits until it is monitoring (it has printed the
  /// `NameLost` of its own name, which comes when it becomes a monitor).
  public func monitor(_ rules: [String]) async throws -> ProcessRunner.Running {
    let monitor = try start("dbus-monitor", ["--address", address, "--monitor"] + rules)
    let ready = await ProcessRunner.waitUntil(timeout: .seconds(30)) {
      monitor.standardOutputSoFar.contains("member=NameLost") || monitor.hasExited
    }
    guard ready, !monitor.hasExited else {
      monitor.send(SIGKILL)
      _ = await monitor.result()
      throw Failure(description: "dbus-monitor did not start: \(monitor.standardErrorSoFar)")
    }
    return monitor
  }

  private func runner(_ tool: String) -> ProcessRunner {
    ProcessRunner(
      executable: URL(fileURLWithPath: "/usr/bin/" + tool), environment: environment,
      timeout: .seconds(60))
  }

  /// Ends the daemon, waits for it and removes its folder.
  public func stop() async {
    daemon.send(SIGTERM)
    _ = await daemon.result()
    directory.remove()
  }
}
