import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Plain messages for file errors. Foundation's errors are not `LocalizedError` on Linux and print as
/// `Error Domain=NSCocoaErrorDomain Code=260 …`.
enum FileErrors {
  /// "No such file or directory", "Permission denied", "Is a directory" … for a file that could not be read.
  static func describe(_ error: any Error, path: String) -> String {
    var status = stat()
    if stat(path, &status) != 0 { return String(cString: strerror(errno)) }
    if status.st_mode & S_IFMT == S_IFDIR { return String(cString: strerror(EISDIR)) }
    if access(path, R_OK) != 0 { return String(cString: strerror(errno)) }
    let nsError = error as NSError
    return nsError.localizedFailureReason ?? nsError.localizedDescription
  }
}
