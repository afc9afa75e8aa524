import ITunesCatalog
import Testing

@testable import TunesMCP

@Suite("Reading JSON-RPC messages")
struct RPCReaderTests {
  func read(_ text: String) -> RPCMessage { RPCReader.message(Array(text.utf8)) }

  @Test("a request keeps its id, method and params")
  func request() {
    #expect(
      read(#"{"jsonrpc":"2.0","id":7,"method":"tools/list","params":{}}"#)
        == .request(id: .number(JSONNumber(text: "7")), method: "tools/list", params: .object([])))
  }
}
