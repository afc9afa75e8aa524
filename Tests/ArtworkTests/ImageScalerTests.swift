import Testing

@testable import Artwork

@Suite("Image scaler")
struct ImageScalerTests {
  private func grey(_ values: [UInt8]) -> [UInt8] { values.flatMap { [$0, $0, $0, 255] } }

  @Test("halving averages pairs exactly")
  func halving() {
    let out = ImageScaler.scale(
      grey([0, 100, 200, 250]), width: 4, height: 1, toWidth: 2, toHeight: 1)
    #expect(out == grey([50, 225]))
  }

  @Test("a fractional area average weights the pixel it splits")
  func fractional() {
    // 3 → 2: each output covers 1.5 inputs.
    let out = ImageScaler.scale(grey([0, 90, 180]), width: 3, height: 1, toWidth: 2, toHeight: 1)
    #expect(out == grey([30, 150]))
  }

  @Test("both axes shrink; the taps of every output sum to one")
  func taps() {
    for (source, destination) in [(600, 100), (150, 100), (7, 3), (100, 100), (50, 120)] {
      for list in ImageScaler.taps(source: source, destination: destination) {
        let sum = list.reduce(Float(0)) { $0 + $1.weight }
        #expect(abs(sum - 1) < 1e-4)
      }
    }
    let out = ImageScaler.scale(
      grey([10, 20, 30, 40]), width: 2, height: 2, toWidth: 1, toHeight: 1)
    #expect(out == grey([25]))
  }

  @Test("growing is bilinear and keeps the ends")
  func growing() {
    let out = ImageScaler.scale(grey([0, 200]), width: 2, height: 1, toWidth: 4, toHeight: 1)
    #expect(out == grey([0, 50, 150, 200]))
  }

  @Test("fitting keeps the aspect and never enlarges")
  func fitting() {
    #expect(ImageScaler.fitting(width: 600, height: 600, maxSide: 100) == (100, 100))
    #expect(ImageScaler.fitting(width: 1000, height: 10, maxSide: 100) == (100, 1))
    #expect(ImageScaler.fitting(width: 1000, height: 1, maxSide: 100) == (100, 1))
    #expect(ImageScaler.fitting(width: 50, height: 70, maxSide: 100) == (50, 70))
    #expect(ImageScaler.fitting(width: 50, height: 70, maxSide: nil) == (50, 70))
  }

  @Test("the opaque fast path and the alpha-weighted path give the same colours")
  func opaqueMatchesAlphaPath() {
    var opaque: [UInt8] = []
    for index in 0..<(30 * 20) {
      opaque += [UInt8(index % 251), UInt8((index * 7) % 256), UInt8((index * 13) % 256), 255]
    }
    var almost = opaque
    almost[3] = 254  // one pixel not quite opaque sends the image down the alpha path
    let fast = ImageScaler.scale(opaque, width: 30, height: 20, toWidth: 11, toHeight: 7)
    let weighted = ImageScaler.scale(almost, width: 30, height: 20, toWidth: 11, toHeight: 7)
    #expect(fast.count == weighted.count)
    let largest = zip(fast, weighted).map { abs(Int($0) - Int($1)) }.max() ?? 0
    #expect(largest <= 1)
  }
}
