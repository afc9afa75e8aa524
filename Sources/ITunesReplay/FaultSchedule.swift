/// Which fault applies to the next request: one-shot and prefix rules first, then the random
/// draw (if any), then the run-wide one.
struct FaultSchedule: Sendable {
  private struct Rule: Sendable {
    let fault: ReplayFault
    /// nil matches every request.
    let prefix: String?
    /// nil means until cleared.
    var remaining: Int?
  }

  /// Applies to every request no rule claims.
  var serverWide: ReplayFault?
  /// Draws a fault for requests no rule claims (`--random-faults`); its nil draws fall through to
  /// `serverWide`.
  var random: RandomFaults?
  private var rules: [Rule] = []

  /// Adds a rule for the next `count` requests, whatever they are.
  mutating func add(_ fault: ReplayFault, forNext count: Int) {
    guard count > 0 else { return }
    rules.append(Rule(fault: fault, prefix: nil, remaining: count))
  }

  /// Adds a rule for requests whose target, or canonical form, starts with `prefix`.
  mutating func add(_ fault: ReplayFault, matching prefix: String, times: Int?) {
    if let times, times <= 0 { return }
    rules.append(Rule(fault: fault, prefix: prefix, remaining: times))
  }

  /// Removes every rule, the random draws and the run-wide fault.
  mutating func clear() {
    rules.removeAll()
    serverWide = nil
    random = nil
  }

  /// The fault for a request, consuming one use of the first rule (in the order added) that matches.
  mutating func next(target: String, canonical: String) -> ReplayFault? {
    for index in rules.indices {
      let rule = rules[index]
      if let prefix = rule.prefix, !target.hasPrefix(prefix), !canonical.hasPrefix(prefix) {
        continue
      }
      if let remaining = rule.remaining {
        if remaining <= 1 {
          rules.remove(at: index)
        } else {
          rules[index].remaining = remaining - 1
        }
      }
      return rule.fault
    }
    if random != nil, let drawn = random?.next() { return drawn }
    return serverWide
  }
}
