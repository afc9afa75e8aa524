import Foundation

/// Turns the HTML Apple puts in descriptions (`<br />`, `<p>`, `&#39;`, `&amp;`) into plain text.
public enum HTMLText {
  /// Plain text: line-break tags become newlines, other tags are removed, entities decoded, runs of
  /// spaces folded, at most one blank line kept, ends trimmed. Text without `<` or `&` only has its line
  /// endings normalised and its ends trimmed.
  public static func plainText(_ html: String) -> String {
    let (hasCarriageReturn, hasMarkup) = scan(html)
    let normalized = hasCarriageReturn ? html.replacingOccurrences(of: "\r\n", with: "\n") : html
    guard hasMarkup else { return normalized.trimmedASCIIWhitespace }
    var out = ""
    out.reserveCapacity(normalized.utf8.count)
    var index = normalized.startIndex
    while index < normalized.endIndex {
      let character = normalized[index]
      if character == "<", let close = normalized[index...].firstIndex(of: ">") {
        let tag = normalized[normalized.index(after: index)..<close].lowercased()
        let name = tag.drop(while: { $0 == "/" }).prefix(while: { $0.isLetter || $0.isNumber })
        switch name {
        case "br": out.append("\n")
        case "p", "div", "ul", "ol", "h1", "h2", "h3", "h4", "blockquote": out.append("\n\n")
        case "li": if !tag.hasPrefix("/") { out.append("\n• ") }
        default: break
        }
        index = normalized.index(after: close)
      } else if character == "&", let (decoded, next) = entity(in: normalized, at: index) {
        out.append(decoded)
        index = next
      } else {
        out.append(character)
        index = normalized.index(after: index)
      }
    }
    return tidy(out)
  }

  /// Whether the text has a carriage return, and whether it has `<` or `&`.
  private static func scan(_ html: String) -> (carriageReturn: Bool, markup: Bool) {
    func scan(_ bytes: some Sequence<UInt8>) -> (carriageReturn: Bool, markup: Bool) {
      var carriageReturn = false
      var markup = false
      for byte in bytes {
        switch byte {
        case 0x0D: carriageReturn = true
        case UInt8(ascii: "<"), UInt8(ascii: "&"): markup = true
        default: continue
        }
      }
      return (carriageReturn, markup)
    }
    // Native strings are contiguous: scanning their buffer is several times faster than the view.
    return html.utf8.withContiguousStorageIfAvailable { scan($0) } ?? scan(html.utf8)
  }

  private static let named: [String: String] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "hellip": "…",
    "mdash": "—", "ndash": "–", "rsquo": "’", "lsquo": "‘", "ldquo": "“", "rdquo": "”",
    "copy": "©", "reg": "®", "trade": "™", "eacute": "é", "egrave": "è", "aacute": "á",
    "agrave": "à", "ouml": "ö", "uuml": "ü", "auml": "ä", "szlig": "ß", "ntilde": "ñ",
    "ccedil": "ç",
    "bull": "•", "middot": "·", "deg": "°", "euro": "€", "pound": "£", "yen": "¥",
  ]

  private static func entity(in text: String, at start: String.Index) -> (String, String.Index)? {
    guard let semicolon = text[start...].prefix(12).firstIndex(of: ";") else { return nil }
    let body = text[text.index(after: start)..<semicolon]
    let next = text.index(after: semicolon)
    if body.hasPrefix("#") {
      let digits = body.dropFirst()
      let value: UInt32?
      if digits.first == "x" || digits.first == "X" {
        value = UInt32(digits.dropFirst(), radix: 16)
      } else {
        value = UInt32(digits)
      }
      guard let value, let scalar = Unicode.Scalar(value) else { return nil }
      return (String(Character(scalar)), next)
    }
    guard let decoded = named[String(body)] else { return nil }
    return (decoded, next)
  }

  private static func tidy(_ text: String) -> String {
    var lines: [String] = []
    var blank = 0
    for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let line = rawLine.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
      if line.isEmpty {
        blank += 1
        if blank == 1, !lines.isEmpty { lines.append("") }
      } else {
        blank = 0
        lines.append(line)
      }
    }
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines.joined(separator: "\n")
  }
}
