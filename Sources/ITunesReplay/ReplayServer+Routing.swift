import Foundation

extension ReplayServer {
  /// The normal answer to a request: a recording, a file, or a 404/405/403 explaining why not.
  func answer(for request: HTTPRequest, key: ReplayRequestKey) -> ReplayResponse {
    guard request.method == "GET" || request.method == "HEAD" else {
      return ReplayResponse(
        status: 405,
        body: HTTPWire.errorBody("replay: only GET and HEAD are served, not \(request.method)"),
        headers: ["Allow": "GET, HEAD"])
    }
    let table = locked { routes }
    if key.path.hasPrefix(RouteTable.filesPrefix) {
      let name = String(key.path.dropFirst(RouteTable.filesPrefix.count))
      return fileAnswer(name: name, lookup: table.file(named: name), request: request)
    }
    // Artwork (`…/100x100bb.jpg`, under /media/ too): a registered answer wins, else one is drawn.
    if let spec = GeneratedArtwork.spec(forPath: key.path) {
      return table.response(for: key) ?? GeneratedArtwork.response(path: key.path, spec: spec)
    }
    if key.path.hasPrefix(RouteTable.mediaPrefix) {
      let name = String(key.path.dropFirst(RouteTable.mediaPrefix.count))
      if let generated = catalogueMedia(named: name, request: request) { return generated }
      return fileAnswer(name: name, lookup: table.media(named: name), request: request)
    }
    if let response = table.response(for: key) { return response }
    if let response = catalogueAnswer(for: key) { return response }
    if table.knownPaths.contains(key.path) || table.isFeed(key.path) {
      return ReplayResponse(
        status: 404, body: HTTPWire.errorBody("replay: no recording for \(key)"))
    }
    return ReplayResponse(
      status: 404,
      body: HTTPWire.errorBody(
        "replay: unknown path \(key.path); served: /search, /lookup, the genre service, chart feeds, /files/NAME, /media/PATH.m4a|m4v|mp4, artwork (…/WxHbb.jpg|png) and recorded paths"
      ))
  }

  private func fileAnswer(
    name: String, lookup: RouteTable.FileLookup, request: HTTPRequest
  ) -> ReplayResponse {
    let url: URL
    switch lookup {
    case .refused:
      return ReplayResponse(
        status: 403, body: HTTPWire.errorBody("replay: refusing file name '\(name)'"))
    case .notFound:
      return ReplayResponse(
        status: 404, body: HTTPWire.errorBody("replay: no file '\(name)' in files/"))
    case .found(let found):
      url = found
    }
    guard let data = try? Data(contentsOf: url) else {
      return ReplayResponse(
        status: 404, body: HTTPWire.errorBody("replay: cannot read file '\(name)'"))
    }
    var headers = ["Content-Type": Self.contentType(for: url), "Accept-Ranges": "bytes"]
    switch ByteRange.resolve(header: request.headers["range"], size: data.count) {
    case .full:
      return ReplayResponse(status: 200, body: data, headers: headers)
    case .partial(let range):
      headers["Content-Range"] = "bytes \(range.lowerBound)-\(range.upperBound)/\(data.count)"
      let slice = data.subdata(in: range.lowerBound..<(range.upperBound + 1))
      return ReplayResponse(status: 206, body: slice, headers: headers)
    case .unsatisfiable:
      headers["Content-Range"] = "bytes */\(data.count)"
      headers["Content-Type"] = "application/json"
      return ReplayResponse(
        status: 416, body: HTTPWire.errorBody("replay: range not satisfiable"), headers: headers)
    }
  }

  private static func contentType(for url: URL) -> String {
    switch url.pathExtension.lowercased() {
    case "jpg", "jpeg": return "image/jpeg"
    case "png": return "image/png"
    case "json", "js": return ReplayResponse.appleContentType
    case "m4a": return "audio/mp4"
    case "m4v": return "video/x-m4v"
    case "mp4": return "video/mp4"
    case "txt": return "text/plain; charset=utf-8"
    default: return "application/octet-stream"
    }
  }
}
