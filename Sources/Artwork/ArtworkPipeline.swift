import Dispatch
import Foundation
import Synchronization

/// Artwork for the screen: memory cache → disk cache → one shared, queued download → decode → scale.
///
/// ```swift
/// let pipeline = ArtworkPipeline.live(environment: ProcessInfo.processInfo.environment)
/// let image = try await pipeline.image(for: ArtworkRequest(url: item.artwork, pixels: 200))
/// ```
///
/// - The memory cache holds decoded images (bounded in bytes, least recently used evicted);
///   `cachedImage(for:)` reads only it, synchronously, for the UI thread while it draws.
/// - The disk cache holds the downloaded bytes (size-capped, least recently used evicted); a
///   cached file that no longer decodes is deleted and downloaded again.
/// - Two requests for one `sizedURL` share one download. At most `maxConcurrentDownloads` run at
///   once, first come first served, so the tiles asked for first (the visible ones) go first; a
///   request whose task is cancelled while queued leaves the queue, and a download nobody waits
///   for any more is cancelled.
/// - Decoding runs where `Configuration.decode` says (the app's niced artwork threads), else on a
///   serial utility queue; never on the caller's actor.
/// - Failures are never cached: the next request tries again.
package final class ArtworkPipeline: Sendable {
  /// Sizes, limits and where the disk cache lives.
  package struct Configuration: Sendable {
    /// Bytes of decoded pixels the memory cache keeps (default 32 MiB).
    package var memoryBytes: Int
    /// The disk cache's folder; nil for no disk cache.
    package var diskDirectory: URL?
    /// Bytes of downloaded files the disk cache keeps (default 256 MiB).
    package var diskBytes: Int
    /// Downloads at once (default 6).
    package var maxConcurrentDownloads: Int
    /// Time one download may take, from its start (queueing not included; default 10 s).
    package var timeout: Duration
    /// The largest body accepted (default 8 MiB).
    package var maxBodyBytes: Int
    /// Where decoding runs: `work` run off the caller, soon (the app's: threads niced below the
    /// UI thread's); `nil`: a serial utility queue of the pipeline's own.
    package var decode: (@Sendable (_ work: @escaping @Sendable () -> Void) -> Void)? = nil

    /// The defaults: 32 MiB in memory, no disk cache unless given, 256 MiB on disk, 6 downloads,
    /// 10 s, 8 MiB.
    package init(
      memoryBytes: Int = 32 * 1_048_576, diskDirectory: URL? = nil,
      diskBytes: Int = 256 * 1_048_576,
      maxConcurrentDownloads: Int = 6, timeout: Duration = .seconds(10),
      maxBodyBytes: Int = 8 * 1_048_576
    ) {
      self.memoryBytes = memoryBytes
      self.diskDirectory = diskDirectory
      self.diskBytes = diskBytes
      self.maxConcurrentDownloads = maxConcurrentDownloads
      self.timeout = timeout
      self.maxBodyBytes = maxBodyBytes
    }
  }

  /// Downloads one URL: the status and the whole body. Must honour task cancellation.
  package typealias Fetch = @Sendable (URL) async throws -> (status: Int, body: [UInt8])

  private typealias Waiter = CheckedContinuation<Result<DecodedImage, ArtworkError>, Never>

  /// One download shared by every request for its `sizedURL`.
  private struct Flight {
    let id: UInt64
    var task: Task<Void, Never>?
    /// The requests waiting for it, by waiter id (cancelled ones leave).
    var waiters: [UInt64: Waiter] = [:]
  }

  private struct State {
    var flights: [String: Flight] = [:]
    /// Waiter ids handed out whose request has not joined a flight yet.
    var announced: Set<UInt64> = []
    /// The key of the flight each joined waiter waits for.
    var joined: [UInt64: String] = [:]
    var nextID: UInt64 = 0
    var downloadsStarted = 0
    var diskHits = 0
    var corruptDiskFiles = 0
  }

  package let configuration: Configuration
  private let fetch: Fetch
  private let memory: MemoryCache
  private let disk: DiskCache?
  private let slots: DownloadSlots
  private let state = Mutex(State())
  private let decodeQueue = DispatchQueue(label: "tunes.artwork.decode", qos: .utility)

  /// A pipeline over `fetch` (the live one is `live(environment:)`).
  package init(configuration: Configuration, fetch: @escaping Fetch) {
    self.configuration = configuration
    self.fetch = fetch
    self.memory = MemoryCache(capacity: configuration.memoryBytes)
    self.disk = configuration.diskDirectory.map {
      DiskCache(directory: $0, capacity: configuration.diskBytes)
    }
    self.slots = DownloadSlots(limit: configuration.maxConcurrentDownloads)
  }

  /// The image for `request`, from the memory cache, the disk cache or a download, decoded to fit
  /// inside `pixels`×`pixels`.
  ///
  /// - Throws: `ArtworkError`: `.httpStatus`, `.notAnImage`, `.corrupt`, `.tooLarge`, `.timedOut`,
  ///   `.transport`, or `.cancelled` when the calling task is cancelled (the shared download goes
  ///   on while another request still waits for it).
  package func image(for request: ArtworkRequest) async throws(ArtworkError) -> DecodedImage {
    let key = request.memoryKey
    if let image = memory.image(for: key) { return image }
    if Task.isCancelled { throw .cancelled }
    let waiterID = state.withLock { state -> UInt64 in
      state.nextID += 1
      state.announced.insert(state.nextID)
      return state.nextID
    }
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: Waiter) in
        join(key: key, request: request, waiterID: waiterID, continuation: continuation)
      }
    } onCancel: {
      leave(waiterID: waiterID)
    }
    return try result.get()
  }

  /// The memory cache only; synchronous and cheap (the UI thread calls it while drawing).
  package func cachedImage(for request: ArtworkRequest) -> DecodedImage? {
    memory.image(for: request.memoryKey)
  }

  /// Counters for tests and benchmarks.
  package var statistics: ArtworkStatistics {
    var statistics = ArtworkStatistics()
    state.withLock { state in
      statistics.downloadsStarted = state.downloadsStarted
      statistics.waitingRequests = state.joined.count
      statistics.diskHits = state.diskHits
      statistics.corruptDiskFiles = state.corruptDiskFiles
    }
    let downloads = slots.usage
    statistics.activeDownloads = downloads.active
    statistics.peakConcurrentDownloads = downloads.peak
    statistics.queuedDownloads = downloads.waiting
    let held = memory.usage
    statistics.memoryBytes = held.bytes
    statistics.memoryImages = held.count
    if let disk {
      let stored = disk.usage
      statistics.diskBytes = stored.bytes
      statistics.diskFiles = stored.count
    }
    return statistics
  }

  // MARK: Flights

  /// Joins the flight for `key`, starting it if there is none; a waiter already cancelled is
  /// answered `.cancelled` at once.
  private func join(
    key: String, request: ArtworkRequest, waiterID: UInt64, continuation: Waiter
  ) {
    let joined = state.withLock { state -> Bool in
      guard state.announced.remove(waiterID) != nil else { return false }
      state.joined[waiterID] = key
      if state.flights[key] != nil {
        state.flights[key]?.waiters[waiterID] = continuation
        return true
      }
      state.nextID += 1
      let flightID = state.nextID
      var flight = Flight(id: flightID)
      flight.waiters[waiterID] = continuation
      flight.task = Task.detached(priority: .utility) { [self] in
        let result = await load(key: key, url: request.sizedURL, pixels: request.pixels)
        finish(key: key, flightID: flightID, result: result)
      }
      state.flights[key] = flight
      return true
    }
    if !joined { continuation.resume(returning: .failure(.cancelled)) }
  }

  /// A waiter's task was cancelled: answer it `.cancelled`, and cancel its flight if nobody else
  /// waits for it (a queued download leaves the queue; a running one is aborted).
  private func leave(waiterID: UInt64) {
    let (continuation, orphaned) = state.withLock { state -> (Waiter?, Task<Void, Never>?) in
      if state.announced.remove(waiterID) != nil { return (nil, nil) }  // join answers it
      guard let key = state.joined.removeValue(forKey: waiterID),
        var flight = state.flights[key],
        let continuation = flight.waiters.removeValue(forKey: waiterID)
      else { return (nil, nil) }
      if flight.waiters.isEmpty {
        state.flights.removeValue(forKey: key)
        return (continuation, flight.task)
      }
      state.flights[key] = flight
      return (continuation, nil)
    }
    orphaned?.cancel()
    continuation?.resume(returning: .failure(.cancelled))
  }

  /// The flight ended: answer every waiter still waiting.
  private func finish(key: String, flightID: UInt64, result: Result<DecodedImage, ArtworkError>) {
    let waiters = state.withLock { state -> [Waiter] in
      guard let flight = state.flights[key], flight.id == flightID else { return [] }
      state.flights.removeValue(forKey: key)
      for id in flight.waiters.keys { state.joined.removeValue(forKey: id) }
      return Array(flight.waiters.values)
    }
    for waiter in waiters { waiter.resume(returning: result) }
  }

  /// The file the disk cache keeps for `request`'s download, once it is there (the cover a
  /// desktop shows for what plays); `nil` without a disk cache or before the download.
  package func file(for request: ArtworkRequest) -> URL? {
    guard let disk else { return nil }
    let file = disk.fileURL(for: request.sizedURL)
    return FileManager.default.fileExists(atPath: file.path) ? file : nil
  }

  // MARK: Loading

  /// Disk cache, else download; then decode and keep in memory (and the bytes on disk).
  private func load(
    key: String, url: String, pixels: Int
  ) async -> Result<DecodedImage, ArtworkError> {
    if let disk, let bytes = disk.read(url) {
      switch await decode(bytes, pixels: pixels) {
      case .success(let image):
        state.withLock { $0.diskHits += 1 }
        memory.insert(image, for: key)
        return .success(image)
      case .failure:
        disk.remove(url)
        state.withLock { $0.corruptDiskFiles += 1 }
      }
    }
    let bytes: [UInt8]
    do {
      bytes = try await download(url)
    } catch {
      return .failure(error)
    }
    let decoded = await decode(bytes, pixels: pixels)
    if case .success(let image) = decoded {
      memory.insert(image, for: key)
      disk?.write(url, bytes: bytes)
    }
    return decoded
  }

  /// Waits for a download slot, then fetches with the timeout and body cap.
  private func download(_ text: String) async throws(ArtworkError) -> [UInt8] {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host?.isEmpty == false
    else { throw .transport("not an http or https URL: \(text)") }
    guard await slots.acquire() else { throw .cancelled }
    defer { slots.release() }
    if Task.isCancelled { throw .cancelled }
    state.withLock { $0.downloadsStarted += 1 }
    let answer = try await TimeLimit.run(configuration.timeout) { [fetch] in try await fetch(url) }
    guard (200...299).contains(answer.status) else { throw .httpStatus(answer.status) }
    guard answer.body.count <= configuration.maxBodyBytes else {
      throw .transport("the body is over the \(configuration.maxBodyBytes / 1_048_576) MiB cap")
    }
    return answer.body
  }

  /// Decodes where the configuration says (else the decode queue), off every actor and the
  /// cooperative pool.
  private func decode(_ bytes: [UInt8], pixels: Int) async -> Result<DecodedImage, ArtworkError> {
    await withCheckedContinuation { continuation in
      let work: @Sendable () -> Void = {
        continuation.resume(
          returning: Result { () throws(ArtworkError) in
            try ImageDecoder.decode(bytes, maxSide: pixels)
          })
      }
      if let decode = configuration.decode {
        decode(work)
      } else {
        decodeQueue.async(execute: work)
      }
    }
  }
}
