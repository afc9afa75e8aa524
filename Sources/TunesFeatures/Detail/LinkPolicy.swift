import Foundation

/// Which links the app opens in the browser: http and https only.
public enum LinkPolicy {
  /// The schemes that may be opened.
  public static let allowedSchemes: Set<String> = ["http", "https"]

  /// Whether `url` is an http(s) URL with a host.
  public static func isOpenable(_ url: URL) -> Bool {
    guard let scheme = url.scheme?.lowercased(), allowedSchemes.contains(scheme) else {
      return false
    }
    return !(url.host ?? "").isEmpty
  }

  /// The notice shown when `url` is refused.
  public static func refusal(for url: URL) -> String {
    let scheme = url.scheme.map { "“\($0):”" } ?? "scheme-less"
    return "Refused to open a \(scheme) link: only http and https links are opened."
  }
}
