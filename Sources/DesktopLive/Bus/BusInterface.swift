/// One D-Bus interface an object exports: its methods, properties and signals, each with what
/// answers it. The introspection XML GDBus needs is made from the same list
/// (`introspectionXML`), so what is declared and what is answered cannot drift apart.
///
/// Handlers run on the bus thread, one call at a time.
package struct BusInterface: Sendable {
  /// The interface's name, e.g. `org.mpris.MediaPlayer2.Player`.
  package var name: String
  /// The methods, answered in `BusConnection`'s C callbacks by name.
  package var methods: [BusMethod]
  /// The properties, read (and written) through `org.freedesktop.DBus.Properties`.
  package var properties: [BusProperty]
  /// The signals the interface may emit (declared for introspection; emitted by
  /// `BusConnection.emit`).
  package var signals: [BusSignal]

  /// Describes an interface.
  package init(
    name: String, methods: [BusMethod] = [], properties: [BusProperty] = [],
    signals: [BusSignal] = []
  ) {
    self.name = name
    self.methods = methods
    self.properties = properties
    self.signals = signals
  }

  /// The `<interface>` element of the introspection XML.
  package var introspectionXML: String {
    var xml = "<interface name=\"\(name)\">"
    for method in methods {
      xml += "<method name=\"\(method.name)\">"
      for argument in method.arguments {
        xml += "<arg name=\"\(argument.name)\" type=\"\(argument.type)\" direction=\"in\"/>"
      }
      for result in method.results {
        xml += "<arg name=\"\(result.name)\" type=\"\(result.type)\" direction=\"out\"/>"
      }
      xml += "</method>"
    }
    for property in properties {
      let access = property.set == nil ? "read" : "readwrite"
      xml += "<property name=\"\(property.name)\" type=\"\(property.type)\" access=\"\(access)\">"
      if !property.emitsChangedSignal {
        xml +=
          "<annotation name=\"org.freedesktop.DBus.Property.EmitsChangedSignal\" value=\"false\"/>"
      }
      xml += "</property>"
    }
    for signal in signals {
      xml += "<signal name=\"\(signal.name)\">"
      for argument in signal.arguments {
        xml += "<arg name=\"\(argument.name)\" type=\"\(argument.type)\"/>"
      }
      xml += "</signal>"
    }
    return xml + "</interface>"
  }
}

/// A method's or signal's argument: its name (for introspection) and D-Bus type string.
package struct BusArgument: Sendable, Equatable {
  /// The argument's name, e.g. `Offset`.
  package var name: String
  /// Its D-Bus type string, e.g. `x`.
  package var type: String

  /// Describes an argument.
  package init(_ name: String, _ type: String) {
    self.name = name
    self.type = type
  }
}

/// A method: its signature and the handler that answers a call.
package struct BusMethod: Sendable {
  /// The method's name, e.g. `PlayPause`.
  package var name: String
  /// The arguments it takes (GDBus refuses a call whose arguments do not match).
  package var arguments: [BusArgument]
  /// The values it answers with.
  package var results: [BusArgument]
  /// Answers a call with the reply's values (matching `results`) or a D-Bus error.
  package var handler: @Sendable ([BusValue]) -> Result<[BusValue], BusError>

  /// Describes a method.
  package init(
    _ name: String, arguments: [BusArgument] = [], results: [BusArgument] = [],
    handler: @escaping @Sendable ([BusValue]) -> Result<[BusValue], BusError>
  ) {
    self.name = name
    self.arguments = arguments
    self.results = results
    self.handler = handler
  }
}

/// A property: its type, how it is read, and, when writable, how a write is taken.
package struct BusProperty: Sendable {
  /// The property's name, e.g. `Volume`.
  package var name: String
  /// Its D-Bus type string.
  package var type: String
  /// Whether a change is announced with `PropertiesChanged` (introspection says so when not).
  package var emitsChangedSignal: Bool
  /// Reads the current value.
  package var get: @Sendable () -> BusValue
  /// Takes a write (`nil`: read-only; GDBus then refuses writes itself).
  package var set: (@Sendable (BusValue) -> Result<Void, BusError>)?

  /// Describes a property.
  package init(
    _ name: String, type: String, emitsChangedSignal: Bool = true,
    get: @escaping @Sendable () -> BusValue,
    set: (@Sendable (BusValue) -> Result<Void, BusError>)? = nil
  ) {
    self.name = name
    self.type = type
    self.emitsChangedSignal = emitsChangedSignal
    self.get = get
    self.set = set
  }
}

/// A signal's declaration.
package struct BusSignal: Sendable {
  /// The signal's name, e.g. `Seeked`.
  package var name: String
  /// Its arguments.
  package var arguments: [BusArgument]

  /// Declares a signal.
  package init(_ name: String, arguments: [BusArgument] = []) {
    self.name = name
    self.arguments = arguments
  }
}

/// A D-Bus error: its name (`org.freedesktop.DBus.Error.InvalidArgs` …) and message.
package struct BusError: Error, Equatable, Sendable {
  /// The error's D-Bus name.
  package var name: String
  /// The human-readable message sent with it.
  package var message: String

  /// Makes an error.
  package init(name: String, message: String) {
    self.name = name
    self.message = message
  }

  /// `org.freedesktop.DBus.Error.InvalidArgs` with `message`.
  package static func invalidArguments(_ message: String) -> BusError {
    BusError(name: "org.freedesktop.DBus.Error.InvalidArgs", message: message)
  }

  /// `org.freedesktop.DBus.Error.NotSupported` with `message`.
  package static func notSupported(_ message: String) -> BusError {
    BusError(name: "org.freedesktop.DBus.Error.NotSupported", message: message)
  }
}
