/// Why an artwork could not be shown, by phase: the answer (status, body), the image, the transport.
///
/// Every case leaves the tile's placeholder in place; `message` is the one line for the log.
package enum ArtworkError: Error, Equatable, Sendable {
  /// The artwork server answered a status other than 2xx.
  case httpStatus(Int)
  /// The body is no JPEG or PNG; the text says what it was ("an HTML page", "an empty body").
  case notAnImage(String)
  /// The bytes start like a JPEG or PNG but cannot be decoded; the text is the decoder's reason.
  case corrupt(String)
  /// The image is larger than tunes decodes (8192 pixels a side, 40 megapixels).
  case tooLarge(width: Int, height: Int)
  /// No complete answer within the pipeline's timeout.
  case timedOut
  /// The download failed (cannot connect, cut short, over the body cap, …).
  case transport(String)
  /// The task asking for the image was cancelled.
  case cancelled

  /// One clear line for the log or a block, e.g. "the artwork server answered 404".
  package var message: String {
    switch self {
    case .httpStatus(let status): return "the artwork server answered \(status)"
    case .notAnImage(let what): return "not an image (\(what))"
    case .corrupt(let reason): return "the image is damaged (\(reason))"
    case .tooLarge(let width, let height):
      return
        "the image is too large (\(width)×\(height) pixels; tunes decodes at most "
        + "\(ImageDecoder.maximumSide) a side and \(ImageDecoder.maximumPixels / 1_000_000) megapixels)"
    case .timedOut: return "the artwork server did not answer in time"
    case .transport(let reason): return "the artwork could not be downloaded (\(reason))"
    case .cancelled: return "the artwork request was cancelled"
    }
  }
}
