import Foundation
import Glibc
import TestSupport
import Testing

@testable import Artwork

@Suite("The artwork cache folder")
struct DiskCacheLinkTests {
  @Test("a symlinked cache folder is not used: its target keeps its mode and its .tmp- files")
  func symlinkNotFollowed() throws {
    let root = try TemporaryDirectory(prefix: "tunes-artwork")
    defer { root.remove() }
    let target = try root.subdirectory("elsewhere")
    #expect(chmod(target.path, 0o755) == 0)
    let leftover = target.appendingPathComponent(".tmp-keep-1")
    #expect(FileManager.default.createFile(atPath: leftover.path, contents: Data("x".utf8)))
    let old = Date(timeIntervalSinceNow: -3600)
    try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: leftover.path)
    let link = root.appending("artwork")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    let cache = DiskCache(directory: link, capacity: 1 << 20)
    cache.write("k", bytes: [1, 2, 3])
    #expect(cache.read("k") == nil)
    let attributes = try FileManager.default.attributesOfItem(atPath: target.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o755)
    #expect(FileManager.default.fileExists(atPath: leftover.path))
  }

  @Test("a folder of its own is used, made 0700")
  func ownFolder() throws {
    let root = try TemporaryDirectory(prefix: "tunes-artwork")
    defer { root.remove() }
    let folder = root.appending("artwork")
    let cache = DiskCache(directory: folder, capacity: 1 << 20)
    cache.write("k", bytes: [1, 2, 3])
    #expect(cache.read("k") == [1, 2, 3])
    let attributes = try FileManager.default.attributesOfItem(atPath: folder.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o700)
  }
}
