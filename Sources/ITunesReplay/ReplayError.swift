import Foundation

/// Everything that can go wrong while loading recordings or running the replay server.
package enum ReplayError: LocalizedError, Equatable, Sendable {
  /// The recordings directory has no `index.tsv`.
  case indexMissing(URL)
  /// A line of an `index.tsv` cannot be read.
  case indexMalformed(file: URL, line: Int, reason: String)
  /// A row of an `index.tsv` names a response file that cannot be read.
  case recordingMissing(index: URL, line: Int, file: String)
  /// A request string given to `register` is not a path with an optional query.
  case invalidRequest(String)
  /// A status code outside 100...599.
  case invalidStatus(Int)
  /// A `--fault` spec that the parser does not know.
  case unknownFault(String)
  /// A socket call failed; `errno` is the C error number.
  case socket(operation: String, errno: Int32)
  /// `start()` was called on a server that is running or has been stopped.
  case alreadyStarted

  /// A one-line description of the problem.
  package var errorDescription: String? {
    switch self {
    case .indexMissing(let url):
      return "replay: no index.tsv at \(url.path), and no .json file beside it"
    case .indexMalformed(let file, let line, let reason):
      return "replay: \(file.path) line \(line): \(reason)"
    case .recordingMissing(let index, let line, let file):
      return "replay: \(index.path) line \(line): cannot read response file '\(file)'"
    case .invalidRequest(let request):
      return "replay: '\(request)' is not a request path such as /search?term=x"
    case .invalidStatus(let status):
      return "replay: \(status) is not an HTTP status code"
    case .unknownFault(let spec):
      return "replay: unknown fault '\(spec)'"
    case .socket(let operation, let code):
      return "replay: \(operation) failed: \(String(cString: strerror(code)))"
    case .alreadyStarted:
      return "replay: the server has already been started"
    }
  }

  /// What a person can do about it.
  package var recoverySuggestion: String? {
    switch self {
    case .indexMissing:
      return "Point the server at a directory of recorded answers: an index.tsv, or .json files."
    case .indexMalformed:
      return "index.tsv needs a header row 'file<TAB>status<TAB>request', then one row a response."
    case .recordingMissing:
      return "Add the file next to index.tsv or remove its row."
    case .invalidRequest:
      return "Give a path starting with '/', optionally followed by '?query'."
    case .invalidStatus:
      return "Use a status between 100 and 599."
    case .unknownFault:
      return "Use one of: " + ReplayFault.specSummary + "."
    case .socket:
      return "Check that the port is free (or use port 0 for any free port)."
    case .alreadyStarted:
      return "Create a new ReplayServer for each run."
    }
  }
}
