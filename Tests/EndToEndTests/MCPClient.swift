import Foundation
import TestSupport

/// A client of a running `tunes mcp` over its real pipes: sends one line at a time, waits for the
/// answer to each request, and keeps the transcript (`→` sent, `←` received).
final class MCPClient: @unchecked Sendable {
  let running: ProcessRunner.Running
  private(set) var transcript = ""
  private var received = 0
  private var nextID = 1

  init(_ running: ProcessRunner.Running) {
    self.running = running
  }

  /// Starts `tunes mcp ARGUMENTS…` in the sandbox.
  convenience init(_ sandbox: Sandbox, _ arguments: String...) throws {
    try self.init(sandbox.runner.start(["mcp"] + arguments, standardInput: true))
  }

  /// The lines written to standard output so far.
  var outputLines: [String] {
    running.standardOutputSoFar.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      .map(String.init)
  }

  /// Sends a line that gets no answer (a notification).
  func notify(_ line: String) {
    transcript += "→ \(line)\n"
    running.write(line + "\n")
  }

  /// Sends a line that gets one answer and returns it, parsed (`nil` after 20 s without one).
  @discardableResult
  func exchange(_ line: String) async throws -> [String: Any] {
    transcript += "→ \(line)\n"
    running.write(line + "\n")
    let wanted = received + 1
    let arrived = await ProcessRunner.waitUntil(timeout: .seconds(20)) {
      outputLines.count >= wanted || running.hasExited
    }
    guard arrived, outputLines.count >= wanted else {
      throw Sandbox.Failure(
        "no answer to \(line)\nstdout: \(running.standardOutputSoFar)\n"
          + "stderr: \(running.standardErrorSoFar)")
    }
    let answer = outputLines[wanted - 1]
    received = wanted
    transcript += "← \(answer)\n"
    guard
      let object = try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any]
    else { throw Sandbox.Failure("not a JSON object: \(answer)") }
    return object
  }

  /// Sends a request with the next id.
  @discardableResult
  func request(_ method: String, _ params: String? = nil) async throws -> [String: Any] {
    let id = nextID
    nextID += 1
    let body = params.map { #","params":\#($0)"# } ?? ""
    return try await exchange(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)"\#(body)}"#)
  }

  /// Calls a tool and returns the `result` (throws when the answer is a JSON-RPC error).
  func call(_ tool: String, _ arguments: String = "{}") async throws -> [String: Any] {
    let answer = try await request(
      "tools/call", #"{"name":"\#(tool)","arguments":\#(arguments)}"#)
    guard let result = answer["result"] as? [String: Any] else {
      throw Sandbox.Failure("\(tool): not a result: \(answer)")
    }
    return result
  }

  /// The handshake: `initialize` with `version`, then `notifications/initialized`.
  @discardableResult
  func initialize(version: String = "2025-11-25") async throws -> [String: Any] {
    let answer = try await request(
      "initialize",
      #"{"protocolVersion":"\#(version)","capabilities":{},"clientInfo":{"name":"test","version":"1"}}"#
    )
    notify(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
    return answer
  }

  /// Ends the input and waits for the exit.
  func finish() async -> ProcessRunner.Result {
    running.closeStandardInput()
    return await running.result()
  }
}

extension [String: Any] {
  /// `structuredContent` of a tool result.
  var structured: [String: Any] { self["structuredContent"] as? [String: Any] ?? [:] }
  /// The text of a tool result's first content block.
  var text: String {
    ((self["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
  }
  var isError: Bool { self["isError"] as? Bool ?? false }
  /// The `error` member of a JSON-RPC answer.
  var rpcError: [String: Any]? { self["error"] as? [String: Any] }
}
