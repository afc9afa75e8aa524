import Foundation

extension DemoStorefront {
  /// The storefronts the demo is sold in; another `country` is answered as the US store.
  package static let all: [DemoStorefront] = [us, gb, jp, fr, ru]

  /// The United States: dollars, the prices the generator writes.
  package static let us = DemoStorefront(
    code: "us", country: "USA", currency: "USD", convert: { $0 }, integral: false,
    format: { $0 == 0 ? "Free" : "$" + DemoValue.decimal($0, places: 2) })

  /// The United Kingdom: pounds on Apple's tiers (1.29 → 0.99, 9.99 → 7.99).
  package static let gb = DemoStorefront(
    code: "gb", country: "GBR", currency: "GBP",
    convert: { usd in
      let tiers: [(Double, Double)] = [
        (0.99, 0.79), (1.29, 0.99), (2.99, 2.49), (3.99, 3.49), (4.99, 3.99), (7.99, 6.99),
        (9.99, 7.99), (11.99, 9.99), (14.99, 11.99), (19.99, 15.99), (24.99, 19.99),
      ]
      return tiers.first { abs($0.0 - usd) < 0.001 }?.1 ?? (usd * 0.8 * 100).rounded() / 100
    }, integral: false,
    format: { $0 == 0 ? "Free" : "£" + DemoValue.decimal($0, places: 2) })

  /// Japan: whole yen in steps of 50.
  package static let jp = DemoStorefront(
    code: "jp", country: "JPN", currency: "JPY",
    convert: { usd in usd == 0 ? 0 : max(50, (usd * 160 / 50).rounded() * 50) }, integral: true,
    format: { $0 == 0 ? "無料" : "¥" + DemoValue.decimal($0, places: 0) })

  /// France: euros at parity, written the French way.
  package static let fr = DemoStorefront(
    code: "fr", country: "FRA", currency: "EUR", convert: { $0 }, integral: false,
    format: {
      $0 == 0
        ? "Gratuit"
        : DemoValue.decimal($0, places: 2).replacingOccurrences(of: ".", with: ",") + " €"
    })

  /// Russia: whole roubles ending in 9.
  package static let ru = DemoStorefront(
    code: "ru", country: "RUS", currency: "RUB",
    convert: { usd in usd == 0 ? 0 : max(9, ((usd * 75) / 10).rounded() * 10 - 1) },
    integral: true,
    format: { $0 == 0 ? "Бесплатно" : DemoValue.decimal($0, places: 0) + " ₽" })
}
