import ITunesCatalog

/// How the settings panel's country is typed, erased and stepped: the reducer's policy for the
/// keys the key table sends as intents.
public enum SettingsEditing {
  /// Storefronts ←/→ step through (none chosen, then US, first); any other can be typed.
  public static let countries: [String?] = [
    nil, "US", "GB", "CA", "AU", "NZ", "IE", "DE", "FR", "ES", "IT", "NL", "SE", "JP", "KR",
    "BR", "MX", "IN", "RU",
  ]

  /// `country` with a letter typed: the first letter starts a new code, the second completes it.
  public static func type(_ country: String?, letter: Character) -> String? {
    let current = country ?? ""
    let upper = String(letter).uppercased()
    return current.count == 1 ? current + upper : upper
  }

  /// `country` with the last letter removed (none left: none chosen).
  public static func erase(_ country: String?) -> String? {
    let current = country ?? ""
    return current.count > 1 ? String(current.dropLast()) : nil
  }

  /// `country` stepped `by` places through `countries` (wrapping; a typed code not in the list
  /// steps from the start).
  public static func step(_ country: String?, by delta: Int) -> String? {
    let index = countries.firstIndex(of: country?.uppercased()) ?? 0
    let count = countries.count
    return countries[((index + delta) % count + count) % count]
  }

  /// The country as the panel shows it.
  public static func value(_ country: String?) -> String {
    guard let country else { return "none chosen: Apple answers as US (United States)" }
    if country.count < 2 { return "\(country)_ · type a two-letter code" }
    // The name beside the code: "GB · United Kingdom"; a code Apple has no store for is bare.
    return Country.name(of: country).map { "\(country) · \($0)" } ?? country
  }
}
