import Glibc

/// The calling thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), for benchmarks that tell a frame's
/// work from its wait for the processor.
package enum ThreadCPUClock {
  /// Nanoseconds of CPU the calling thread has used.
  package static func nanoseconds() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return time.tv_sec * 1_000_000_000 + time.tv_nsec
  }
}
