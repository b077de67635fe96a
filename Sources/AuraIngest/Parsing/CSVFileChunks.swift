import AuraDomain
import Foundation

/// A file's bytes read in chunks (never mapped or read whole: the memory a table costs is its
/// chunk and its longest line, whatever its length) and fed to a `CSVLineFeeder`.
enum CSVFileChunks {
  static let chunkBytes = 256 << 10

  /// Feeds the file at `url` to `feeder`, its UTF-8 byte order mark skipped; returns the
  /// file's length. `path` names the file in the problem thrown where it cannot be read.
  static func feed(_ url: URL, path: String, maxLineBytes: Int, to feeder: CSVLineFeeder) throws
    -> Int
  {
    let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw unreadable(path) }
    defer { close(descriptor) }
    // Room for a whole line of the longest kind read plus a chunk after it.
    var buffer = [UInt8](repeating: 0, count: maxLineBytes + chunkBytes + 1)
    var filled = 0
    var fileOffset = 0
    var startsFile = true
    while true {
      let count = buffer.withUnsafeMutableBytes { raw in
        readRetrying(descriptor, raw.baseAddress! + filled, min(chunkBytes, raw.count - filled))
      }
      guard count >= 0 else { throw unreadable(path) }
      filled += count
      let atEnd = count == 0
      var skipped = 0
      if startsFile, filled >= 3 || atEnd {
        startsFile = false
        if filled >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { skipped = 3 }
      }
      if startsFile { continue }
      let consumed = try buffer.withUnsafeBytes { raw in
        try feeder.feed(
          UnsafeRawBufferPointer(rebasing: raw[skipped..<filled]), offset: fileOffset + skipped,
          atEnd: atEnd)
      }
      let used = skipped + consumed
      if atEnd {
        try feeder.finish(totalBytes: fileOffset + filled)
        return fileOffset + filled
      }
      buffer.withUnsafeMutableBytes { raw in
        _ = memmove(raw.baseAddress!, raw.baseAddress! + used, filled - used)
      }
      filled -= used
      fileOffset += used
    }
  }

  private static func readRetrying(
    _ descriptor: Int32, _ into: UnsafeMutableRawPointer, _ count: Int
  )
    -> Int
  {
    while true {
      let result = read(descriptor, into, count)
      if result >= 0 || errno != EINTR { return result }
    }
  }

  private static func unreadable(_ path: String) -> DatasetProblem {
    DatasetProblem(path: path, line: 0, reason: "unreadable: \(String(cString: strerror(errno)))")
  }
}
