/// The settings panel (`S`): the storefront being chosen, and the display modes it shows
/// read-only with the config keys that change them.
public struct SettingsState: Equatable, Sendable {
  /// The country as edited (upper-case; one letter while typing); `nil` is none chosen.
  public var country: String?
  /// Why the draft cannot be applied (drawn in the panel), or `nil`.
  public var error: String?
  /// How artwork is drawn (`kitty`, `sixel`, `symbols`, `none` …), when known.
  public var images: String?
  /// How video previews play (`auto`, `window`, `terminal`, `audio`).
  public var video: String?
  /// How many recent searches there are to forget (Delete in the panel).
  public var historyCount = 0
  /// Whether Delete was pressed once: a second press forgets every recent search.
  public var confirmingHistoryClear = false

  /// Makes a panel editing `country`.
  public init(
    country: String? = nil, error: String? = nil, images: String? = nil, video: String? = nil,
    historyCount: Int = 0, confirmingHistoryClear: Bool = false
  ) {
    self.country = country
    self.error = error
    self.images = images
    self.video = video
    self.historyCount = historyCount
    self.confirmingHistoryClear = confirmingHistoryClear
  }
}
