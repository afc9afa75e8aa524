/// The replay server's request handling without a socket, for `make fuzz`: the bytes are read as
/// the connection reader would read them (in chunks), each request head is parsed, its target
/// made canonical and matched, and its `Range` header resolved.
package enum ReplayFuzzing {
  /// Handles `bytes` as one connection's input, delivered in chunks of `chunk` bytes; returns how
  /// many requests were read.
  @discardableResult
  package static func handle(_ bytes: [UInt8], chunk: Int) -> Int {
    var offset = 0
    let size = max(1, chunk)
    var reader = ConnectionReader(receive: {
      guard offset < bytes.count else { return nil }
      let end = min(bytes.count, offset + size)
      defer { offset = end }
      return Array(bytes[offset..<end])
    })
    let table = RouteTable()
    var count = 0
    while case .request(let request) = reader.next() {
      count += 1
      let key = ReplayRequestKey(target: request.target)
      _ = key.description
      _ = table.response(for: key)
      _ = ByteRange.resolve(header: request.headers["range"], size: request.contentLength & 0xFFFF)
      _ = request.wantsClose
      if count > 1000 { break }
    }
    return count
  }
}
