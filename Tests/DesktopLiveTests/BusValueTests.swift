import CGio
import DesktopLive
import Testing

/// Values through real GVariants: built, printed by GLib (its own reading of the types), read back.
@Suite("D-Bus values")
struct BusValueTests {
  static let values: [(BusValue, String)] = [
    (.string("Upside Down"), "'Upside Down'"),
    (.objectPath("/org/tunes/track/1"), "objectpath '/org/tunes/track/1'"),
    (.bool(true), "true"),
    (.int32(-1), "-1"),
    (.uint32(41), "uint32 41"),
    (.int64(208_947_000), "int64 208947000"),
    (.double(0.5), "0.5"),
    (.strings(["Jack Johnson"]), "['Jack Johnson']"),
    (.strings([]), "@as []"),
    (
      .dictionary(["mpris:length": .int64(5), "xesam:artist": .strings(["A"])]),
      "{'mpris:length': <int64 5>, 'xesam:artist': <['A']>}"
    ),
    (.dictionary([:]), "@a{sv} {}"),
  ]

  @Test("each value has GLib's type and reads back the same", arguments: values)
  func roundTrip(value: BusValue, printed: String) throws {
    let variant = try #require(g_variant_ref_sink(value.makeVariant()))
    defer { g_variant_unref(variant) }
    let text = try #require(g_variant_print(variant, 1))
    defer { g_free(text) }
    #expect(String(cString: text) == printed)
    #expect(String(cString: g_variant_get_type_string(variant)) == value.typeString)
    #expect(BusValue(variant: variant) == value)
  }

  @Test("an invalid object path is sent as / rather than aborting GLib")
  func invalidObjectPath() throws {
    #expect(!BusValue.isObjectPath("/org/tunes/track/1-2"))
    let variant = try #require(g_variant_ref_sink(BusValue.objectPath("nope").makeVariant()))
    defer { g_variant_unref(variant) }
    #expect(BusValue(variant: variant) == .objectPath("/"))
  }

  @Test("a tuple's members read back in order")
  func tuple() throws {
    let tuple = try #require(g_variant_ref_sink(BusValue.tuple([.string("a"), .uint32(2)])))
    defer { g_variant_unref(tuple) }
    #expect(BusValue.members(ofTuple: tuple) == [.string("a"), .uint32(2)])
  }
}
