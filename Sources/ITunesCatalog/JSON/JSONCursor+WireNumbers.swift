import Foundation

/// Numbers converted from their digits, with the same results as `JSONNumber.int64` and
/// `JSONValue.decimal` (the slow conversions remain for what the fast ones do not cover).
extension JSONCursor {
  /// The whole number written in `span` (a number `scanNumber()` accepted), as `JSONNumber.int64`.
  func integer(in span: Range<Int>) -> Int64? {
    var position = span.lowerBound
    let negative = bytes[position] == UInt8(ascii: "-")
    if negative { position += 1 }
    if span.upperBound - position <= 18 {
      var value: Int64 = 0
      while position < span.upperBound {
        let digit = bytes[position] &- 0x30
        guard digit <= 9 else { break }
        value = value &* 10 &+ Int64(digit)
        position += 1
      }
      if position == span.upperBound { return negative ? -value : value }
    }
    return JSONNumber(text: text(span)).int64
  }

  /// The decimal written in `span` (a number `scanNumber()` accepted), as `JSONValue.decimal`: the same
  /// value and representation as `Decimal(string:)`, which is used for zero, more than 19 digits and
  /// large exponents.
  func decimal(in span: Range<Int>) -> Decimal? {
    var position = span.lowerBound
    let negative = bytes[position] == UInt8(ascii: "-")
    if negative { position += 1 }
    var significand: UInt64 = 0
    var digits = 0
    var fractionDigits = 0
    var inFraction = false
    var exponent = 0
    scan: while position < span.upperBound {
      let byte = bytes[position]
      switch byte {
      case 0x30...0x39:
        significand = significand &* 10 &+ UInt64(byte - 0x30)
        digits += 1
        if inFraction { fractionDigits += 1 }
      case UInt8(ascii: "."):
        inFraction = true
      default:
        guard let written = smallExponent(in: position + 1..<span.upperBound) else {
          return slowDecimal(span)
        }
        exponent = written
        break scan
      }
      position += 1
    }
    guard digits <= 19, significand != 0 else { return slowDecimal(span) }
    exponent -= fractionDigits
    while significand % 10 == 0 {
      significand /= 10
      exponent += 1
    }
    guard (-40...40).contains(exponent) else { return slowDecimal(span) }
    return Decimal(
      sign: negative ? .minus : .plus, exponent: exponent, significand: Decimal(significand))
  }

  /// An exponent's value (after the `e`), when it has at most four digits.
  private func smallExponent(in span: Range<Int>) -> Int? {
    var position = span.lowerBound
    var negative = false
    if position < span.upperBound,
      bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+")
    {
      negative = bytes[position] == UInt8(ascii: "-")
      position += 1
    }
    guard span.upperBound - position <= 4 else { return nil }
    var value = 0
    while position < span.upperBound {
      value = value * 10 + Int(bytes[position] &- 0x30)
      position += 1
    }
    return negative ? -value : value
  }

  private func slowDecimal(_ span: Range<Int>) -> Decimal? {
    JSONValue.number(JSONNumber(text: text(span))).decimal
  }

  private func text(_ span: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[span]), as: UTF8.self)
  }
}
