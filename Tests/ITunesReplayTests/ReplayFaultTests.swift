import Foundation
import ITunesReplay
import Testing

@Suite("Fault specs")
struct ReplayFaultTests {
  @Test(
    "command-line specs parse",
    arguments: [
      ("delay=2", ReplayFault.delay(seconds: 2)),
      ("delay=0.25", .delay(seconds: 0.25)),
      ("status=429", .status(429)),
      ("status=403", .status(403)),
      ("html503", .html503),
      ("truncate", .truncated),
      ("truncated", .truncated),
      ("reset", .reset),
      ("hang", .hang),
      (" HANG ", .hang),
      ("oversized=17000000", .oversized(bytes: 17_000_000)),
      ("invalid-utf8", .invalidUTF8),
    ])
  func parses(spec: String, expected: ReplayFault) throws {
    #expect(try ReplayFault(spec: spec) == expected)
  }

  @Test(
    "unknown or malformed specs are refused with a clear error",
    arguments: [
      "explode", "delay", "delay=-1", "delay=soon", "status=42", "status=abc", "hang=1", "",
      "oversized=-3", "delay=1e308", "delay=inf", "delay=86401", "oversized=9223372036854775807",
      "oversized=1073741825",
    ])
  func refuses(spec: String) {
    #expect(throws: ReplayError.unknownFault(spec)) { try ReplayFault(spec: spec) }
    let message = ReplayError.unknownFault(spec).errorDescription ?? ""
    #expect(message.contains("unknown fault '\(spec)'"))
    #expect(ReplayError.unknownFault(spec).recoverySuggestion?.contains("html503") == true)
  }

  @Test(
    "description round-trips through the parser",
    arguments: [
      ReplayFault.delay(seconds: 1.5), .status(503), .html503, .truncated, .reset, .hang,
      .oversized(bytes: 10), .invalidUTF8,
    ])
  func roundTrips(fault: ReplayFault) throws {
    #expect(try ReplayFault(spec: fault.description) == fault)
  }
}
