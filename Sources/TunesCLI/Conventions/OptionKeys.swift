import ITunesCatalog

/// An option that takes a value, declared once: its name, how its value is shown in the help,
/// the values it accepts, and how the text becomes a typed value. Commands list it with
/// ``option(help:)`` and read it with `parsed(key)`, so a name is never spelled twice.
struct OptionKey<Value>: Sendable {
  /// The long name, without `--`.
  let name: String
  /// The value's name in the help: `CC`, `N`, `SECONDS`.
  let valueName: String
  /// The accepted values (the parser checks them and suggests the nearest); empty: any text.
  let values: [String]
  /// The text given, as the typed value; throws a usage error naming the option.
  let convert: @Sendable (String) throws(CLIError) -> Value

  /// The declaration for a command's parser, with this command's help text.
  func option(help: String) -> ArgumentParser.Option {
    .value(name, valueName, values: values, help: help)
  }
}

/// An option without a value, declared once.
struct FlagKey: Sendable {
  /// The long name, without `--`.
  let name: String
  /// The one-letter form (`-h`), if any.
  var short: Character? = nil

  /// The declaration for a command's parser, with this command's help text; `short: false`
  /// leaves the one-letter form out where it means something else (`-q` before a command).
  func option(help: String, short withShort: Bool = true) -> ArgumentParser.Option {
    .flag(name, short: withShort ? short : nil, help: help)
  }
}

extension OptionKey where Value == String {
  /// Any text, as given (reading it cannot fail, so it needs no `try`).
  static func text(_ name: String, _ valueName: String, values: [String] = []) -> Self {
    OptionKey(name: name, valueName: valueName, values: values) { $0 }
  }
}

extension OptionKey where Value == Int {
  /// A whole number.
  static func number(_ name: String, _ valueName: String = "N") -> Self {
    OptionKey(name: name, valueName: valueName, values: []) { (text) throws(CLIError) in
      guard let value = Int(text) else {
        throw .usage("--\(name) needs a whole number, not \"\(text)\".", command: "")
      }
      return value
    }
  }
}

extension OptionKey
where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
  /// One of an enumeration's raw values (the parser has already checked the text).
  static func choice(_ name: String, _ valueName: String) -> Self {
    OptionKey(name: name, valueName: valueName, values: Value.allCases.map(\.rawValue)) {
      (text) throws(CLIError) in
      guard let value = Value(rawValue: text) else {
        throw .usage("\"\(text)\" is not a valid value for --\(name).", command: "")
      }
      return value
    }
  }
}

extension ArgumentParser.Parsed {
  /// The typed value of `key`, or `nil` when it was not given.
  /// - Throws: a usage error when the text is not a value of the option's type.
  func callAsFunction<Value>(_ key: OptionKey<Value>) throws(CLIError) -> Value? {
    guard let text = values[key.name] else { return nil }
    return try key.convert(text)
  }

  /// The text of a text option (``OptionKey/text(_:_:values:)``: it never fails to convert),
  /// or `nil` when it was not given.
  func callAsFunction(_ key: OptionKey<String>) -> String? {
    values[key.name]
  }

  /// Whether the flag was given.
  func callAsFunction(_ key: FlagKey) -> Bool {
    flags.contains(key.name)
  }
}

/// Every option of the command line, by meaning; commands list the ones they take.
enum Options {
  static let help = FlagKey(name: "help", short: "h")
  static let quiet = FlagKey(name: "quiet", short: "q")
  static let version = FlagKey(name: "version", short: "V")
  static let failEmpty = FlagKey(name: "fail-empty")
  static let noHistory = FlagKey(name: "no-history")
  static let offline = FlagKey(name: "offline")
  static let noCache = FlagKey(name: "no-cache")
  static let demo = FlagKey(name: "demo")
  static let clear = FlagKey(name: "clear")
  static let yes = FlagKey(name: "yes", short: "y")

  static let country = OptionKey.text("country", "CC")
  static let media = OptionKey<Media>.choice("media", "M")
  static let entity = OptionKey.text("entity", "E")
  static let attribute = OptionKey.text("attribute", "A")
  static let language = OptionKey<SearchQuery.Language>.choice("lang", "L")
  static let explicit = OptionKey<Bool>(
    name: "explicit", valueName: "yes|no", values: ["yes", "no"]
  ) {
    $0 == "yes"
  }
  static let limit = OptionKey.number("limit")
  static let offset = OptionKey.number("offset")
  static let sort = OptionKey<LookupQuery.Sort>.choice("sort", "S")
  static let format = OptionKey<OutputFormat>(
    name: "format", valueName: "F", values: OutputFormat.names
  ) { (text) throws(CLIError) in
    guard let format = OutputFormat(rawValue: text) else {
      throw .usage("\"\(text)\" is not a valid value for --format.", command: "")
    }
    return format
  }
  static let idsFrom = OptionKey.text("ids-from", "FILE")
  static let apiBase = OptionKey.text("api-base", "URL")
  static let timeout = OptionKey.text("timeout", "SECONDS")
  static let wait = OptionKey.text("wait", "SECONDS")
  static let video = OptionKey.text("video", "MODE")
  static let images = OptionKey.text("images", "MODE")
  static let genre = OptionKey.number("genre", "ID")
  static let depth = OptionKey.number("depth")
  static let bundleID = OptionKey.text("bundle-id", "B")
  static let upc = OptionKey.text("upc", "U")
  static let isbn = OptionKey.text("isbn", "I")
  static let amgArtistID = OptionKey.text("amg-artist-id", "A")
  static let amgAlbumID = OptionKey.text("amg-album-id", "A")
  static let match = OptionKey.text("match", "TEXT")
  static let remove = OptionKey.text("remove", "QUERY")
  static let port = OptionKey.text("port", "N")
  static let fault = OptionKey.text("fault", "SPEC")
  static let randomFaults = OptionKey.text("random-faults", "SEED")
  static let faultRate = OptionKey.text("fault-rate", "FRACTION")
  static let rateLimit = OptionKey.text("rate-limit", "N")
  static let catalog = FlagKey(name: "catalog")
  static let countries = OptionKey.text("countries", "LIST")
  static let fresh = FlagKey(name: "fresh")
  static let includeCreators = FlagKey(name: "include-creators-of-favourites")
}
