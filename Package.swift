// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "tunes",
  products: [
    .executable(name: "tunes", targets: ["tunes"]),
    .library(name: "ITunesCatalog", targets: ["ITunesCatalog"]),
    .library(name: "ITunesClient", targets: ["ITunesClient"]),
    .library(name: "ITunesClientLive", targets: ["ITunesClientLive"]),
    .library(name: "TunesStorage", targets: ["TunesStorage"]),
    .library(name: "AppArchitecture", targets: ["AppArchitecture"]),
    .library(name: "TunesFeatures", targets: ["TunesFeatures"]),
    .library(name: "TerminalUI", targets: ["TerminalUI"]),
  ],
  targets: [
    // Core library: pure Swift + Foundation, usable unchanged by an iOS app
    // (Scripts/check-ios-reuse.sh proves it: no Glibc, no C library but SQLite, no processes).
    .target(name: "ITunesCatalog"),
    .target(name: "ITunesClient", dependencies: ["ITunesCatalog", "AppArchitecture"]),
    .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
    .target(name: "TunesStorage", dependencies: ["CSQLite"]),

    // The client's live transports (libcurl, URLSession) and the shared pacing file.
    .systemLibrary(
      name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
    .target(
      name: "ITunesClientLive",
      dependencies: [
        "ITunesClient", "ITunesCatalog", "AppArchitecture",
        .byName(name: "CCurl", condition: .when(platforms: [.linux])),
      ]),

    // Artwork: coalesced downloads, memory and disk caches, JPEG and PNG decoding.
    .systemLibrary(
      name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
    .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
    .systemLibrary(
      name: "CChafa", pkgConfig: "chafa", providers: [.apt(["libchafa-dev", "libglib2.0-dev"])]),
    .target(
      name: "Artwork",
      dependencies: [
        "ITunesCatalog", "ITunesClient", "ITunesClientLive", "TunesStorage", "CTurboJPEG", "CPNG",
      ]),
    .target(name: "AppArchitecture"),
    .target(
      name: "TunesFeatures",
      dependencies: ["AppArchitecture", "ITunesCatalog", "ITunesClient", "Playback"]),

    // Terminal kit and the terminal app.
    .target(name: "TerminalUI"),
    .target(name: "TerminalPOSIX", dependencies: ["TerminalUI"]),
    .target(name: "TerminalGraphics", dependencies: ["TerminalUI", "CChafa", "CPNG"]),
    .target(
      name: "TunesTUI",
      dependencies: [
        "TunesFeatures", "AppArchitecture", "TerminalUI", "TerminalGraphics", "TerminalPOSIX",
      ]),

    // Previews: the player's interface, and one long-lived mpv driven over its JSON IPC socket.
    .target(name: "Playback"),
    .target(name: "PlaybackLive", dependencies: ["Playback"]),

    // The desktop: MPRIS and notifications over GDBus (glib's D-Bus, already here for chafa).
    .systemLibrary(name: "CGio", pkgConfig: "gio-2.0", providers: [.apt(["libglib2.0-dev"])]),
    .target(name: "DesktopLive", dependencies: ["CGio"]),

    // The replay server, the composition root, the command line and the executable.
    .target(name: "ITunesReplay", dependencies: ["ITunesCatalog", "CTurboJPEG", "CPNG"]),
    .target(
      name: "TunesLive",
      dependencies: [
        "DesktopLive",
        "ITunesCatalog", "ITunesClient", "TunesStorage", "AppArchitecture", "TunesFeatures",
        "TerminalUI", "TerminalPOSIX", "ITunesReplay", "Playback", "Artwork", "TerminalGraphics",
        "ITunesClientLive", "PlaybackLive",
      ]),
    // `tunes mcp`: the Model Context Protocol over stdio, tools over the same client and storage.
    .target(name: "TunesMCP", dependencies: ["ITunesCatalog", "ITunesClient", "TunesStorage"]),
    // The build's commit for `tunes --version` (a header Scripts/build-info.sh writes).
    .target(name: "CBuildInfo"),
    // The executable's start-up: stubs that load libcurl, GIO and the image libraries on first
    // use (Scripts/lazy-libraries.py then drops them from the start-up list), and the backtrace
    // setting made before the Swift runtime reads it.
    .target(name: "CStartup"),
    .target(
      name: "TunesCLI",
      dependencies: [
        "ITunesCatalog", "ITunesClient", "TunesStorage", "ITunesReplay", "TunesLive", "TerminalUI",
        "Playback", "CBuildInfo", "TunesMCP",
      ]),
    .executableTarget(
      name: "tunes",
      dependencies: ["TunesCLI", "TunesLive", "TunesTUI", "TerminalPOSIX", "CStartup"],
      // Not position-independent: the loader then has no 128,000 relative fixups to apply to
      // the statically linked runtime at each start (docs/DECISIONS.md, "Cold start").
      linkerSettings: [.unsafeFlags(["-Xclang-linker", "-no-pie"])]),
    .executableTarget(
      name: "tunes-bench",
      dependencies: [
        "ITunesCatalog", "ITunesClient", "ITunesReplay", "TunesStorage", "TerminalUI", "TunesTUI",
        "TunesFeatures", "TunesLive", "Playback", "TerminalGraphics", "TerminalPOSIX", "Artwork",
        "ITunesClientLive", "PlaybackLive",
      ]),

    // libFuzzer targets (`make fuzz`); a plain build links an empty program.
    .executableTarget(
      name: "tunes-fuzz",
      dependencies: [
        "Artwork", "ITunesCatalog", "ITunesReplay", "TerminalUI", "TunesCLI", "TunesMCP",
      ]),

    // Tests.
    .target(
      name: "TestSupport",
      dependencies: ["AppArchitecture", "TerminalUI", "ITunesReplay", "ITunesCatalog"]),
    .testTarget(name: "ITunesCatalogTests", dependencies: ["ITunesCatalog", "TestSupport"]),
    .testTarget(
      name: "ITunesClientTests",
      dependencies: [
        "ITunesClient", "ITunesClientLive", "ITunesCatalog", "ITunesReplay", "TestSupport",
        "CStartup",
      ]),
    .testTarget(
      name: "ITunesReplayTests", dependencies: ["ITunesReplay", "ITunesCatalog", "TestSupport"]),
    .testTarget(name: "TunesStorageTests", dependencies: ["TunesStorage", "TestSupport"]),
    .testTarget(name: "AppArchitectureTests", dependencies: ["AppArchitecture", "TestSupport"]),
    .testTarget(
      name: "TerminalUITests", dependencies: ["TerminalUI", "TestSupport"],
      exclude: ["__Snapshots__"]),
    .testTarget(name: "TerminalPOSIXTests", dependencies: ["TerminalPOSIX", "TestSupport"]),
    .testTarget(
      name: "TunesFeaturesTests",
      dependencies: [
        "TunesFeatures", "AppArchitecture", "ITunesCatalog", "ITunesClient", "Playback",
        "TestSupport",
      ]),
    .testTarget(
      name: "TunesTUITests",
      dependencies: [
        "TunesTUI", "TunesFeatures", "TerminalUI", "TerminalGraphics", "Playback", "TestSupport",
      ],
      exclude: ["__Snapshots__"]),
    .testTarget(
      name: "TunesLiveTests",
      dependencies: [
        "TunesLive", "TunesFeatures", "ITunesCatalog", "ITunesClient", "TunesStorage",
        "TerminalPOSIX", "TerminalGraphics", "TestSupport",
      ]),
    .testTarget(
      name: "TunesCLITests",
      dependencies: [
        "TunesCLI", "ITunesCatalog", "ITunesClient", "TunesStorage", "ITunesReplay", "TerminalUI",
        "Playback", "ITunesClientLive",
        "TestSupport",
      ], exclude: ["__Snapshots__"]),
    .testTarget(
      name: "TunesMCPTests",
      dependencies: ["TunesMCP", "ITunesCatalog", "ITunesClient", "TunesStorage", "TestSupport"]),
    .testTarget(
      name: "EndToEndTests", dependencies: ["ITunesReplay", "TestSupport"],
      exclude: ["__Snapshots__"]),
    .testTarget(
      name: "ArtworkTests",
      dependencies: ["Artwork", "ITunesReplay", "TestSupport", "CTurboJPEG", "CPNG"]),
    .testTarget(
      name: "TerminalGraphicsTests",
      dependencies: ["TerminalGraphics", "TerminalUI", "TestSupport"],
      exclude: ["__Snapshots__"]),
    .testTarget(
      name: "PlaybackTests",
      dependencies: ["Playback", "PlaybackLive", "ITunesReplay", "TestSupport"]),
    .testTarget(name: "DesktopLiveTests", dependencies: ["DesktopLive", "CGio", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
