import Foundation

/// Parsing and writing of the ISO 8601 dates Apple sends (`2005-03-01T08:00:00Z`).
public enum ISODate {
  /// Parses `YYYY-MM-DDTHH:MM:SSZ`, `YYYY-MM-DDTHH:MM:SS±HH:MM`, fractional seconds, or `YYYY-MM-DD`
  /// (as UTC midnight). Returns `nil` for anything else.
  public static func parse(_ text: String) -> Date? {
    // Native strings are contiguous: read their buffer rather than copying it into an array.
    if let date = text.utf8.withContiguousStorageIfAvailable({ parse(bytes: $0) }) { return date }
    return Array(text.utf8).withUnsafeBufferPointer { parse(bytes: $0) }
  }

  private static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
    func number(_ start: Int, _ count: Int) -> Int? {
      guard start + count <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[start..<start + count] {
        guard byte >= 0x30, byte <= 0x39 else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      return value
    }
    guard let year = number(0, 4), bytes.count >= 10, bytes[4] == 0x2D, let month = number(5, 2),
      bytes[7] == 0x2D, let day = number(8, 2), (1...12).contains(month), (1...31).contains(day)
    else { return nil }
    var hour = 0
    var minute = 0
    var second = 0.0
    var offsetSeconds = 0
    if bytes.count > 10 {
      guard bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
        let h = number(11, 2), bytes.count > 13, bytes[13] == 0x3A, let m = number(14, 2)
      else { return nil }
      hour = h
      minute = m
      var index = 16
      if bytes.count > 16, bytes[16] == 0x3A, let s = number(17, 2) {
        second = Double(s)
        index = 19
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
          let start = index
          index += 1
          while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
          second += Double(String(decoding: bytes[start..<index], as: UTF8.self)) ?? 0
        }
      }
      if index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "Z"):
          index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
          let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
          guard let oh = number(index + 1, 2) else { return nil }
          var om = 0
          if let m = number(index + 4, 2), bytes[index + 3] == 0x3A {
            om = m
            index += 6
          } else if let m = number(index + 3, 2) {
            om = m
            index += 5
          } else {
            index += 3
          }
          offsetSeconds = sign * (oh * 3600 + om * 60)
        default:
          return nil
        }
      }
      guard index == bytes.count, hour < 24, minute < 60, second < 61 else { return nil }
    }
    let days = daysFromCivil(year: year, month: month, day: day)
    let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 - offsetSeconds) + second
    return Date(timeIntervalSince1970: seconds)
  }

  /// Writes a date as `YYYY-MM-DDTHH:MM:SSZ` (UTC, whole seconds).
  public static func string(from date: Date) -> String {
    let total = Int(date.timeIntervalSince1970.rounded(.down))
    let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
    let secondsOfDay = total - days * 86_400
    let (year, month, day) = civilFromDays(days)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
    return "\(yearText)-\(two(month))-\(two(day))T\(two(secondsOfDay / 3600)):"
      + "\(two(secondsOfDay % 3600 / 60)):\(two(secondsOfDay % 60))Z"
  }

  // Howard Hinnant's days_from_civil / civil_from_days.
  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
