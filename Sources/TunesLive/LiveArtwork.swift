import Artwork
import Foundation
import ITunesCatalog
import Synchronization
import TerminalGraphics
import TerminalPOSIX
import TunesFeatures
import TunesStorage

/// The live artwork: the `Artwork` pipeline behind the store's `ArtworkClient` and the terminal
/// layer's pixel source. Artwork URLs move to `TUNES_MEDIA_BASE` when it is set (the key the
/// screens place stays Apple's sized URL). Failures are logged and leave the placeholder.
package final class LiveArtwork: Sendable {
  /// The pipeline (memory, disk, downloads, decoding).
  package let pipeline: ArtworkPipeline
  private let rewrite: MediaURLRewrite?
  private let log: Log
  /// What each placed key was asked as, so the terminal layer can fetch its pixels.
  private let needs = Mutex<[String: ArtworkNeed]>([:])

  /// Creates the live artwork over `pipeline`.
  package init(pipeline: ArtworkPipeline, environment: [String: String], log: Log) {
    self.pipeline = pipeline
    self.rewrite = MediaURLRewrite.from(environment: environment)
    self.log = log
  }

  /// The live pipeline (`$XDG_CACHE_HOME/tunes/artwork` on disk), decoding on the process's
  /// artwork threads (niced below the UI thread).
  package static func make(environment: [String: String], log: Log) -> LiveArtwork {
    LiveArtwork(
      pipeline: .live(environment: environment, decode: BackgroundThreads.artwork.run),
      environment: environment, log: log)
  }

  /// How artwork is to be drawn: `--images` (`flag`), else the config file's `images` key,
  /// else auto. A config value that is not one of the modes counts as auto.
  package static func request(flag: String?, environment: [String: String])
    -> GraphicsChoice.Request
  {
    if let flag, let request = GraphicsChoice.Request(flag, source: "--images") { return request }
    let config = ConfigFile.loadOrDefaults(from: StoragePaths(environment: environment).configFile)
    if let value = config.images,
      let request = GraphicsChoice.Request(value, source: "the config key images")
    {
      return request
    }
    return .auto
  }

  private func request(for need: ArtworkNeed) -> ArtworkRequest {
    var url = need.url
    if let rewrite, let parsed = URL(string: url) { url = rewrite.apply(parsed).absoluteString }
    return ArtworkRequest(url: url, pixels: need.pixels)
  }

  /// The size of the cover a desktop shows for what plays.
  package static let coverPixels = 600

  /// An item's cover as a file in the artwork cache (downloaded first if need be); `nil`
  /// without artwork, a disk cache or a download.
  @Sendable package func cover(for item: CatalogItem) async -> URL? {
    guard let url = item.artworkURL(size: Self.coverPixels)?.absoluteString else { return nil }
    let request = self.request(
      for: ArtworkNeed(url: url, pixels: Self.coverPixels))
    guard (try? await pipeline.image(for: request)) != nil else { return nil }
    return pipeline.file(for: request)
  }

  /// Fetches and decodes one artwork into the cache: `nil` when it is ready, else why not.
  @Sendable package func load(_ need: ArtworkNeed) async -> String? {
    needs.withLock { $0[need.key] = need }
    do {
      _ = try await pipeline.image(for: request(for: need))
      return nil
    } catch {
      if error != .cancelled { log.log("artwork \(need.key): \(error.message)") }
      return error.message
    }
  }

  /// The decoded pixels for a placed key (the memory cache, else disk, else a download).
  @Sendable package func pixels(_ key: String) async -> RGBAImage? {
    guard let need = needs.withLock({ $0[key] }) else { return nil }
    guard let image = try? await pipeline.image(for: request(for: need)), image.width > 0,
      image.height > 0
    else { return nil }
    return RGBAImage(width: image.width, height: image.height, pixels: image.rgba)
  }
}
