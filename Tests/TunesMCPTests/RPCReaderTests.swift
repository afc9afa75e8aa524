import ITunesCatalog
import Testing

@testable import TunesMCP

@Suite("Reading JSON-RPC messages")
struct RPCReaderTests {
  func read(_ text: String) -> RPCMessage { RPCReader.message(Array(text.utf8)) }

  func code(_ message: RPCMessage) -> Int? {
    guard case .invalid(_, let error) = message else { return nil }
    return error.code
  }

  @Test("a request keeps its id, method and params")
  func request() {
    #expect(
      read(#"{"jsonrpc":"2.0","id":7,"method":"tools/list","params":{}}"#)
        == .request(id: .number(JSONNumber(text: "7")), method: "tools/list", params: .object([])))
    #expect(
      read(#"{"jsonrpc":"2.0","id":"a","method":"ping"}"#)
        == .request(id: .string("a"), method: "ping", params: nil))
  }

  @Test("a message without an id is a notification; an answer to us is ignored")
  func notificationsAndResponses() {
    #expect(
      read(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
        == .notification(method: "notifications/initialized", params: nil))
    #expect(read(#"{"jsonrpc":"2.0","id":1,"result":{}}"#) == .response)
  }

  @Test("what is not JSON is -32700 with a null id; what is not JSON-RPC is -32600")
  func invalid() {
    #expect(code(read("{")) == -32700)
    #expect(code(read("\u{FF}")) == -32700)
    #expect(code(read("[1")) == -32700)
    #expect(code(read(#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#)) == -32600)
    #expect(code(read("42")) == -32600)
    #expect(code(read(#"{"id":1,"method":"ping"}"#)) == -32600)
    #expect(code(read(#"{"jsonrpc":"1.0","id":1,"method":"ping"}"#)) == -32600)
    #expect(code(read(#"{"jsonrpc":"2.0","id":true,"method":"ping"}"#)) == -32600)
    #expect(code(read(#"{"jsonrpc":"2.0","id":1,"method":3}"#)) == -32600)
    #expect(code(read(#"{"jsonrpc":"2.0","id":1,"method":"x","params":"p"}"#)) == -32600)
    #expect(code(read(#"{"jsonrpc":"2.0","id":1}"#)) == -32600)
  }

  @Test("an invalid request keeps its id when it has a usable one")
  func keepsID() {
    guard case .invalid(let id, _) = read(#"{"jsonrpc":"2.0","id":9,"method":1}"#) else {
      Issue.record("not invalid")
      return
    }
    #expect(id == .number(JSONNumber(text: "9")))
  }

  @Test("answers are one line each, control characters escaped")
  func answers() {
    let line = RPCReader.result(id: .number(JSONNumber(text: "1")), .string("a\nb"))
    #expect(line.last == 0x0A)
    #expect(line.dropLast().contains(0x0A) == false)
    #expect(
      String(decoding: RPCReader.error(id: .null, .methodNotFound("x")), as: UTF8.self)
        == #"{"jsonrpc":"2.0","id":null,"error":{"code":-32601,"message":"Method not found: x","data":{"method":"x"}}}"#
        + "\n")
  }
}

@Suite("Framing lines")
struct LineFramerTests {
  func lines(_ pieces: [LineFramer.Piece]) -> [String] {
    pieces.compactMap {
      if case .line(let bytes) = $0 { return String(decoding: bytes, as: UTF8.self) }
      return nil
    }
  }

  @Test("lines split across reads, CRLF and blank lines")
  func splits() {
    var framer = LineFramer()
    #expect(lines(framer.feed(Array("ab".utf8))) == [])
    #expect(lines(framer.feed(Array("c\r\n\n  \nd".utf8))) == ["abc"])
    #expect(lines(framer.feed(Array("e\nf".utf8))) == ["de"])
    #expect(lines(framer.finish()) == ["f"])
    #expect(framer.finish() == [])
  }

  @Test("a line longer than the bound is dropped whole, once, and the next one is read")
  func tooLong() {
    var framer = LineFramer(maximumLength: 8)
    #expect(framer.feed(Array("0123456".utf8)) == [])
    #expect(framer.feed(Array("789".utf8)) == [.tooLong])
    #expect(framer.feed(Array("more and more".utf8)) == [])
    #expect(lines(framer.feed(Array("tail\nok\n".utf8))) == ["ok"])
  }
}
