/// Properties `make fuzz` checks on any bytes; each returns a description of what broke, or
/// `nil`. The fuzzer stops (and keeps the input) on a non-`nil` answer.
package enum CatalogFuzzing {
  /// The JSON parser: what it accepts, written back by `JSONWriter`, parses to the same value.
  package static func jsonRoundTrip(_ bytes: [UInt8]) -> String? {
    guard let value = try? JSONParser.parse(bytes) else { return nil }
    let written = JSONWriter.bytes(value)
    guard let again = try? JSONParser.parse(written) else {
      return "JSONWriter wrote what JSONParser refuses: \(String(decoding: written, as: UTF8.self))"
    }
    return again == value ? nil : "a parsed value changed when written and parsed again"
  }

  /// Catalogue decoding: the fast reader and the tree reader agree on every input, and every
  /// decoded item's JSON output parses.
  package static func catalogDecoding(_ bytes: [UInt8]) -> String? {
    let fast = Result { () throws(CatalogError) -> CatalogPage in
      try CatalogPage.decode(bytes: bytes)
    }
    let tree = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(CatalogError) -> CatalogPage in
        try CatalogPage.decodeTree(buffer: buffer)
      }
    }
    switch (fast, tree) {
    case (.success(let a), .success(let b)):
      if a != b { return "the fast and tree decoders read different pages" }
      for item in a.items where (try? JSONParser.parse(item.jsonBytes)) == nil {
        return "item \(item.id)'s JSON output does not parse"
      }
      return nil
    case (.failure(let a), .failure(let b)):
      return a == b ? nil : "the decoders fail differently: \(a) vs \(b)"
    default:
      return "one decoder accepts what the other refuses"
    }
  }
}
