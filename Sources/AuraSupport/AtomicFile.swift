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
    let temporary = try writeAside(data, toPath: path, durable: durable)
    if rename(temporary, path) != 0 {
      let error = failure(path)
      unlink(temporary)
      throw error
    }
  }

  /// Creates the file at `path` with `data`, complete or not at all, unless a file is there
  /// already: then it is left as it is and this returns false. Two writers of the same path,
  /// on one host or on several sharing the filesystem, never see each other's partial file
  /// (the data is written aside and hard-linked into place, which fails on an existing name).
  package static func create(_ data: Data, toPath path: String, durable: Bool = true) throws
    -> Bool
  {
    let temporary = try writeAside(data, toPath: path, durable: durable)
    defer { unlink(temporary) }
    if link(temporary, path) == 0 { return true }
    if errno == EEXIST { return false }
    throw failure(path)
  }

  /// The host and process in every temporary name (and the thread, below), so that writers on
  /// hosts sharing a filesystem never share one.
  private static let writer =
    "\(ProcessInfo.processInfo.hostName).\(ProcessInfo.processInfo.processIdentifier)"

  /// Writes `data` to a temporary file beside `path` (`.<name>.<host>.<pid>.<thread>.tmp`),
  /// flushed when `durable`, and returns its path.
  private static func writeAside(_ data: Data, toPath path: String, durable: Bool) throws
    -> String
  {
    let name = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
    let temporary =
      String(path[..<name]) + ".\(path[name...]).\(writer).\(pthread_self()).tmp"
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
    return temporary
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
