// Display width in terminal cells, from the project's own tables (`WidthTables`), never
// from the process locale or libc.

/// The number of terminal columns `string` takes: the sum of its grapheme clusters' widths.
///
/// ASCII control characters count 0 (sanitize text before drawing). Complexity: O(n).
public func displayWidth(of string: String) -> Int {
  // Printable ASCII, the common case, in one pass over the bytes.
  let printable = string.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
    for byte in bytes where byte < 0x20 || byte >= 0x7F { return nil }
    return bytes.count
  }
  if let printable, let count = printable { return count }
  var ascii = true
  var count = 0
  for byte in string.utf8 {
    guard byte >= 0x20 && byte < 0x7F else {
      ascii = false
      break
    }
    count += 1
  }
  if ascii { return count }
  var total = 0
  for character in string {
    total += displayWidth(of: character)
  }
  return total
}

/// The number of terminal columns one grapheme cluster takes: 0, 1 or 2.
///
/// The first scalar decides (East Asian Wide/Fullwidth and Emoji_Presentation are 2;
/// combining marks, format characters and controls 0); VS16 makes a cluster 2, VS15 makes
/// an emoji 1; flags (two regional indicators) and emoji ZWJ sequences are 2.
public func displayWidth(of character: Character) -> Int {
  let scalars = character.unicodeScalars
  var iterator = scalars.makeIterator()
  guard let first = iterator.next() else { return 0 }
  let firstWidth = scalarWidth(first)
  guard let second = iterator.next() else { return firstWidth }
  if first.value == 0x0D { return 0 }  // CR LF
  var width = firstWidth
  var textPresentation = false
  var next: Unicode.Scalar? = second
  while let scalar = next {
    switch scalar.value {
    case 0xFE0F:
      return 2
    case 0xFE0E:
      textPresentation = true
    default:
      if width == 0 { width = scalarWidth(scalar) }
    }
    next = iterator.next()
  }
  if isRegionalIndicator(first) && isRegionalIndicator(second) { return 2 }
  if textPresentation && width == 2 && first.properties.isEmoji { return 1 }
  return width
}

/// The width of a single scalar, without cluster context.
func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
  let v = scalar.value
  if v < 0x7F { return v >= 0x20 ? 1 : 0 }
  if v < 0xA0 { return 0 }
  if v < 0x300 { return 1 }
  if inRanges(WidthTables.zeroWidth, v) { return 0 }
  if inRanges(WidthTables.wide, v) { return 2 }
  return 1
}

private func isRegionalIndicator(_ s: Unicode.Scalar) -> Bool {
  s.value >= 0x1F1E6 && s.value <= 0x1F1FF
}

/// Binary search in a flattened list of sorted inclusive ranges.
private func inRanges(_ table: [UInt32], _ value: UInt32) -> Bool {
  var low = 0
  var high = table.count / 2 - 1
  while low <= high {
    let mid = (low + high) / 2
    if value < table[2 * mid] {
      high = mid - 1
    } else if value > table[2 * mid + 1] {
      low = mid + 1
    } else {
      return true
    }
  }
  return false
}

/// `string` cut to at most `width` columns, ending in `ellipsis` when something was cut.
///
/// Never splits a grapheme cluster; a wide cluster that does not fit is dropped whole. When
/// `width` is narrower than the ellipsis, the text is cut without one.
public func truncate(_ string: String, toWidth width: Int, ellipsis: String = "…") -> String {
  guard width > 0 else { return "" }
  if displayWidth(of: string) <= width { return string }
  let ellipsisWidth = displayWidth(of: ellipsis)
  let budget = ellipsisWidth <= width ? width - ellipsisWidth : width
  var result = ""
  var used = 0
  for character in string {
    let w = displayWidth(of: character)
    if used + w > budget { break }
    result.append(character)
    used += w
  }
  if ellipsisWidth <= width { result += ellipsis }
  return result
}

/// `string` padded with spaces to exactly `width` columns (truncated with an ellipsis when
/// it is wider).
public func pad(_ string: String, toWidth width: Int, alignment: Alignment = .left) -> String {
  let text = truncate(string, toWidth: width)
  let gap = max(0, width - displayWidth(of: text))
  if gap == 0 { return text }
  switch alignment {
  case .left:
    return text + String(repeating: " ", count: gap)
  case .right:
    return String(repeating: " ", count: gap) + text
  case .center:
    let left = gap / 2
    return String(repeating: " ", count: left) + text + String(repeating: " ", count: gap - left)
  }
}
