import ITunesCatalog

/// A JSON-RPC 2.0 error as the protocol sends it: a code, a sentence and optional data.
package struct RPCError: Error, Equatable, Sendable {
  package var code: Int
  package var message: String
  package var data: JSONValue?

  package init(code: Int, message: String, data: JSONValue? = nil) {
    self.code = code
    self.message = message
    self.data = data
  }

  /// The line was not JSON.
  package static func parse(_ reason: String) -> RPCError {
    RPCError(code: -32700, message: "Parse error: \(reason)")
  }
  /// The JSON was not a JSON-RPC 2.0 request.
  package static func invalidRequest(_ reason: String) -> RPCError {
    RPCError(code: -32600, message: "Invalid request: \(reason)")
  }
  /// No such method.
  package static func methodNotFound(_ method: String) -> RPCError {
    RPCError(
      code: -32601, message: "Method not found: \(method)",
      data: .object([("method", .string(method))]))
  }
  /// A parameter is missing, of the wrong type or out of range; `field` names it.
  package static func invalidParams(_ reason: String, field: String? = nil) -> RPCError {
    RPCError(
      code: -32602, message: "Invalid params: \(reason)",
      data: field.map { .object([("field", .string($0))]) })
  }
}

/// One line the client sent, read.
package enum RPCMessage: Equatable, Sendable {
  /// A request: it gets exactly one answer with its id.
  case request(id: JSONValue, method: String, params: JSONValue?)
  /// A notification: no answer.
  case notification(method: String, params: JSONValue?)
  /// An answer to a request of ours (tunes sends none; it is ignored).
  case response
  /// Not a message: answered with this error (and the id, when one could be read).
  case invalid(id: JSONValue, RPCError)
}

/// Reads one newline-delimited message: strict JSON (ITunesCatalog's parser), then the
/// JSON-RPC 2.0 envelope. Never throws and never traps, whatever the bytes (the fuzzer's target).
package enum RPCReader {
  package static func message(_ line: [UInt8]) -> RPCMessage {
    let value: JSONValue
    do {
      value = try JSONParser.parse(line)
    } catch {
      return .invalid(id: .null, .parse("\(error.reason) at byte \(error.offset)"))
    }
    guard case .object = value else {
      if case .array = value {
        return .invalid(id: .null, .invalidRequest("batches are not supported"))
      }
      return .invalid(id: .null, .invalidRequest("a message is a JSON object"))
    }
    let id = value["id"]
    let validID: JSONValue? = id.flatMap { id in
      switch id {
      case .string, .number: return id
      default: return nil
      }
    }
    guard value["jsonrpc"] == .string("2.0") else {
      return .invalid(id: validID ?? .null, .invalidRequest("\"jsonrpc\" must be \"2.0\""))
    }
    if id != nil, validID == nil {
      return .invalid(id: .null, .invalidRequest("\"id\" must be a string or a number"))
    }
    guard let methodValue = value["method"] else {
      if value["result"] != nil || value["error"] != nil, validID != nil { return .response }
      return .invalid(id: validID ?? .null, .invalidRequest("\"method\" is missing"))
    }
    guard case .string(let method) = methodValue else {
      return .invalid(id: validID ?? .null, .invalidRequest("\"method\" must be a string"))
    }
    let params = value["params"]
    if let params {
      switch params {
      case .object, .array: break
      default:
        return .invalid(
          id: validID ?? .null, .invalidRequest("\"params\" must be an object or an array"))
      }
    }
    guard let validID else { return .notification(method: method, params: params) }
    return .request(id: validID, method: method, params: params)
  }

  /// The answer to a request.
  package static func result(id: JSONValue, _ result: JSONValue) -> [UInt8] {
    line(.object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)]))
  }

  /// The error answer to a request (or to a line that was not one: `id` null).
  package static func error(id: JSONValue, _ error: RPCError) -> [UInt8] {
    var body: [(key: String, value: JSONValue)] = [
      ("code", .number(JSONNumber(text: String(error.code)))), ("message", .string(error.message)),
    ]
    if let data = error.data { body.append(("data", data)) }
    return line(.object([("jsonrpc", .string("2.0")), ("id", id), ("error", .object(body))]))
  }

  /// A notification of ours.
  package static func notification(method: String, params: JSONValue) -> [UInt8] {
    line(.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]))
  }

  /// One message on one line: JSONWriter escapes every control character, so the only newline
  /// is the one that ends it.
  static func line(_ value: JSONValue) -> [UInt8] {
    var out = JSONWriter.bytes(value)
    out.append(0x0A)
    return out
  }
}

/// Cuts a byte stream into lines (LF or CRLF), skipping empty ones; a line longer than
/// `maximumLength` is dropped whole and reported once, so one bad message cannot exhaust memory.
package struct LineFramer: Sendable {
  package static let defaultMaximumLength = 4 << 20
  package var maximumLength: Int
  private var pending: [UInt8] = []
  private var discarding = false

  package init(maximumLength: Int = LineFramer.defaultMaximumLength) {
    self.maximumLength = maximumLength
  }

  /// A piece of input in the stream.
  package enum Piece: Equatable, Sendable {
    case line([UInt8])
    case tooLong
  }

  /// The complete lines in `bytes` (with what came before), in order.
  package mutating func feed(_ bytes: [UInt8]) -> [Piece] {
    var pieces: [Piece] = []
    var start = 0
    while let newline = bytes[start...].firstIndex(of: 0x0A) {
      take(bytes[start..<newline], into: &pieces, ended: true)
      start = newline + 1
    }
    take(bytes[start...], into: &pieces, ended: false)
    return pieces
  }

  /// What is left when the input ends: a last line without its newline.
  package mutating func finish() -> [Piece] {
    var pieces: [Piece] = []
    take([][...], into: &pieces, ended: true)
    return pieces
  }

  private mutating func take(_ chunk: ArraySlice<UInt8>, into pieces: inout [Piece], ended: Bool) {
    if !discarding {
      pending.append(contentsOf: chunk)
      if pending.count > maximumLength {
        pending = []
        discarding = true
        pieces.append(.tooLong)
      }
    }
    guard ended else { return }
    if discarding {
      discarding = false
      return
    }
    var line = pending
    pending = []
    if line.last == 0x0D { line.removeLast() }
    if line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) {
      pieces.append(.line(line))
    }
  }
}
