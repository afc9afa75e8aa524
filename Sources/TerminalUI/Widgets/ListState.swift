/// Selection and scroll position of a `ListView`.
public struct ListState: Sendable, Hashable {
  /// The selected row, or `nil`.
  public var selected: Int?
  /// The first row shown.
  public var offset: Int

  /// Creates a state.
  public init(selected: Int? = nil, offset: Int = 0) {
    self.selected = selected
    self.offset = offset
  }

  /// Selects the next row (the first if none), stopping at the last.
  public mutating func selectNext(count: Int) {
    guard count > 0 else {
      selected = nil
      return
    }
    selected = min(count - 1, (selected ?? -1) + 1)
  }

  /// Selects the previous row (the last if none), stopping at the first.
  public mutating func selectPrevious(count: Int) {
    guard count > 0 else {
      selected = nil
      return
    }
    selected = max(0, (selected ?? count) - 1)
  }

  /// Clamps the selection to `count` rows and scrolls so it is inside a `height`-row view.
  public mutating func keepSelectionVisible(count: Int, height: Int) {
    if let s = selected { selected = count > 0 ? max(0, min(count - 1, s)) : nil }
    offset = ScrollState.clampedOffset(offset, content: count, viewport: height)
    if let s = selected, height > 0 {
      if s < offset { offset = s }
      if s >= offset + height { offset = s - height + 1 }
    }
  }
}
