// Control-character stripping for text that came from outside (the network, files,
// pasted input), so that it can never emit a terminal escape sequence.

/// `text` made safe for one line of a terminal: tab, newline, carriage return and the
/// Unicode line/paragraph separators become a space; every escape sequence (CSI, OSC, DCS,
/// SOS, PM, APC and the short ESC forms, by 7-bit or C1 introducer) is removed whole, with its
/// parameters and terminator; every other C0 control, DEL, C1 control (U+0080–U+009F) and the
/// bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) are removed.
public func sanitize(_ text: String) -> String {
  clean(text, keepNewlines: false)
}

/// `text` made safe for a multi-line paragraph: like `sanitize(_:)`, but line breaks
/// (LF, CR LF, CR, U+2028, U+2029) are kept as `"\n"`.
public func sanitizeParagraph(_ text: String) -> String {
  clean(text, keepNewlines: true)
}

/// `text` sanitized (`sanitize(_:)`) and cut to at most `limit` characters, an ellipsis
/// marking the cut: for messages from outside drawn in a bounded place (an error line).
public func sanitize(_ text: String, limit: Int) -> String {
  let clean = sanitize(text)
  guard limit > 0 else { return "" }
  guard clean.count > limit else { return clean }
  return String(clean.prefix(limit - 1)) + "…"
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
  let scalars = Array(text.unicodeScalars)
  var index = 0
  while index < scalars.count {
    let v = scalars[index].value
    let wasCR = previousCR
    previousCR = false
    switch v {
    case 0x1B, 0x90, 0x98, 0x9B, 0x9D, 0x9E, 0x9F:
      index = EscapeSequence.end(in: scalars, at: index)
      continue
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
    case 0x00..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
      break
    default:
      out.append(scalars[index])
    }
    index += 1
  }
  return String(out)
}

/// Whether a scalar is changed or removed by sanitizing.
private func needsCleaning(_ v: UInt32) -> Bool {
  if v < 0x20 || (v >= 0x7F && v <= 0x9F) { return true }
  if v == 0x061C || v == 0x200E || v == 0x200F { return true }
  return v >= 0x2028 && (v <= 0x202E || (v >= 0x2066 && v <= 0x2069))
}

/// The extent of one escape sequence (ECMA-48), so it is removed whole rather than leaving
/// its parameters on screen (`ESC[2J` must not become `[2J`).
private enum EscapeSequence {
  /// The index just past the sequence that starts at `start` (an ESC or a C1 introducer).
  static func end(in scalars: [Unicode.Scalar], at start: Int) -> Int {
    let first = scalars[start].value
    switch first {
    case 0x9B: return controlSequenceEnd(in: scalars, from: start + 1)
    case 0x90, 0x98, 0x9D, 0x9E, 0x9F: return stringEnd(in: scalars, from: start + 1)
    default: break
    }
    // ESC
    let next = start + 1
    guard next < scalars.count else { return next }
    let v = scalars[next].value
    switch v {
    case 0x5B: return controlSequenceEnd(in: scalars, from: next + 1)  // [  CSI
    case 0x5D, 0x50, 0x58, 0x5E, 0x5F: return stringEnd(in: scalars, from: next + 1)  // ] P X ^ _
    case 0x20...0x2F:  // nF: intermediates, then one final byte
      var index = next
      while index < scalars.count, (0x20...0x2F).contains(scalars[index].value) { index += 1 }
      if index < scalars.count, (0x30...0x7E).contains(scalars[index].value) { index += 1 }
      return index
    case 0x30...0x7E: return next + 1  // Fp, Fe, Fs: ESC and one byte
    default: return next  // a lone ESC: only it goes
    }
  }

  /// CSI: parameter bytes (0x30–0x3F), intermediate bytes (0x20–0x2F), one final byte
  /// (0x40–0x7E). Anything else ends the sequence there and is read as text again.
  private static func controlSequenceEnd(in scalars: [Unicode.Scalar], from start: Int) -> Int {
    var index = start
    while index < scalars.count {
      let v = scalars[index].value
      if (0x20...0x3F).contains(v) {
        index += 1
      } else if (0x40...0x7E).contains(v) {
        return index + 1
      } else {
        return index
      }
    }
    return index
  }

  /// OSC, DCS, SOS, PM and APC: a string up to BEL, ST (`ESC \` or U+009C) or the end; an ESC
  /// that does not start ST ends the string and starts a sequence of its own.
  private static func stringEnd(in scalars: [Unicode.Scalar], from start: Int) -> Int {
    var index = start
    while index < scalars.count {
      switch scalars[index].value {
      case 0x07, 0x9C: return index + 1
      case 0x1B:
        if index + 1 < scalars.count, scalars[index + 1] == "\\" { return index + 2 }
        return index
      default: index += 1
      }
    }
    return index
  }
}
