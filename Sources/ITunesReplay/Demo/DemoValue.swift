import Foundation
import ITunesCatalog

/// A storefront the demo catalogue is sold in: its code, Apple's alpha-3 `country`, the
/// currency and how prices are written there.
package struct DemoStorefront: Sendable, Equatable {
  /// ISO 3166-1 alpha-2, lower case (the `country` parameter).
  package var code: String
  /// Apple's `country` field (alpha-3).
  package var country: String
  /// ISO 4217.
  package var currency: String
  /// The price in this store for a US price (Apple's tiers, rounded the way each store rounds).
  var convert: @Sendable (Double) -> Double
  /// Whole numbers only (yen, roubles).
  var integral: Bool
  /// How `formattedPrice` writes a price, and "Free".
  var format: @Sendable (Double) -> String

  package static func == (lhs: DemoStorefront, rhs: DemoStorefront) -> Bool {
    lhs.code == rhs.code
  }
}

/// A value of a demo item that depends on the storefront or on where the server listens.
enum DemoValue {
  /// Plain JSON.
  case json(JSONValue)
  /// A price given in US dollars (a negative one stays: Apple's "not sold alone").
  case price(Double)
  /// `formattedPrice` of a US price.
  case formattedPrice(Double)
  /// The storefront's currency.
  case currency
  /// The storefront's alpha-3 country.
  case country
  /// A store page: `<base>/store/<cc>/<path>`.
  case store(String)
  /// A media URL: `<base>/media/<path>` (artwork and previews).
  case media(String)
  /// Several media URLs (screenshots).
  case mediaList([String])

  static func text(_ string: String) -> DemoValue { .json(.string(string)) }
  static func int(_ value: Int64) -> DemoValue { .json(.number(JSONNumber(text: String(value)))) }
  static func int(_ value: Int) -> DemoValue { int(Int64(value)) }
  static func number(_ value: Double) -> DemoValue {
    .json(.number(JSONNumber(text: DemoValue.decimal(value, places: 1))))
  }
  static func bool(_ value: Bool) -> DemoValue { .json(.bool(value)) }
  static func strings(_ values: [String]) -> DemoValue {
    .json(.array(values.map(JSONValue.string)))
  }

  /// `value` with `places` decimals, never in scientific notation, without the locale.
  static func decimal(_ value: Double, places: Int) -> String {
    let scale = pow(10.0, Double(places))
    let scaled = Int64((abs(value) * scale).rounded())
    let whole = scaled / Int64(scale)
    let fraction = scaled % Int64(scale)
    var text = (value < 0 ? "-" : "") + String(whole)
    if places > 0 {
      let digits = String(fraction)
      text += "." + String(repeating: "0", count: places - digits.count) + digits
    }
    return text
  }

  /// The JSON for a storefront and a server base URL.
  func render(in store: DemoStorefront, base: String) -> JSONValue {
    switch self {
    case .json(let value): return value
    case .price(let usd):
      let price = usd < 0 ? usd : store.convert(usd)
      return .number(
        JSONNumber(text: DemoValue.decimal(price, places: store.integral && usd >= 0 ? 0 : 2)))
    case .formattedPrice(let usd): return .string(store.format(store.convert(usd)))
    case .currency: return .string(store.currency)
    case .country: return .string(store.country)
    case .store(let path): return .string(base + "/store/" + store.code + "/" + path)
    case .media(let path): return .string(base + "/media/" + path)
    case .mediaList(let paths): return .array(paths.map { .string(base + "/media/" + $0) })
    }
  }
}

/// One item of the demo catalogue before it is placed in a storefront.
struct DemoItem {
  /// Apple's fields, in Apple's order.
  var members: [(key: String, value: DemoValue)] = []
  /// Lookup keys Apple's objects do not carry (`upc`, `isbn`, `amgAlbumId`).
  var keys: [String: String] = [:]

  mutating func add(_ key: String, _ value: DemoValue) { members.append((key, value)) }
  mutating func add(_ key: String, _ text: String) { members.append((key, .text(text))) }
  mutating func add(_ key: String, _ value: Int64) { members.append((key, .int(value))) }
  mutating func add(_ key: String, _ value: Int) { members.append((key, .int(value))) }

  /// The object as a storefront serves it.
  func render(in store: DemoStorefront, base: String) -> JSONValue {
    .object(members.map { ($0.key, $0.value.render(in: store, base: base)) })
  }
}
