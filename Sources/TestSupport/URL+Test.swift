import Foundation

extension URL {
  /// A URL a test writes out: a literal that is not a URL stops the run, naming it (tests only:
  /// no input reaches this).
  public init(test text: String) {
    guard let url = URL(string: text) else { preconditionFailure("not a URL: \(text)") }
    self = url
  }
}
