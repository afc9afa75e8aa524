import Testing

@testable import ITunesReplay

@Suite("Range header resolution")
struct ByteRangeTests {
  @Test(
    "ranges resolve against a 256-byte file",
    arguments: [
      ("bytes=0-9", ByteRange.partial(0...9)),
      ("bytes=250-300", .partial(250...255)),
      ("bytes=100-", .partial(100...255)),
      ("bytes=-16", .partial(240...255)),
      ("bytes=-1000", .partial(0...255)),
      ("Bytes = 5-5", .partial(5...5)),
      ("bytes=256-", .unsatisfiable),
      ("bytes=300-400", .unsatisfiable),
      ("bytes=-0", .unsatisfiable),
      ("bytes=9-1", .full),
      ("bytes=0-1,5-6", .full),
      ("items=0-1", .full),
      ("bytes=a-b", .full),
      ("bytes=-", .full),
    ])
  func resolves(header: String, expected: ByteRange) {
    #expect(ByteRange.resolve(header: header, size: 256) == expected)
  }

  @Test("no header means the whole file, and an empty file satisfies no range")
  func edges() {
    #expect(ByteRange.resolve(header: nil, size: 10) == .full)
    #expect(ByteRange.resolve(header: "bytes=0-", size: 0) == .unsatisfiable)
    #expect(ByteRange.resolve(header: "bytes=-5", size: 0) == .unsatisfiable)
  }
}
