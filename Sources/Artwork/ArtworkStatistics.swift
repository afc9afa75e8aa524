/// Counters of an `ArtworkPipeline`, for tests and benchmarks.
package struct ArtworkStatistics: Sendable, Equatable {
  /// Downloads started (a request answered from a cache starts none).
  package var downloadsStarted = 0
  /// Downloads running now.
  package var activeDownloads = 0
  /// The most downloads that ever ran at once.
  package var peakConcurrentDownloads = 0
  /// Downloads waiting for a free slot.
  package var queuedDownloads = 0
  /// Requests waiting for a shared download (two for one URL count two).
  package var waitingRequests = 0
  /// Images answered from the disk cache (decoded again, no download).
  package var diskHits = 0
  /// Cached files that did not decode and were deleted.
  package var corruptDiskFiles = 0
  /// Bytes of decoded pixels in the memory cache.
  package var memoryBytes = 0
  /// Images in the memory cache.
  package var memoryImages = 0
  /// Bytes of downloaded files in the disk cache.
  package var diskBytes = 0
  /// Files in the disk cache.
  package var diskFiles = 0

  package init() {}
}
