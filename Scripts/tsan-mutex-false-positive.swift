// Shows that ThreadSanitizer cannot see Synchronization.Mutex hand the lock over on Linux, so it
// reports races on state that the Mutex does protect (the reason for Scripts/tsan.supp; see
// docs/DECISIONS.md, "Holding up"). Four threads add to a dictionary under one Mutex; the total is
// always right, yet TSan reports "Swift access race". With NSLock instead (pass `nslock`): none.
//
//   swiftc -sanitize=thread Scripts/tsan-mutex-false-positive.swift -o /tmp/mutex-tsan
//   /tmp/mutex-tsan; /tmp/mutex-tsan nslock
//
// Why: `Mutex.lock()` and `unlock()` are a compare-and-swap inlined into the caller (TSan sees
// those), but under contention they fall to `_lockSlow`/`_unlockSlow` in
// libswiftSynchronization.so, which are futex(FUTEX_LOCK_PI/FUTEX_UNLOCK_PI) system calls in an
// uninstrumented library: the kernel passes ownership, and TSan sees no release and acquire.
import Foundation
import Synchronization

final class Counts: @unchecked Sendable {
  let mutex = Mutex<[Int: Int]>([:])
  let lock = NSLock()
  var locked: [Int: Int] = [:]
}

let counts = Counts()
let useNSLock = CommandLine.arguments.dropFirst().first == "nslock"
let group = DispatchGroup()
for thread in 0..<4 {
  group.enter()
  Thread.detachNewThread {
    for index in 0..<20_000 {
      if useNSLock {
        counts.lock.withLock { counts.locked[index % 64, default: 0] += thread }
      } else {
        counts.mutex.withLock { $0[index % 64, default: 0] += thread }
      }
    }
    group.leave()
  }
}
group.wait()
let total =
  useNSLock
  ? counts.lock.withLock { counts.locked.values.reduce(0, +) }
  : counts.mutex.withLock { $0.values.reduce(0, +) }
print("total \(total) (expected \(20_000 * (0 + 1 + 2 + 3)))")
