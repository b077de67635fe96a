import Foundation
import Testing

@testable import AuraSupport

/// A scratch file gives back every byte where it was appended, whether it is on disk or had to
/// stay in memory, and leaves no file behind.
@Suite struct ScratchFileTests {
  /// 700 KB appended in pieces of every size (so that flushes fall inside pieces), and the
  /// pieces read back by their places.
  private static func roundTrip(folder: String) -> (ScratchFile, matched: Bool) {
    var state: UInt64 = 7
    func nextByte() -> UInt8 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 33)
    }
    let writer = ScratchFile.Writer(folder: folder)
    var pieces: [(offset: Int, bytes: [UInt8])] = []
    var size = 1
    while writer.count < 700_000 {
      let bytes = (0..<size).map { _ in nextByte() }
      pieces.append((writer.count, bytes))
      writer.append(bytes)
      size = size * 7 % 65_521
    }
    let file = writer.finish()
    let matched =
      file.count == pieces.last!.offset + pieces.last!.bytes.count
      && pieces.reversed().allSatisfy {
        file.read(offset: $0.offset, length: $0.bytes.count) == $0.bytes
      }
    return (file, matched)
  }

  @Test func bytesComeBackFromDiskAndNoFileIsLeft() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("scratch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let (file, matched) = Self.roundTrip(folder: folder.path)
    #expect(file.isOnDisk)
    #expect(matched)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test func aFolderThatCannotBeWrittenKeepsTheBytesInMemory() {
    let (file, matched) = Self.roundTrip(folder: "/nonexistent-\(UUID().uuidString)")
    #expect(!file.isOnDisk)
    #expect(matched)
  }
}
