/// Shared checks for query values.
enum QueryValidation {
  static func country(_ code: String) throws -> String {
    guard let normalized = Country.normalized(code) else {
      throw CatalogError.invalidValue(
        parameter: "country", value: code,
        allowed: ["an ISO 3166-1 alpha-2 code such as US, GB, JP"])
    }
    return normalized
  }

  /// Checks `value` is a known entity/attribute and, with a media, one of that media's; accepts any case
  /// and returns Apple's spelling.
  static func member(
    _ value: String, parameter: String, media: Media?, known: [String],
    forMedia: (Media) -> [String]
  ) throws -> String {
    guard let spelled = known.first(where: { $0.lowercased() == value.lowercased() }) else {
      throw CatalogError.invalidValue(parameter: parameter, value: value, allowed: known)
    }
    if let media {
      let allowed = forMedia(media)
      guard allowed.contains(spelled) else {
        throw CatalogError.notValidForMedia(
          parameter: parameter, value: spelled, media: media.rawValue, allowed: allowed)
      }
    }
    return spelled
  }
}
