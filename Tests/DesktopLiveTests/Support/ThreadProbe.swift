import Foundation

/// Reads one of this process's threads in /proc: its CPU time and what it is blocked in.
enum ThreadProbe {
  /// utime + stime of thread `id`, in clock ticks (`getconf CLK_TCK`, 100 here).
  static func ticks(_ id: Int32) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/task/\(id)/stat", encoding: .utf8),
      let close = text.lastIndex(of: ")")
    else { return nil }
    // After the command name: state is field 3, utime 14 and stime 15.
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else {
      return nil
    }
    return user + system
  }

  /// Whether thread `id` is blocked in `poll` with no timeout (-1) or `ppoll` with none (NULL):
  /// waiting for a descriptor only, with no timer armed.
  static func isParkedInPoll(_ id: Int32) -> Bool {
    guard let text = try? String(contentsOfFile: "/proc/self/task/\(id)/syscall", encoding: .utf8)
    else { return false }
    let fields = text.split(separator: " ").map {
      $0.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    guard fields.count >= 4 else { return false }
    switch fields[0] {
    // poll(fds, n, -1): the int timeout shows as 32 bits of ones (or 64, sign-extended).
    case "7": return fields[3] == "0xffffffff" || fields[3] == "0xffffffffffffffff"
    case "271": return fields[3] == "0x0"  // ppoll(fds, n, NULL, …)
    default: return false
    }
  }

  /// `/proc/self/task/ID/syscall`: the system call thread `id` is blocked in and its arguments.
  static func syscall(_ id: Int32) -> String {
    (try? String(contentsOfFile: "/proc/self/task/\(id)/syscall", encoding: .utf8))
      ?? "(unreadable)"
  }

  /// The ids of this process's threads named `name` (`/proc/self/task/*/comm`).
  static func threads(named name: String) -> [Int32] {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    return tasks.compactMap(Int32.init).filter { id in
      let comm = try? String(contentsOfFile: "/proc/self/task/\(id)/comm", encoding: .utf8)
      return comm?.trimmingCharacters(in: .whitespacesAndNewlines) == name
    }
  }
}
