import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Looks at other processes by pid, for tests that must prove no process is left behind.
public enum ProcessProbe {
  /// Whether `pid` is a running process: `kill(pid, 0)` succeeds and `/proc` does not show it as
  /// a zombie (an exited child nobody reaped yet, which `kill` still finds).
  public static func isAlive(_ pid: Int32) -> Bool {
    guard pid > 0, kill(pid, 0) == 0 || errno == EPERM else { return false }
    guard let state = stat(pid)?.state else { return false }
    return state != "Z" && state != "X"
  }

  /// The pids of `parent`'s children, optionally only those whose command name is `name`.
  public static func children(of parent: Int32, named name: String? = nil) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap(Int32.init).filter { pid in
      guard let info = stat(pid), info.parent == parent else { return false }
      return name == nil || info.name == name
    }
  }

  /// The command name, state letter and parent pid from `/proc/PID/stat`.
  public static func stat(_ pid: Int32) -> (name: String, state: Character, parent: Int32)? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")")
    else { return nil }
    let name = String(text[text.index(after: open)..<close])
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count >= 2, let state = fields[0].first, let parent = Int32(fields[1]) else {
      return nil
    }
    return (name, state, parent)
  }
}
