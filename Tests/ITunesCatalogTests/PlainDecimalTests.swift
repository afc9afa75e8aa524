import Foundation
import Testing

@testable import ITunesCatalog

/// Prices read without Foundation's locale-bound parser are the decimals it reads.
@Suite("Plain decimals")
struct PlainDecimalTests {
  @Test(
    "A plain number reads as Foundation reads it, value and text; anything else falls back",
    arguments: [
      "1.29", "0.99", "0", "-1", "-1.00", "9.990", "1290", "0.000001", "123456789012345678",
      "12.5", "-0.0", "007.10", "0.00", "-0.000", "0.0",
    ])
  func sameAsFoundation(text: String) throws {
    let plain = try #require(JSONValue.plainDecimal(text))
    let foundation = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
    #expect(plain == foundation)
    #expect(plain.description == foundation.description)
    #expect(Self.bits(plain) == Self.bits(foundation))
    #expect(JSONValue.number(JSONNumber(text: text)).decimal == foundation)
  }

  static func bits(_ value: Decimal) -> [UInt8] {
    withUnsafeBytes(of: value) { Array($0) }
  }

  @Test(
    "Exponents, long digits, stray signs and points are left to Foundation",
    arguments: ["1e3", "1.5E-2", "1234567890123456789", "+1", "1.", ".5", "1.2.3", "", "-", "1-"])
  func notPlain(text: String) {
    #expect(JSONValue.plainDecimal(text) == nil)
  }

  @Test("An exponent still reads through Foundation")
  func exponent() {
    #expect(JSONValue.number(JSONNumber(text: "1.5e2")).decimal == Decimal(150))
  }
}
