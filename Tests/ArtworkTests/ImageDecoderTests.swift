import Foundation
import Testing

@testable import Artwork

@Suite("Image decoder")
struct ImageDecoderTests {
  @Test("a solid JPEG decodes at full size to its colour, opaque")
  func solidJPEG() throws {
    let bytes = try TestImages.jpeg(
      TestImages.solid(width: 64, height: 48, (200, 40, 90)), width: 64, height: 48)
    let image = try ImageDecoder.decode(bytes, maxSide: nil)
    #expect(image.width == 64 && image.height == 48)
    #expect(image.rgba.count == 64 * 48 * 4)
    for (x, y) in [(0, 0), (63, 47), (32, 24)] {
      let pixel = image.pixel(x: x, y: y)
      #expect(near(pixel.red, 200) && near(pixel.green, 40) && near(pixel.blue, 90))
      #expect(pixel.alpha == 255)
    }
  }

  @Test("a 600×600 two-colour JPEG is scaled to 100×100 with each half kept")
  func scaledJPEG() throws {
    let rgb = TestImages.halves(width: 600, height: 600, left: (230, 20, 20), right: (20, 30, 220))
    let image = try ImageDecoder.decode(TestImages.jpeg(rgb, width: 600, height: 600), maxSide: 100)
    #expect(image.width == 100 && image.height == 100)
    let left = image.pixel(x: 20, y: 50)
    let right = image.pixel(x: 80, y: 50)
    #expect(near(left.red, 230) && near(left.green, 20) && near(left.blue, 20))
    #expect(near(right.red, 20) && near(right.green, 30) && near(right.blue, 220))
    // The seam is averaged, not copied from one side.
    let seam = image.pixel(x: 49, y: 50)
    #expect(seam.red > 20 || seam.blue > 20)
  }

  @Test("TurboJPEG's scale is the smallest that still covers the target")
  func scalingFactorChoice() {
    // 600 → 100: 1/8 gives 75 (too small), 1/4 gives 150.
    #expect(JPEGDecoder.scaledSize(width: 600, height: 600, covering: (100, 100)) == (150, 150))
    // 800 → 100: 1/8 gives exactly 100, so no resize follows.
    #expect(JPEGDecoder.scaledSize(width: 800, height: 800, covering: (100, 100)) == (100, 100))
    // Nothing smaller covers it: the full size.
    #expect(JPEGDecoder.scaledSize(width: 120, height: 90, covering: (120, 90)) == (120, 90))
  }

  @Test("an 800×800 JPEG scaled by exactly 1/8 needs no second step and keeps its colour")
  func exactEighth() throws {
    let rgb = TestImages.solid(width: 800, height: 800, (30, 160, 60))
    let image = try ImageDecoder.decode(TestImages.jpeg(rgb, width: 800, height: 800), maxSide: 100)
    #expect(image.width == 100 && image.height == 100)
    let pixel = image.pixel(x: 50, y: 50)
    #expect(near(pixel.red, 30) && near(pixel.green, 160) && near(pixel.blue, 60))
  }

  @Test("a wide JPEG keeps its aspect; an image inside the box is not enlarged")
  func aspectAndNoEnlarging() throws {
    let wide = try TestImages.jpeg(
      TestImages.solid(width: 600, height: 300, (1, 2, 3)), width: 600, height: 300)
    let fitted = try ImageDecoder.decode(wide, maxSide: 100)
    #expect(fitted.width == 100 && fitted.height == 50)
    let tall = try TestImages.jpeg(
      TestImages.solid(width: 90, height: 300, (1, 2, 3)), width: 90, height: 300)
    let fittedTall = try ImageDecoder.decode(tall, maxSide: 100)
    #expect(fittedTall.width == 30 && fittedTall.height == 100)
    let small = try TestImages.jpeg(
      TestImages.solid(width: 80, height: 60, (1, 2, 3)), width: 80, height: 60)
    let kept = try ImageDecoder.decode(small, maxSide: 100)
    #expect(kept.width == 80 && kept.height == 60)
  }

  @Test("a two-colour PNG scales exactly (lossless, halves on pixel boundaries)")
  func scaledPNG() throws {
    let rgb = TestImages.halves(width: 400, height: 200, left: (255, 200, 0), right: (0, 90, 255))
    let image = try ImageDecoder.decode(TestImages.png(rgb, width: 400, height: 200), maxSide: 100)
    #expect(image.width == 100 && image.height == 50)
    for y in [0, 25, 49] {
      #expect(image.pixel(x: 0, y: y) == (255, 200, 0, 255))
      #expect(image.pixel(x: 49, y: y) == (255, 200, 0, 255))
      #expect(image.pixel(x: 50, y: y) == (0, 90, 255, 255))
      #expect(image.pixel(x: 99, y: y) == (0, 90, 255, 255))
    }
  }

  @Test("a PNG's alpha is kept, and transparent pixels do not bleed colour into opaque ones")
  func pngAlpha() throws {
    var rgba: [UInt8] = []
    for y in 0..<40 {
      for _ in 0..<40 {
        // Top half opaque green; bottom half fully transparent with a red hidden colour.
        rgba += y < 20 ? [0, 200, 0, 255] : [255, 0, 0, 0]
      }
    }
    let bytes = try TestImages.png(rgba, width: 40, height: 40, alpha: true)
    let full = try ImageDecoder.decode(bytes, maxSide: nil)
    #expect(full.pixel(x: 5, y: 5) == (0, 200, 0, 255))
    #expect(full.pixel(x: 5, y: 35).alpha == 0)
    let image = try ImageDecoder.decode(bytes, maxSide: 15)
    #expect(image.width == 15 && image.height == 15)
    #expect(image.pixel(x: 7, y: 0) == (0, 200, 0, 255))
    #expect(image.pixel(x: 7, y: 14).alpha == 0)
    // The row across the edge is half covered: green, half alpha, no red.
    let edge = image.pixel(x: 7, y: 7)
    #expect(edge.red == 0 && edge.green == 200 && near(edge.alpha, 128, 40))
  }

