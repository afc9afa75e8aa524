import Foundation
import TestSupport
import Testing

/// The light palette in a real light terminal: xterm as it starts (black on white) running the
/// demo catalogue. tunes asks for the background (OSC 11), picks its light palette, and every
/// kind label on the home screen is drawn in a colour that reads on the white the screenshot
/// shows. The colours checked are the light palette's badge colours as xterm shows them with
/// 256 colours (its default values of the 256-colour cube), worked out here on their own.
@Suite("The light theme in xterm under Xvfb", .serialized)
struct LightThemeTests {
  /// The kind labels and the colour each is drawn in (Palette.light through nearest256).
  static let labels: [(kinds: String, rgb: (UInt8, UInt8, UInt8))] = [
    ("Song, Album", (175, 0, 95)),
    ("Podcast", (135, 0, 175)),
    ("App", (0, 95, 135)),
    ("Book, Audiobook", (135, 95, 0)),
  ]

  /// WCAG 2 relative luminance.
  static func luminance(_ rgb: (UInt8, UInt8, UInt8)) -> Double {
    func linear(_ value: UInt8) -> Double {
      let c = Double(value) / 255
      return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(rgb.0) + 0.7152 * linear(rgb.1) + 0.0722 * linear(rgb.2)
  }

  /// How many pixels of each colour the picture has.
  static func histogram(_ shot: Screenshot) -> [UInt32: Int] {
    var counts: [UInt32: Int] = [:]
    var index = 0
    while index + 2 < shot.rgb.count {
      let key =
        UInt32(shot.rgb[index]) << 16 | UInt32(shot.rgb[index + 1]) << 8
        | UInt32(shot.rgb[index + 2])
      counts[key, default: 0] += 1
      index += 3
    }
    return counts
  }

  static func key(_ rgb: (UInt8, UInt8, UInt8)) -> UInt32 {
    UInt32(rgb.0) << 16 | UInt32(rgb.1) << 8 | UInt32(rgb.2)
  }

  @Test("xterm's white: the light palette is chosen and every kind label reads (contrast ≥ 4.5)")
  func kindLabelsRead() async throws {
    let session = try await RealTerminalSession(
      kind: .xterm, arguments: ["--demo", "--images", "none"])
    var problems: [String] = []
    do {
      _ = try await session.waitForLog("the theme chosen") { log in log.contains("theme light") }
      let window = try await session.window()
      try await session.focus(window.id)
      var top = try await session.settledScreen(window.rect, "the home screen")
      // The charts come once the demo has made its storefront (at the first request, not at
      // start), and a screen still loading is quiet too (nothing animates while the app waits):
      // wait for the podcasts' label (the songs' is the headings' colour too), not for quiet.
      while Self.histogram(top)[Self.key(Self.labels[1].rgb), default: 0] < 20 {
        top = try await session.settledScreen(
          window.rect, "the home screen's charts", unlike: top, tolerance: 1000)
      }
      let topPath = await session.save(top, as: "light-home")
      // The rows further down: apps, books, audiobooks.
      try await session.press("Tab")
      for _ in 0..<8 { try await session.press("Down") }
      let bottom = try await session.settledScreen(
        window.rect, "the home screen's last rows", unlike: top, tolerance: 1000)
      let bottomPath = await session.save(bottom, as: "light-home-rows")
      let counts = [Self.histogram(top), Self.histogram(bottom)]
      let background = try #require(counts[0].max { $0.value < $1.value }?.key)
      let white: (UInt8, UInt8, UInt8) = (
        UInt8(background >> 16 & 0xff), UInt8(background >> 8 & 0xff), UInt8(background & 0xff)
      )
      if Self.luminance(white) < 0.9 { problems.append("the background is not white: \(white)") }
      for label in Self.labels {
        let drawn = counts.map { $0[Self.key(label.rgb), default: 0] }.reduce(0, +)
        if drawn < 20 {
          problems.append("no \(label.kinds) label in \(label.rgb) (\(topPath), \(bottomPath))")
        }
        let a = Self.luminance(label.rgb)
        let b = Self.luminance(white)
        let ratio = (max(a, b) + 0.05) / (min(a, b) + 0.05)
        if ratio < 4.5 {
          problems.append("\(label.kinds) in \(label.rgb) on \(white): contrast \(ratio) < 4.5")
        }
      }
      // The old colours (yellow books, light cyan apps) must be gone.
      for old: (UInt8, UInt8, UInt8) in [(255, 175, 95), (95, 215, 215), (255, 175, 0)]
      where counts.contains(where: { $0[Self.key(old), default: 0] > 20 }) {
        problems.append("the dark palette's \(old) is still drawn")
      }
      if let folder = ProcessInfo.processInfo.environment["TUNES_SCREENSHOT_DIR"], !folder.isEmpty {
        let to = URL(fileURLWithPath: folder)
        try? FileManager.default.createDirectory(at: to, withIntermediateDirectories: true)
        await DedicatedThread.run { [top] in
          try? top.png()?.write(to: to.appendingPathComponent("xterm-light-home.png"))
          try? bottom.png()?.write(to: to.appendingPathComponent("xterm-light-home-rows.png"))
        }
      }
    } catch {
      problems.append("\(error)")
    }
    let keep = !problems.isEmpty || ProcessInfo.processInfo.environment["TUNES_X11_KEEP"] != nil
    if !problems.isEmpty {
      problems.append("Screenshots and log kept in \(session.directory.path)")
    }
    await session.close(keep: keep)
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }
}
