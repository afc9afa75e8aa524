// Control-character stripping for text that came from outside (the network, files,
// pasted input), so that it can never emit a terminal escape sequence.

/// `text` made safe for one line of a terminal: tab, newline, carriage return and the
/// Unicode line/paragraph separators become a space; every other C0 control, ESC, DEL, C1
/// control (U+0080–U+009F) and the bidirectional override/isolate controls are removed.
public func sanitize(_ text: String) -> String {
  clean(text, keepNewlines: false)
}

/// `text` made safe for a multi-line paragraph: like `sanitize(_:)`, but line breaks
/// (LF, CR LF, CR, U+2028, U+2029) are kept as `"\n"`.
public func sanitizeParagraph(_ text: String) -> String {
  clean(text, keepNewlines: true)
}

private func clean(_ text: String, keepNewlines: Bool) -> String {
  var safe = true
  for scalar in text.unicodeScalars where needsCleaning(scalar.value) {
    safe = false
    break
  }
  if safe { return text }
  var out = String.UnicodeScalarView()
  var previousCR = false
  for scalar in text.unicodeScalars {
    let v = scalar.value
    let wasCR = previousCR
    previousCR = false
    switch v {
    case 0x0A:
      if keepNewlines {
        if !wasCR { out.append("\n") }
      } else if !wasCR {
        out.append(" ")
      }
    case 0x0D:
      out.append(keepNewlines ? "\n" : " ")
      previousCR = true
    case 0x2028, 0x2029:
      out.append(keepNewlines ? "\n" : " ")
    case 0x09:
      out.append(" ")
    case 0x00..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069:
      continue
    default:
      out.append(scalar)
    }
  }
  return String(out)
}

/// Whether a scalar is changed or removed by sanitizing.
private func needsCleaning(_ v: UInt32) -> Bool {
  if v < 0x20 || (v >= 0x7F && v <= 0x9F) { return true }
  return v >= 0x2028 && (v <= 0x202E || (v >= 0x2066 && v <= 0x2069))
}
