import CGio

/// A `BusInterface` registered on a connection: GDBus's C callbacks find it through their
/// `user_data` pointer (one retained reference, released when GDBus unregisters the object) and
/// hand each call, read and write to the interface's handlers, on the bus thread.
final class ExportedInterface: Sendable {
  let interface: BusInterface
  private let methods: [String: BusMethod]
  private let properties: [String: BusProperty]

  init(_ interface: BusInterface) {
    self.interface = interface
    methods = Dictionary(interface.methods.map { ($0.name, $0) }) { first, _ in first }
    properties = Dictionary(interface.properties.map { ($0.name, $0) }) { first, _ in first }
  }

  /// The one table of C callbacks, shared by every registration (GDBus reads it at
  /// registration; it lives as long as the process).
  nonisolated(unsafe) static let vtable: UnsafeMutablePointer<GDBusInterfaceVTable> = {
    let table = UnsafeMutablePointer<GDBusInterfaceVTable>.allocate(capacity: 1)
    table.initialize(
      to: GDBusInterfaceVTable(
        method_call: { _, _, _, _, method, parameters, invocation, raw in
          guard let raw, let method, let invocation else { return }
          Unmanaged<ExportedInterface>.fromOpaque(raw).takeUnretainedValue()
            .call(String(cString: method), parameters: parameters, invocation: invocation)
        },
        get_property: { _, _, _, _, property, error, raw in
          guard let raw, let property else { return nil }
          return Unmanaged<ExportedInterface>.fromOpaque(raw).takeUnretainedValue()
            .read(String(cString: property), error: error)
        },
        set_property: { _, _, _, _, property, value, error, raw in
          guard let raw, let property, let value else { return 0 }
          return Unmanaged<ExportedInterface>.fromOpaque(raw).takeUnretainedValue()
            .write(String(cString: property), value: value, error: error) ? 1 : 0
        },
        padding: (nil, nil, nil, nil, nil, nil, nil, nil)))
    return table
  }()

  private func call(_ name: String, parameters: OpaquePointer?, invocation: OpaquePointer) {
    guard let method = methods[name] else {
      return g_dbus_method_invocation_return_dbus_error(
        invocation, "org.freedesktop.DBus.Error.UnknownMethod",
        "\(interface.name) has no method \(name)")
    }
    switch method.handler(BusValue.members(ofTuple: parameters)) {
    case .success(let values):
      g_dbus_method_invocation_return_value(
        invocation, values.isEmpty ? nil : BusValue.tuple(values))
    case .failure(let error):
      g_dbus_method_invocation_return_dbus_error(invocation, error.name, error.message)
    }
  }

  private func read(
    _ name: String, error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?
  ) -> OpaquePointer? {
    guard let property = properties[name] else {
      error?.pointee = Self.error(
        .invalidArguments("\(interface.name) has no property \(name)"))
      return nil
    }
    return property.get().makeVariant()
  }

  private func write(
    _ name: String, value: OpaquePointer,
    error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?
  ) -> Bool {
    guard let property = properties[name], let set = property.set else {
      error?.pointee = Self.error(
        BusError(
          name: "org.freedesktop.DBus.Error.PropertyReadOnly",
          message: "\(interface.name).\(name) cannot be written"))
      return false
    }
    let given = BusValue(variant: value)
    guard given.typeString == property.type else {
      error?.pointee = Self.error(
        .invalidArguments("\(name) takes '\(property.type)', not '\(given.typeString)'"))
      return false
    }
    switch set(given) {
    case .success: return true
    case .failure(let failure):
      error?.pointee = Self.error(failure)
      return false
    }
  }

  private static func error(_ error: BusError) -> UnsafeMutablePointer<GError>? {
    g_dbus_error_new_for_dbus_error(error.name, error.message)
  }
}
