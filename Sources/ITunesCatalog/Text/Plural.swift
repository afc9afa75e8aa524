/// Counts with their noun in the right number: "1 favourite", "3 favourites", "2 entries".
public enum Plural {
  /// `count` and `singular`, or its plural when the count is not 1: `plural` when given, else
  /// English's regular form (a consonant and `y` become `ies`; `s`, `x`, `ch` and `sh` add `es`;
  /// anything else adds `s`).
  public static func count(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(count) " + (count == 1 ? singular : plural ?? regular(singular))
  }

  /// The regular English plural of `word`: "entry" → "entries", "search" → "searches".
  public static func regular(_ word: String) -> String {
    let lower = word.lowercased()
    if lower.hasSuffix("y"), let before = lower.dropLast().last, !"aeiou".contains(before) {
      return word.dropLast() + "ies"
    }
    if ["s", "x", "ch", "sh"].contains(where: { lower.hasSuffix($0) }) { return word + "es" }
    return word + "s"
  }
}
