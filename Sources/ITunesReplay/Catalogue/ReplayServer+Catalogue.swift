import Foundation

extension ReplayServer {
  /// Answers `/search` and `/lookup` from `catalogue` when no exact recording matches (recorded
  /// answers still win), and serves its generated media below `/media/`; `nil` stops that.
  package func serve(catalogue: CatalogEngine?) {
    locked { self.catalogue = catalogue }
  }

  /// The catalogue's answer to a search or lookup, if a catalogue is served.
  func catalogueAnswer(for key: ReplayRequestKey) -> ReplayResponse? {
    locked { catalogue }?.answer(for: key)
  }

  /// Generated media for a path below `/media/` (with `Range` support), if the catalogue has it.
  func catalogueMedia(named name: String, request: HTTPRequest) -> ReplayResponse? {
    guard let media = locked({ catalogue })?.media?(name) else { return nil }
    let data = media.body
    var headers = ["Content-Type": media.contentType, "Accept-Ranges": "bytes"]
    switch ByteRange.resolve(header: request.headers["range"], size: data.count) {
    case .full:
      return ReplayResponse(status: 200, body: data, headers: headers)
    case .partial(let range):
      headers["Content-Range"] = "bytes \(range.lowerBound)-\(range.upperBound)/\(data.count)"
      return ReplayResponse(
        status: 206, body: data.subdata(in: range.lowerBound..<(range.upperBound + 1)),
        headers: headers)
    case .unsatisfiable:
      headers["Content-Range"] = "bytes */\(data.count)"
      headers["Content-Type"] = "application/json"
      return ReplayResponse(
        status: 416, body: HTTPWire.errorBody("replay: range not satisfiable"), headers: headers)
    }
  }
}
