import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// libFuzzer's entry points (it supplies `main` when built with `--sanitize fuzzer`; a plain
// build links an empty program). `TUNES_FUZZ_TARGET` picks the target; `list` prints the names.

/// The target this process fuzzes, chosen once.
nonisolated(unsafe) var chosenTarget: (@Sendable ([UInt8]) -> String?)?

/// libFuzzer's start-up hook: chooses the target named by `TUNES_FUZZ_TARGET`.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(
  _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
) -> Int32 {
  // `TUNES_FUZZ_SEEDS=DIR`: write the seeds made at run time (the images) and stop.
  if let folder = ProcessInfo.processInfo.environment["TUNES_FUZZ_SEEDS"] {
    do {
      try ImageSeeds.write(to: URL(fileURLWithPath: folder, isDirectory: true))
      exit(0)
    } catch {
      FileHandle.standardError.write(Data("tunes-fuzz: cannot write seeds: \(error)\n".utf8))
      exit(73)
    }
  }
  let name = ProcessInfo.processInfo.environment["TUNES_FUZZ_TARGET"] ?? ""
  if name == "list" {
    print(fuzzTargets.map(\.name).joined(separator: "\n"))
    exit(0)
  }
  guard let target = fuzzTargets.first(where: { $0.name == name }) else {
    let names = fuzzTargets.map(\.name).joined(separator: ", ")
    FileHandle.standardError.write(
      Data("tunes-fuzz: set TUNES_FUZZ_TARGET to one of \(names)\n".utf8))
    exit(64)
  }
  chosenTarget = target.run
  return 0
}

/// libFuzzer's entry for one input: runs the chosen target on the bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  if let problem = chosenTarget?(bytes) {
    FileHandle.standardError.write(Data("tunes-fuzz: \(problem)\n".utf8))
    abort()
  }
  return 0
}

/// The entry point SwiftPM links a testable executable with (`swift build --build-tests`
/// renames `main` to `<target>_main`): there the program does nothing. Fuzz builds
/// (`swift build --sanitize fuzzer`) use libFuzzer's `main` instead.
@_cdecl("tunes_fuzz_main")
public func testableMain(
  _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
) -> Int32 {
  0
}
