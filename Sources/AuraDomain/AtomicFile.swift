import Foundation

/// Write-aside-then-rename file writes: a reader, or a run killed halfway, never sees a
/// half-written file.
public enum AtomicFile {
  /// Writes `data` to a temporary file beside `url` and renames it into place. `durable`
  /// flushes the file to disk before the rename (`Data.write` does); without it the caller
  /// flushes later, once for many files.
  public static func write(_ data: Data, to url: URL, durable: Bool = true) throws {
    let temporary = url.deletingLastPathComponent()
      .appendingPathComponent(
        ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
    do {
      if durable {
        try data.write(to: temporary)
      } else {
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
          throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        let handle = try FileHandle(forWritingTo: temporary)
        defer { try? handle.close() }
        try handle.write(contentsOf: data)
      }
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw error
    }
    if rename(temporary.path, url.path) != 0 {
      try? FileManager.default.removeItem(at: temporary)
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
    }
  }
}
