import Foundation

/// Failures of the live wiring itself (the libraries have their own errors).
package enum LiveError: Error, Equatable, Sendable {
  /// A link was not opened: only http and https go to the browser.
  case linkRefused(String)
  /// No program to open links with was found.
  case openerMissing(String)
  /// The opener ran and exited with a failure status.
  case openerFailed(String, status: Int32)
}

extension LiveError: LocalizedError {
  /// What happened.
  package var errorDescription: String? {
    switch self {
    case .linkRefused(let url): return "Not opening \(url): only http and https links are opened."
    case .openerMissing(let name): return "\(name) is not installed."
    case .openerFailed(let name, let status): return "\(name) exited with status \(status)."
    }
  }

  /// What to do about it.
  package var recoverySuggestion: String? {
    switch self {
    case .linkRefused: return "Copy the link from the detail screen instead."
    case .openerMissing: return "Install xdg-utils, or copy the link from the screen."
    case .openerFailed: return "Copy the link from the screen instead."
    }
  }
}
