import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A file's lines (without their line feeds), read in chunks rather than mapped or read
/// whole, so that what is held is a chunk and the line at hand. A read error ends the lines.
package final class FileLines {
  private let descriptor: Int32
  private var buffer: [UInt8] = []
  private var start = 0
  private var atEnd = false
  private static let chunkBytes = 256 << 10

  /// Nil where the file cannot be opened.
  package init?(_ url: URL) {
    descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
  }

  deinit { close(descriptor) }

  /// The next line; the last one whether or not a line feed ends it; nil after it.
  package func next() -> ArraySlice<UInt8>? {
    while true {
      if let newline = buffer[start...].firstIndex(of: 0x0A) {
        defer { start = newline + 1 }
        return buffer[start..<newline]
      }
      if atEnd {
        guard start < buffer.count else { return nil }
        defer { start = buffer.count }
        return buffer[start...]
      }
      fill()
    }
  }

  /// Drops the lines returned and reads the next chunk after what is left.
  private func fill() {
    buffer.removeSubrange(0..<start)
    start = 0
    let kept = buffer.count
    buffer.append(contentsOf: repeatElement(0, count: Self.chunkBytes))
    var count = 0
    repeat {
      count = buffer.withUnsafeMutableBytes {
        read(descriptor, $0.baseAddress! + kept, Self.chunkBytes)
      }
    } while count < 0 && errno == EINTR
    buffer.removeLast(Self.chunkBytes - max(count, 0))
    if count <= 0 { atEnd = true }
  }
}