  @Test("a PNG behind a .jpg name decodes: the bytes decide, not the name")
  func sniffing() throws {
    let png = try TestImages.png(
      TestImages.solid(width: 4, height: 4, (9, 8, 7)), width: 4, height: 4)
    let jpeg = try TestImages.jpeg(
      TestImages.solid(width: 8, height: 8, (9, 8, 7)), width: 8, height: 8)
    #expect(ImageFormat.sniff(png) == .png)
    #expect(ImageFormat.sniff(jpeg) == .jpeg)
    #expect(ImageFormat.sniff(Array("<html>".utf8)) == nil)
    #expect(ImageFormat.sniff([]) == nil)
    #expect(try ImageDecoder.header(png).format == .png)
    #expect(try ImageDecoder.decode(png, maxSide: 100).pixel(x: 1, y: 1) == (9, 8, 7, 255))
  }

  @Test(
    "bodies that are not images say what they are",
    arguments: [
      ("", "an empty body"),
      ("<!DOCTYPE html><html><body>Not found</body></html>", "an HTML page"),
      ("\n  <HTML><head><title>Error</title>", "an HTML page"),
      ("{\"errorMessage\":\"no\"}", "a JSON document"),
      ("Service Unavailable\n", "text"),
      ("GIF89a\u{1}\u{0}", "a GIF image; only JPEG and PNG are shown"),
      ("<?xml version=\"1.0\"?><Error/>", "an XML or HTML document"),
    ])
  func notImages(body: String, description: String) {
    #expect(throws: ArtworkError.notAnImage(description)) {
      try ImageDecoder.decode(Array(body.utf8), maxSide: 100)
    }
  }

  @Test("binary junk is named by its first bytes")
  func junk() {
    #expect(throws: ArtworkError.notAnImage("unknown data starting 00 01 FE 7F")) {
      try ImageDecoder.decode([0, 1, 0xFE, 0x7F, 3], maxSide: nil)
    }
  }

  @Test("a truncated JPEG is corrupt, with TurboJPEG's reason")
  func truncatedJPEG() throws {
    let rgb = TestImages.halves(width: 300, height: 300, left: (1, 2, 3), right: (200, 100, 0))
    let bytes = try TestImages.jpeg(rgb, width: 300, height: 300)
    for cut in [bytes.count / 2, 40, 4] {
      let error = #expect(throws: ArtworkError.self) {
        try ImageDecoder.decode(Array(bytes.prefix(cut)), maxSide: 100)
      }
      guard case .corrupt(let reason)? = error else {
        Issue.record("expected .corrupt, got \(String(describing: error))")
        continue
      }
      #expect(reason.hasPrefix("JPEG: "))
    }
  }

  @Test("a corrupt PNG (damaged pixel data, cut short, bad header checksum) is corrupt")
  func corruptPNG() throws {
    let rgb = TestImages.halves(width: 64, height: 64, left: (1, 2, 3), right: (200, 100, 0))
    let bytes = try TestImages.png(rgb, width: 64, height: 64)
    var damaged = bytes
    // The IDAT data starts after signature (8) + IHDR (25) + IDAT length and type (8).
    for index in 45..<min(damaged.count - 12, 60) { damaged[index] ^= 0x5A }
    var badCRC = bytes
    badCRC[30] ^= 0xFF
    for input in [damaged, Array(bytes.prefix(bytes.count / 2)), badCRC, Array(bytes.prefix(20))] {
      let error = #expect(throws: ArtworkError.self) { try ImageDecoder.decode(input, maxSide: 32) }
      guard case .corrupt(let reason)? = error else {
        Issue.record("expected .corrupt, got \(String(describing: error))")
        continue
      }
      #expect(reason.hasPrefix("PNG: "))
    }
  }

  @Test(
    "headers claiming huge images are refused before any pixel buffer is allocated",
    arguments: [(50_000, 50_000), (8193, 10), (10, 9000), (7000, 7000)])
  func hugeHeaders(width: Int, height: Int) throws {
    let clock = ContinuousClock()
    for bytes in [
      try TestImages.jpegClaiming(width: width, height: height),
      try TestImages.pngClaiming(width: width, height: height),
    ] {
      #expect(try ImageDecoder.header(bytes).width == width)
      let start = clock.now
      #expect(throws: ArtworkError.tooLarge(width: width, height: height)) {
        try ImageDecoder.decode(bytes, maxSide: 100)
      }
      // Allocating 50,000² RGBA pixels (10 GB) would take far longer, or crash.
      #expect(clock.now - start < .seconds(1))
    }
  }

  @Test("the largest allowed sizes pass the limit check")
  func limits() throws {
    try ImageDecoder.checkLimits(width: 8192, height: 2048)
    try ImageDecoder.checkLimits(width: 4096, height: 4096)
    #expect(throws: ArtworkError.tooLarge(width: 8192, height: 2049)) {
      try ImageDecoder.checkLimits(width: 8192, height: 2049)
    }
    // A bomb that passed the old 40-megapixel limit is refused from its header.
    #expect(throws: ArtworkError.tooLarge(width: 6000, height: 6000)) {
      try ImageDecoder.checkLimits(width: 6000, height: 6000)
    }
  }
}
