import Foundation
import Testing

@testable import ITunesCatalog

/// A small deterministic generator (SplitMix64), so the number tests are the same on every run.
private struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Runs `body` on a cursor over `text` that has scanned the number at its start.
private func withNumber<T>(_ text: String, _ body: (JSONCursor, Range<Int>) -> T) -> T? {
  let bytes = Array(text.utf8)
  return bytes.withUnsafeBufferPointer { buffer -> T? in
    var cursor = JSONCursor(bytes: buffer)
    guard let span = try? cursor.scanNumber(), span.upperBound == bytes.count else { return nil }
    return body(cursor, span)
  }
}

private func bits(_ value: Decimal?) -> [UInt8]? {
  value.map { withUnsafeBytes(of: $0) { Array($0) } }
}

@Suite("Reading keys and numbers from bytes")
struct WireReadingTests {
  @Test("Every spelling is found from its bytes, and near misses are not")
  func keys() {
    for spelling in WireKey.spellings {
      let name = spelling.name.description
      let bytes = Array(name.utf8)
      let found = bytes.withUnsafeBufferPointer { buffer in
        buffer.baseAddress.flatMap { WireKey.matching($0, count: buffer.count) }
      }
      #expect(found == spelling.key, "\(name)")
      #expect(WireKey.byName[name] == spelling.key)
      for miss in [
        name.lowercased(), name.uppercased(), String(name.dropLast()), name + "s", "x" + name,
      ]
      where WireKey.byName[miss] == nil {
        let missBytes = Array(miss.utf8)
        let missFound = missBytes.withUnsafeBufferPointer { buffer in
          buffer.baseAddress.flatMap { WireKey.matching($0, count: buffer.count) }
        }
        #expect(missFound == nil, "\(miss)")
      }
    }
    #expect(WireKey.byName.count == WireKey.spellings.count)
  }

  @Test(
    "Integers from digits equal JSONNumber.int64",
    arguments: [
      "0", "-0", "7", "-7", "123456789012345678", "-123456789012345678", "1234567890123456789",
      "9223372036854775807", "-9223372036854775808", "9223372036854775808", "12.0", "12.5",
      "1e3", "-2E+2", "1e30", "8999999999999999", "9000000000000001",
    ])
  func integers(text: String) {
    let fast = withNumber(text) { cursor, span in cursor.integer(in: span) }
    #expect(fast == .some(JSONNumber(text: text).int64))
  }

  @Test("Decimals from digits are bit for bit Decimal(string:), for 20,000 generated numbers")
  func decimals() {
    var random = SplitMix(state: 2026)
    let posix = Locale(identifier: "en_US_POSIX")
    for _ in 0..<20_000 {
      var text = Bool.random(using: &random) ? "-" : ""
      let integerDigits = Int.random(in: 0...12, using: &random)
      if integerDigits == 0 {
        text += "0"
      } else {
        text += String(Int.random(in: 1...9, using: &random))
        for _ in 1..<integerDigits { text += String(Int.random(in: 0...9, using: &random)) }
      }
      if Bool.random(using: &random) {
        text += "."
        for _ in 0..<Int.random(in: 1...12, using: &random) {
          text += String(Int.random(in: 0...9, using: &random))
        }
      }
      if Int.random(in: 0..<3, using: &random) == 0 {
        text += ["e", "E", "e+", "e-", "E-"].randomElement(using: &random) ?? "e"
        text += String(Int.random(in: 0...60, using: &random))
      }
      let fast = withNumber(text) { cursor, span in cursor.decimal(in: span) }
      #expect(
        fast.map(bits) == .some(bits(Decimal(string: text, locale: posix))), "\(text)")
    }
  }
}
