import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Reads with a ceiling: no input a command takes (ids on stdin or in a file, an import file)
/// is read past `limit`, so `tunes lookup - < /dev/zero` or a 100 MB title ends with a message
/// instead of growing without bound.
enum BoundedInput {
  /// 64 MiB: far more than any export tunes writes or any list of ids Apple would answer.
  static let limit = 64 << 20
  /// `limit` in words.
  static let limitText = "64 MiB"

  /// At most `limit + 1` bytes from `descriptor` (the extra byte tells "too much" from "just
  /// fits"), retrying on EINTR; what was read when a read fails.
  static func read(_ descriptor: Int32, limit: Int = limit) -> Data {
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while data.count <= limit {
      let want = min(chunk.count, limit + 1 - data.count)
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, want) }
      if count < 0, errno == EINTR { continue }
      if count <= 0 { break }
      data.append(contentsOf: chunk[..<count])
    }
    return data
  }

  /// The file at `path`, refused past `limit`.
  /// - Throws: `.file` with exit 66 when it cannot be opened, `.data` (65) when it is too large.
  static func file(_ path: String, limit: Int = limit) throws(CLIError) -> Data {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let error = NSError(domain: NSPOSIXErrorDomain, code: Int(errno))
      throw .file(
        "cannot read \(path): \(FileErrors.describe(error, path: path))", code: ExitCode.noInput)
    }
    defer { close(descriptor) }
    var info = stat()
    if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
      let error = NSError(domain: NSPOSIXErrorDomain, code: Int(EISDIR))
      throw .file(
        "cannot read \(path): \(FileErrors.describe(error, path: path))", code: ExitCode.noInput)
    }
    let data = read(descriptor, limit: limit)
    guard data.count <= limit else {
      throw .data("\(path) is larger than \(limitText); tunes does not read it.")
    }
    return data
  }
}
