import CGio

/// A D-Bus value as Swift sees it: the few types MPRIS and the notification service use.
///
/// `makeVariant()` builds the GVariant (a floating reference, which the GDBus call it is handed to
/// takes over), and `init(variant:)` reads one back, so the C API's variadic constructors
/// (`g_variant_new("(sa{sv}as)", …)`, which Swift cannot call) are never needed.
package enum BusValue: Equatable, Sendable {
  /// `s`: a UTF-8 string.
  case string(String)
  /// `o`: an object path such as `/org/tunes/track/1`; an invalid path is sent as `/`.
  case objectPath(String)
  /// `b`: a boolean.
  case bool(Bool)
  /// `i`: a signed 32-bit integer.
  case int32(Int32)
  /// `u`: an unsigned 32-bit integer.
  case uint32(UInt32)
  /// `x`: a signed 64-bit integer.
  case int64(Int64)
  /// `d`: a double.
  case double(Double)
  /// `as`: a list of strings.
  case strings([String])
  /// `a{sv}`: a dictionary of variants by name (the order on the wire is the keys' sort order).
  case dictionary([String: BusValue])
  /// A value of a type this layer does not read, with its D-Bus type string.
  case unsupported(String)

  /// The value's D-Bus type string (`"s"`, `"a{sv}"` …).
  package var typeString: String {
    switch self {
    case .string: "s"
    case .objectPath: "o"
    case .bool: "b"
    case .int32: "i"
    case .uint32: "u"
    case .int64: "x"
    case .double: "d"
    case .strings: "as"
    case .dictionary: "a{sv}"
    case .unsupported(let type): type
    }
  }

  /// A new floating GVariant holding the value; an `.unsupported` value becomes an empty string.
  package func makeVariant() -> OpaquePointer {
    switch self {
    case .string(let text): Self.string(text)
    case .objectPath(let path):
      Self.isObjectPath(path)
        ? path.withCString { g_variant_new_object_path($0) } : g_variant_new_object_path("/")
    case .bool(let value): g_variant_new_boolean(value ? 1 : 0)
    case .int32(let value): g_variant_new_int32(value)
    case .uint32(let value): g_variant_new_uint32(value)
    case .int64(let value): g_variant_new_int64(Int(value))
    case .double(let value): g_variant_new_double(value)
    case .strings(let list): Self.array(of: "s", list.map(Self.string))
    case .dictionary(let entries):
      Self.array(
        of: "{sv}",
        entries.sorted { $0.key < $1.key }.map { key, value in
          g_variant_new_dict_entry(Self.string(key), g_variant_new_variant(value.makeVariant()))
        })
    case .unsupported: Self.string("")
    }
  }

  /// Reads `variant` (not consumed); a `v` is unwrapped, a type not listed above is
  /// `.unsupported` with its type string.
  package init(variant: OpaquePointer) {
    let type = String(cString: g_variant_get_type_string(variant))
    switch type {
    case "s": self = .string(Self.text(of: variant))
    case "o": self = .objectPath(Self.text(of: variant))
    case "b": self = .bool(g_variant_get_boolean(variant) != 0)
    case "i": self = .int32(g_variant_get_int32(variant))
    case "u": self = .uint32(g_variant_get_uint32(variant))
    case "x": self = .int64(Int64(g_variant_get_int64(variant)))
    case "d": self = .double(g_variant_get_double(variant))
    case "v":
      let inner = g_variant_get_variant(variant)
      defer { g_variant_unref(inner) }
      self = inner.map(BusValue.init(variant:)) ?? .unsupported(type)
    case "as":
      var list: [String] = []
      Self.forEachChild(of: variant) { list.append(Self.text(of: $0)) }
      self = .strings(list)
    case "a{sv}":
      var entries: [String: BusValue] = [:]
      Self.forEachChild(of: variant) { entry in
        guard let key = g_variant_get_child_value(entry, 0),
          let value = g_variant_get_child_value(entry, 1)
        else { return }
        defer {
          g_variant_unref(key)
          g_variant_unref(value)
        }
        entries[Self.text(of: key)] = BusValue(variant: value)
      }
      self = .dictionary(entries)
    default: self = .unsupported(type)
    }
  }

  /// Whether `path` is a valid D-Bus object path (`/`, or `/`-separated `[A-Za-z0-9_]+`).
  package static func isObjectPath(_ path: String) -> Bool {
    path.withCString { g_variant_is_object_path($0) != 0 }
  }

  /// A tuple's members (a method's arguments or a reply), read as values.
  package static func members(ofTuple tuple: OpaquePointer?) -> [BusValue] {
    guard let tuple else { return [] }
    var values: [BusValue] = []
    forEachChild(of: tuple) { values.append(BusValue(variant: $0)) }
    return values
  }

  /// A new floating tuple of `values` (a method's arguments, a signal's or a reply's).
  package static func tuple(_ values: [BusValue]) -> OpaquePointer {
    var children: [OpaquePointer?] = values.map { $0.makeVariant() }
    return children.withUnsafeMutableBufferPointer {
      g_variant_new_tuple($0.baseAddress, UInt($0.count))
    }
  }

  /// GVariant strings must be valid UTF-8 without NUL; Swift's are UTF-8, and `withCString`
  /// ends the text at a NUL.
  private static func string(_ text: String) -> OpaquePointer {
    text.withCString { g_variant_new_string($0) }
  }

  private static func array(of childType: String, _ children: [OpaquePointer]) -> OpaquePointer {
    let type = g_variant_type_new(childType)
    defer { g_variant_type_free(type) }
    var list: [OpaquePointer?] = children
    return list.withUnsafeMutableBufferPointer {
      g_variant_new_array(type, $0.baseAddress, UInt($0.count))
    }
  }

  private static func text(of variant: OpaquePointer) -> String {
    guard let characters = g_variant_get_string(variant, nil) else { return "" }
    return String(cString: characters)
  }

  private static func forEachChild(of container: OpaquePointer, _ body: (OpaquePointer) -> Void) {
    for index in 0..<g_variant_n_children(container) {
      guard let child = g_variant_get_child_value(container, index) else { continue }
      body(child)
      g_variant_unref(child)
    }
  }
}
