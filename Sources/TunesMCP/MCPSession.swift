import ITunesCatalog

/// One conversation with a client: the handshake, then `tools/list` and `tools/call`, one message
/// at a time, in the order they came.
package struct MCPSession: Sendable {
  /// The protocol revisions spoken, newest first. A client asking for another gets the newest.
  package static let supportedVersions = ["2025-11-25", "2025-06-18"]

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
        return RPCReader.result(id: id, try await answer(method, params))
      } catch {
        return RPCReader.error(id: id, error)
      }
    }
  }

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
    let version = Self.supportedVersions.contains(asked) ? asked : Self.supportedVersions[0]
    negotiatedVersion = version
    return .object([
      ("protocolVersion", .string(version)),
      ("capabilities", .object([("tools", .object([("listChanged", .bool(false))]))])),
      (
        "serverInfo",
        .object([
          ("name", .string("tunes")), ("title", .string("tunes: Apple's catalogue")),
          ("version", .string(serverVersion)),
        ])
      ),
      (
        "instructions",
        .string(
          "Apple's public iTunes catalogue: search, look items up by id, charts, genres, and "
            + "the user's tunes favourites and recent searches. Items are tunes' JSON shape; "
            + "ids are iTunes ids. Apple allows about 20 requests a minute: a throttled call "
            + "says how long to wait (retryAfterSeconds).")
      ),
    ])
  }
}
