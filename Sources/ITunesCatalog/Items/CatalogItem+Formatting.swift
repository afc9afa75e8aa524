import Foundation

extension CatalogItem {
  /// The price for people: Apple's own text when it sent one, "Free" for 0, else the amount with its
  /// currency (`$1.29`, `£7.99`, `¥250`). `nil` when there is no price.
  public var formattedPrice: String? {
    if let appleFormattedPrice { return appleFormattedPrice }
    guard let price else { return nil }
    return PriceText.format(price, currency: currency)
  }

  /// The duration as `m:ss` or `h:mm:ss`.
  public var formattedDuration: String? {
    durationMillis.map { DurationText.format(milliseconds: $0) }
  }

  /// The release year, e.g. `2005`.
  public var releaseYear: Int? {
    guard let releaseDate else { return nil }
    let days = Int((releaseDate.timeIntervalSince1970 / 86_400).rounded(.down))
    return ISODate.civilFromDays(days).0
  }
}

/// Formats prices without depending on the process locale.
public enum PriceText {
  private static let symbols: [String: String] = [
    "USD": "$", "GBP": "£", "EUR": "€", "JPY": "¥", "CNY": "¥", "INR": "₹", "KRW": "₩", "RUB": "₽",
    "AUD": "A$", "CAD": "CA$", "NZD": "NZ$", "BRL": "R$", "MXN": "MX$", "CHF": "CHF ",
  ]
  private static let wholeCurrencies: Set<String> = [
    "JPY", "KRW", "CLP", "VND", "HUF", "TWD", "IDR",
  ]

  /// `value` with exactly `decimals` digits after the point (0 or 2), without `String(format:)`,
  /// which costs more than everything else in a 10,000-row table.
  static func fixed(_ value: Double, decimals: Int) -> String {
    let scale = decimals == 0 ? 1.0 : 100.0
    let cents = Int64((abs(value) * scale).rounded())
    let sign = value < 0 && cents != 0 ? "-" : ""
    guard decimals > 0 else { return sign + String(cents) }
    let fraction = cents % 100
    return sign + String(cents / 100) + "." + (fraction < 10 ? "0" : "") + String(fraction)
  }

  /// `0` → "Free"; otherwise the symbol (or code) and the amount with the currency's usual decimals.
  public static func format(_ price: Decimal, currency: String?) -> String {
    if price == 0 { return "Free" }
    let code = currency?.uppercased() ?? ""
    let decimals = wholeCurrencies.contains(code) ? 0 : 2
    var value = price
    var rounded = Decimal()
    NSDecimalRound(&rounded, &value, decimals, .plain)
    let number = NSDecimalNumber(decimal: rounded).doubleValue
    let amount = fixed(number, decimals: decimals)
    if let symbol = symbols[code] { return symbol + amount }
    return code.isEmpty ? amount : "\(amount) \(code)"
  }
}

/// Formats durations.
public enum DurationText {
  /// `m:ss` under an hour, else `h:mm:ss`.
  public static func format(milliseconds: Int) -> String {
    let total = max(0, milliseconds) / 1000
    let hours = total / 3600
    let minutes = total % 3600 / 60
    let seconds = total % 60
    // Written digit by digit into the string's own storage: string interpolation was most of a
    // 10,000-row table's TIME column.
    // 15 bytes fit a small string, which needs no allocation: up to 99,999,999 hours.
    return String(unsafeUninitializedCapacity: hours < 100_000_000 ? 15 : 32) { buffer in
      var count = 0
      func put(_ byte: UInt8) {
        buffer[count] = byte
        count += 1
      }
      func digits(_ value: Int) {
        var divisor = 1
        while divisor <= value / 10 { divisor *= 10 }
        var rest = value
        while divisor > 0 {
          put(UInt8(ascii: "0") + UInt8(rest / divisor))
          rest %= divisor
          divisor /= 10
        }
      }
      func two(_ value: Int) {
        put(UInt8(ascii: "0") + UInt8(value / 10))
        put(UInt8(ascii: "0") + UInt8(value % 10))
      }
      if hours > 0 {
        digits(hours)
        put(UInt8(ascii: ":"))
        two(minutes)
      } else {
        digits(minutes)
      }
      put(UInt8(ascii: ":"))
      two(seconds)
      return count
    }
  }
}
