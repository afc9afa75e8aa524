/// The input decoder on any bytes, for `make fuzz`: fed in chunks of the size the first byte
/// says, then flushed; a decoder may never hold more than it was fed plus a paste's limit.
public enum InputFuzzing {
  /// Feeds `bytes`; returns what broke, or `nil`.
  public static func feed(_ bytes: [UInt8]) -> String? {
    guard let first = bytes.first else { return nil }
    let chunk = Int(first % 16) + 1
    var decoder = InputDecoder()
    var events = 0
    var index = 1
    while index < bytes.count {
      let end = min(bytes.count, index + chunk)
      events += decoder.feed(bytes[index..<end]).count
      index = end
    }
    events += decoder.flush().count
    if decoder.hasPendingInput { return "input is still pending after a flush" }
    return events > bytes.count * 2 + 1 ? "more events than bytes: \(events)" : nil
  }
}
