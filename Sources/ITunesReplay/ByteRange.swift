/// How a `Range` header applies to a file of a given size (one range only, `bytes` unit).
enum ByteRange: Equatable {
  /// No usable range header: send the whole file with 200.
  case full
  /// Send these bytes with 206.
  case partial(ClosedRange<Int>)
  /// The range lies outside the file: 416.
  case unsatisfiable

  /// Resolves `bytes=a-b`, `bytes=a-` and `bytes=-n` against `size`.
  ///
  /// A header that cannot be parsed, or that asks for several ranges, is ignored (RFC 9110 lets a
  /// server answer such a request with the whole representation).
  static func resolve(header: String?, size: Int) -> ByteRange {
    guard let header else { return .full }
    let lowered = header.lowercased().filter { $0 != " " }
    guard lowered.hasPrefix("bytes="), !lowered.contains(",") else { return .full }
    let spec = lowered.dropFirst("bytes=".count)
    let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2 else { return .full }
    let first = parts[0].isEmpty ? nil : Int(parts[0])
    let last = parts[1].isEmpty ? nil : Int(parts[1])
    if !parts[0].isEmpty && first == nil || !parts[1].isEmpty && last == nil { return .full }
    switch (first, last) {
    case (let start?, let end?):
      guard start <= end else { return .full }
      guard start < size else { return .unsatisfiable }
      return .partial(start...min(end, size - 1))
    case (let start?, nil):
      guard start < size else { return .unsatisfiable }
      return .partial(start...(size - 1))
    case (nil, let suffix?):
      guard suffix > 0, size > 0 else { return .unsatisfiable }
      return .partial(max(0, size - suffix)...(size - 1))
    case (nil, nil):
      return .full
    }
  }
}
