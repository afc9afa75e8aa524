import Foundation
import TestSupport
import Testing

@testable import TunesStorage

@Suite("ListeningStore")
struct ListeningStoreTests {
  @Test("an episode's place survives closing and reopening the file, and a save replaces it")
  func survivesReopening() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let first = try TunesDatabase.open(paths: dir.paths, now: fixedClock)
    try first.listening.save(id: 9, position: 754.5, duration: 1800, played: false)
    try first.listening.save(id: 10, position: 12, duration: nil, played: false)
    try first.listening.save(id: 10, position: 1800, duration: 1800, played: true)
    first.database.close()
    let second = try TunesDatabase.open(paths: dir.paths, now: fixedClock)
    let found = try second.listening.progress(ids: [9, 10, 11])
    #expect(
      found[9]
        == ListeningStore.Progress(
          id: 9, position: 754.5, duration: 1800, played: false, updatedAt: fixedDate))
    #expect(found[10]?.played == true)
    #expect(found[10]?.position == 1800)
    #expect(found[11] == nil)
  }

  @Test("positions that are not finite or below zero are kept as 0; 1,200 ids read in chunks")
  func oddValues() throws {
    let store = try TunesDatabase.inMemory(now: fixedClock).listening
    try store.save(id: 1, position: .nan, duration: .infinity, played: false)
    try store.save(id: 2, position: -4, duration: -1, played: false)
    let ids = (1...1_200).map(Int64.init)
    for id in ids.dropFirst(2) { try store.save(id: id, position: 1, duration: nil, played: false) }
    let found = try store.progress(ids: ids)
    #expect(found.count == 1_200)
    #expect(found[1]?.position == 0 && found[1]?.duration == nil)
    #expect(found[2]?.position == 0 && found[2]?.duration == nil)
  }
}
