import ITunesCatalog

/// One conversation with a client, one message at a time, in the order they came. The server
/// speaks both eras of the protocol (a "dual-era" server in the specification's words):
///
/// - **Modern** (`2026-07-28`): no handshake; every request names its revision and the client's
///   capabilities in `params._meta` (`io.modelcontextprotocol/protocolVersion`,
///   `…/clientCapabilities`), `server/discover` says which revisions are spoken, every result
///   carries `resultType` and the server's identity in its `_meta`, and `tools/list` says how
///   long it may be cached (`ttlMs`, `cacheScope`).
/// - **Legacy** (`2025-11-25`, `2025-06-18`): `initialize` agrees on a revision first.
package struct MCPSession: Sendable {
  /// The stateless revisions spoken, newest first (requests carry one in `_meta`).
  package static let modernVersions = ["2026-07-28"]
  /// The handshake revisions spoken, newest first. An `initialize` asking for another (a
  /// modern one included: those have no handshake) gets the newest of these.
  package static let legacyVersions = ["2025-11-25", "2025-06-18"]
  /// Every revision spoken, newest first.
  package static let supportedVersions = modernVersions + legacyVersions

  /// The `_meta` keys of a modern request and result.
  static let versionKey = "io.modelcontextprotocol/protocolVersion"
  static let capabilitiesKey = "io.modelcontextprotocol/clientCapabilities"
  static let serverInfoKey = "io.modelcontextprotocol/serverInfo"
  /// How long a client may keep `tools/list` and `server/discover` (the tools change only with
  /// tunes itself): an hour.
  static let listTTLMilliseconds = 3_600_000

  package var services: MCPServices
  /// `serverInfo.version`: tunes' version line.
  package var serverVersion: String
  /// The revision agreed on in `initialize`, once it was.
  package private(set) var negotiatedVersion: String?

  package init(services: MCPServices, serverVersion: String) {
    self.services = services
    self.serverVersion = serverVersion
  }

  /// Handles one line; returns the line to answer with, if any (notifications and answers to
  /// requests of ours get none).
  package mutating func handle(line: [UInt8]) async -> [UInt8]? {
    switch RPCReader.message(line) {
    case .invalid(let id, let error):
      return RPCReader.error(id: id, error)
    case .response, .notification:
      // `notifications/initialized`, `notifications/cancelled` (requests run one at a time and
      // answer in order, so there is nothing to cancel) and any other: nothing to say.
      return nil
    case .request(let id, let method, let params):
      do {
        guard let version = try Self.modernVersion(method: method, params) else {
          return RPCReader.result(id: id, try await answer(method, params))
        }
        return RPCReader.result(id: id, try await modern(method, params, version: version))
      } catch {
        return RPCReader.error(id: id, error)
      }
    }
  }

  /// The revision a modern request names in `params._meta`, or `nil` for a legacy request
  /// (no such key; `initialize` always is one). A revision not spoken is
  /// `UnsupportedProtocolVersionError` (-32022) listing the ones that are.
  static func modernVersion(method: String, _ params: JSONValue?) throws(RPCError) -> String? {
    guard method != "initialize", let meta = params?["_meta"], let asked = meta[versionKey]
    else {
      // `server/discover` is how a client probes the era: it answers without `_meta` too.
      return method == "server/discover" ? modernVersions[0] : nil
    }
    guard case .string(let version) = asked else {
      throw .invalidParams("\"\(versionKey)\" must be a string", field: "_meta.\(versionKey)")
    }
    guard modernVersions.contains(version) else {
      throw RPCError(
        code: -32022, message: "Unsupported protocol version",
        data: .object([
          ("supported", .array(modernVersions.map { .string($0) })),
          ("requested", .string(version)),
        ]))
    }
    guard method == "server/discover" || meta[capabilitiesKey] != nil else {
      throw .invalidParams(
        "a request of \(version) names the client's capabilities in _meta (an empty object "
          + "for none)", field: "_meta.\(capabilitiesKey)")
    }
    return version
  }

  /// A modern request: the same answers, with what the revision adds to every result.
  private mutating func modern(_ method: String, _ params: JSONValue?, version: String)
    async throws(RPCError) -> JSONValue
  {
    var extra: [(key: String, value: JSONValue)] = [("resultType", .string("complete"))]
    let result: JSONValue
    switch method {
    case "server/discover":
      result = .object([
        ("supportedVersions", .array(Self.supportedVersions.map { .string($0) })),
        ("capabilities", capabilities), ("instructions", .string(Self.instructions)),
      ])
      extra += cacheable
    case "ping", "initialize":
      // Gone from the modern revision (`ping`), or never in it (`initialize`).
      throw .methodNotFound(method)
    case "tools/list":
      result = try await answer(method, params)
      extra += cacheable
    default:
      result = try await answer(method, params)
    }
    guard case .object(var members) = result else { return result }
    members.removeAll { $0.key == "_meta" || $0.key == "resultType" }
    return .object(
      members + extra + [("_meta", .object([(Self.serverInfoKey, serverInfo)]))])
  }

  /// `ttlMs` and `cacheScope` of a result a client may keep.
  private var cacheable: [(key: String, value: JSONValue)] {
    [
      ("ttlMs", .number(JSONNumber(text: String(Self.listTTLMilliseconds)))),
      ("cacheScope", .string("public")),
    ]
  }

  /// What the server offers: tools, whose list never changes while it runs.
  private var capabilities: JSONValue {
    .object([("tools", .object([("listChanged", .bool(false))]))])
  }

  /// The server's name and version.
  private var serverInfo: JSONValue {
    .object([
      ("name", .string("tunes")), ("title", .string("tunes: Apple's catalogue")),
      ("version", .string(serverVersion)),
    ])
  }

  static let instructions =
    "Apple's public iTunes catalogue: search, look items up by id, charts, genres, and "
    + "the user's tunes favourites and recent searches. Items are tunes' JSON shape; "
    + "ids are iTunes ids. Apple allows about 20 requests a minute: a throttled call "
    + "says how long to wait (retryAfterSeconds)."

  private mutating func answer(_ method: String, _ params: JSONValue?) async throws(RPCError)
    -> JSONValue
  {
    switch method {
    case "initialize":
      return try initialize(params)
    case "ping":
      return .object([])
    case "tools/list":
      return .object([("tools", .array(Tools.all.map(\.listing)))])
    case "tools/call":
      guard case .object = params ?? .null else {
        throw .invalidParams("tools/call needs params with a tool \"name\"", field: "name")
      }
      guard case .string(let name)? = params?["name"] else {
        throw .invalidParams("\"name\" must be a tool's name", field: "name")
      }
      guard let tool = Tools.named(name) else {
        throw .invalidParams(
          "unknown tool \"\(name)\"; tools: " + Tools.all.map(\.name).joined(separator: ", "),
          field: "name")
      }
      return try await tool.call(params?["arguments"], services: services).jsonValue
    default:
      throw .methodNotFound(method)
    }
  }

  private mutating func initialize(_ params: JSONValue?) throws(RPCError) -> JSONValue {
    guard case .string(let asked)? = params?["protocolVersion"] else {
      throw .invalidParams("\"protocolVersion\" must be a string", field: "protocolVersion")
    }
    let version = Self.legacyVersions.contains(asked) ? asked : Self.legacyVersions[0]
    negotiatedVersion = version
    return .object([
      ("protocolVersion", .string(version)), ("capabilities", capabilities),
      ("serverInfo", serverInfo), ("instructions", .string(Self.instructions)),
    ])
  }
}
