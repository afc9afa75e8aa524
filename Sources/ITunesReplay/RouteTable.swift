import Foundation

/// The recorded and registered answers, and the folders the files route serves from.
struct RouteTable: Sendable {
  /// Paths the server knows even with no recording for them.
  static let apiPaths: Set<String> = [
    "/search", "/lookup", "/WebObjects/MZStoreServices.woa/ws/genres",
  ]
  /// Prefix of the files route.
  static let filesPrefix = "/files/"
  /// Prefix of the media route: preview audio for `TUNES_MEDIA_BASE=http://127.0.0.1:PORT/media`.
  static let mediaPrefix = "/media/"

  private(set) var responses: [ReplayRequestKey: ReplayResponse] = [:]
  /// Chart feeds by their path without the limit (`FeedPath.limitless`), so a feed asked for
  /// with another limit is answered by the recording of that feed.
  private(set) var feeds: [String: ReplayResponse] = [:]
  private(set) var knownPaths: Set<String> = apiPaths
  private(set) var fileRoots: [URL] = []

  /// Adds (or replaces) the answer for a request.
  mutating func add(request: String, response: ReplayResponse) {
    let key = ReplayRequestKey(target: request)
    responses[key] = response
    knownPaths.insert(key.path)
    if let feed = FeedPath.limitless(key.path) { feeds[feed] = response }
  }

  /// Loads a recordings directory: its index rows and its `files/` folder.
  mutating func load(directory: URL) throws {
    add(try RecordingIndex.load(directory: directory), from: directory)
  }

  /// Adds rows already read from `directory`'s index, and its `files/` folder.
  mutating func add(_ entries: [RecordingIndex.Entry], from directory: URL) {
    for entry in entries {
      add(request: entry.request, response: entry.response)
    }
    fileRoots.append(directory.appendingPathComponent("files", isDirectory: true))
  }

  /// The stored answer for a request, if any.
  func response(for key: ReplayRequestKey) -> ReplayResponse? {
    if let response = responses[key] { return response }
    guard key.parameters.isEmpty, let feed = FeedPath.limitless(key.path) else { return nil }
    return feeds[feed]
  }

  /// Whether the path is a chart feed's (v1/v2 or legacy), whose limit may differ.
  func isFeed(_ path: String) -> Bool { FeedPath.limitless(path) != nil }

  /// Finds a file below one of the `files/` folders, refusing names that could escape it.
  func file(named name: String) -> FileLookup {
    let components = name.split(separator: "/", omittingEmptySubsequences: false)
    let unsafe = components.contains { $0.isEmpty || $0 == "." || $0 == ".." || $0.contains("\0") }
    if name.isEmpty || unsafe { return .refused }
    for root in fileRoots {
      let rootPath = root.resolvingSymlinksInPath().standardizedFileURL.path
      let candidate = root.appendingPathComponent(name).resolvingSymlinksInPath()
        .standardizedFileURL
      guard candidate.path.hasPrefix(rootPath + "/") else { return .refused }
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        return .found(candidate)
      }
    }
    return .notFound
  }

  /// The preview files the media route serves: audio (`.m4a`) and video (`.m4v`, `.mp4`).
  static let mediaExtensions = ["m4a", "m4v", "mp4"]

  /// Finds the preview (`.m4a`, `.m4v`, `.mp4`) a media path names: `files/PATH` when it exists,
  /// else the file named by the path's last component (so Apple's long preview paths need only
  /// their file name).
  func media(named path: String) -> FileLookup {
    let lowered = path.lowercased()
    guard Self.mediaExtensions.contains(where: { lowered.hasSuffix("." + $0) }) else {
      return .notFound
    }
    let direct = file(named: path)
    if direct != .notFound { return direct }
    guard let last = path.split(separator: "/").last, last.count < path.count else {
      return .notFound
    }
    return file(named: String(last))
  }

  /// The result of looking up a file name.
  enum FileLookup: Equatable {
    case found(URL)
    case notFound
    case refused
  }
}
