import Foundation

extension ReplayServer {
  /// Starts a server on `directories`, runs `body` with it, and stops it however `body` ends.
  ///
  /// ```swift
  /// let data = try await ReplayServer.withRunning(directories: [Fixtures.sharedITunes]) { server in
  ///   try await client.search(baseURL: server.baseURL, term: "jack johnson")
  /// }
  /// ```
  /// - Throws: what loading, `start()` or `body` throws.
  package static func withRunning<T>(
    directories: [URL], log: @escaping LogSink = ReplayServer.silentLog,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (ReplayServer) async throws -> T
  ) async throws -> T {
    let server = try ReplayServer(directories: directories, log: log)
    try server.start()
    do {
      let result = try await body(server)
      server.stop()
      return result
    } catch {
      server.stop()
      throw error
    }
  }
}
