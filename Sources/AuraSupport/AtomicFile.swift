import Foundation

/// Write-aside-then-rename file writes: a reader, or a run killed halfway, never sees a
/// half-written file.
package enum AtomicFile {
  /// Writes `data` to a temporary file beside `url` and renames it into place. `durable`
  /// flushes the file to disk before the rename (`Data.write` does); without it the caller
  /// flushes later, once for many files.
  package static func write(_ data: Data, to url: URL, durable: Bool = true) throws {
    try write(data, toPath: url.path, durable: durable)
  }

  /// `write(_:to:durable:)` for a file system path. The file that is not flushed is written
  /// with `open`, `write` and `close`: Foundation's `createFile` writes an empty file aside and
  /// renames it first (two renames and two opens a file).
  package static func write(_ data: Data, toPath path: String, durable: Bool = true) throws {
    let name = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
    let temporary =
      String(path[..<name]) + ".\(path[name...]).\(ProcessInfo.processInfo.processIdentifier).tmp"
    do {
      if durable {
        try data.write(to: URL(fileURLWithPath: temporary))
      } else {
        try writeUnflushed(data, toPath: temporary)
      }
    } catch {
      unlink(temporary)
      throw error
    }
    if rename(temporary, path) != 0 {
      let error = failure(path)
      unlink(temporary)
      throw error
    }
  }

  /// Creates or truncates the file at `path` and writes `data` to it, without flushing.
  private static func writeUnflushed(_ data: Data, toPath path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw failure(path) }
    defer { close(descriptor) }
    try data.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = Foundation.write(
          descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          throw failure(path)
        }
        offset += written
      }
    }
  }

  /// A write error naming `path`, with the current `errno`.
  private static func failure(_ path: String) -> CocoaError {
    CocoaError(
      .fileWriteUnknown,
      userInfo: [
        NSFilePathErrorKey: path,
        NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO),
      ])
  }
}
