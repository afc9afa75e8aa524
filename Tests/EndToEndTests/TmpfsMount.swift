import Foundation
import TestSupport
import Testing

/// A small tmpfs mounted for one test (a full disk, or a read-only file system). Needs root; when
/// mounting fails the test is cancelled with the reason, so the skip is visible in the output.
struct TmpfsMount {
  /// The mount point.
  let url: URL

  private static let tools = ProcessRunner(
    executable: URL(fileURLWithPath: "/bin/mount"), timeout: .seconds(20))

  /// Mounts a tmpfs of `size` (e.g. `64k`) on a new directory `name` inside `sandbox`.
  ///
  /// - Throws: cancels the running test when the mount fails (not root, no mount permission).
  static func mount(size: String, named name: String, in sandbox: Sandbox) async throws
    -> TmpfsMount
  {
    let url = try sandbox.directory.subdirectory(name)
    let result = try await tools.run([
      "-t", "tmpfs", "-o", "size=\(size),mode=0755", "tmpfs", url.path,
    ])
    guard result.exited(0) else {
      try Test.cancel("cannot mount a tmpfs (needs root): \(result.stderr)")
    }
    return TmpfsMount(url: url)
  }

  /// Mounts a tmpfs, runs `body` with it, and unmounts it however `body` ends.
  static func with(
    size: String, named name: String, in sandbox: Sandbox,
    _ body: (TmpfsMount) async throws -> Void
  ) async throws {
    let mount = try await mount(size: size, named: name, in: sandbox)
    do {
      try await body(mount)
    } catch {
      await mount.unmount()
      throw error
    }
    await mount.unmount()
  }

  /// Remounts the file system read-only.
  func makeReadOnly() async throws {
    let result = try await Self.tools.run(["-o", "remount,ro", url.path])
    guard result.exited(0) else { throw Sandbox.Failure("remount read-only failed: \(result)") }
  }

  /// Unmounts (call before the sandbox is deleted).
  func unmount() async {
    var runner = Self.tools
    runner.executable = URL(fileURLWithPath: "/bin/umount")
    _ = try? await runner.run(["-l", url.path])
  }
}
