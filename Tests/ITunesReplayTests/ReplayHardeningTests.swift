import Foundation
import Glibc
import TestSupport
import Testing

@testable import ITunesReplay

@Suite("The replay server against idle clients and too many connections", .serialized)
struct ReplayHardeningTests {
  @Test("a connection that sends nothing is closed after the idle timeout")
  func idleTimeout() async throws {
    let server = try ReplayServer(directory: TestClient.ownReplay, log: ReplayServer.silentLog)
    server.idleTimeout = 0.2
    try server.start()
    defer { server.stop() }
    let idle = try RawConnection(port: server.port, receiveTimeout: 30)
    let (bytes, error) = idle.readToEnd()
    #expect(bytes.isEmpty)
    #expect(error == 0, "closed by the server, not by our own receive timeout")
    #expect(await TestClient.eventually { server.openConnectionCount == 0 })
  }

  @Test("at the connection limit new clients wait in the backlog and are served when one closes")
  func boundedPool() async throws {
    let server = try ReplayServer(directory: TestClient.ownReplay, log: ReplayServer.silentLog)
    server.maxConnections = 2
    try server.start()
    defer { server.stop() }
    var first: RawConnection? = try RawConnection(port: server.port)
    let second = try RawConnection(port: server.port)
    #expect(await TestClient.eventually { server.openConnectionCount == 2 })
    let third = try RawConnection(port: server.port)
    third.send("GET /nothing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    #expect(server.openConnectionCount == 2)
    first = nil
    #expect(first == nil)
    let answer = third.readResponse()
    #expect(answer.hasPrefix("HTTP/1.1 404"), "\(answer.prefix(80))")
    _ = second
  }
}
