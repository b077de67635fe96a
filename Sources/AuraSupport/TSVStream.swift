import Foundation

extension TSVTable {
  /// The records of a file read one at a time, in chunks, with `read`'s rules: what is held
  /// is a chunk and the record at hand, whatever the file's length.
  package struct Cursor {
    private let lines: FileLines?
    private let columns: Int

    /// An empty cursor when the file is missing.
    package init(_ url: URL, columns: Int) {
      lines = FileLines(url)
      self.columns = columns
    }

    /// The next record of `columns` fields; nil at the end.
    package mutating func next() -> [String]? {
      guard let lines else { return nil }
      while let line = lines.next() {
        guard !line.isEmpty else { continue }
        var fields: [String] = []
        var start = line.startIndex
        for index in line.indices where line[index] == 0x09 && fields.count < columns - 1 {
          fields.append(String(decoding: line[start..<index], as: UTF8.self))
          start = index + 1
        }
        fields.append(String(decoding: line[start..<line.endIndex], as: UTF8.self))
        if fields.count == columns { return fields }
      }
      return nil
    }
  }

  /// Records appended one at a time to a file that appears, whole, only at `finish`: they are
  /// written aside and renamed into place, so a reader never sees part of the file.
  package final class Appender {
    private let url: URL
    private let temporary: URL
    private let handle: FileHandle
    private var pending: [UInt8] = []
    private var finished = false

    package init(_ url: URL) throws {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      self.url = url
      temporary = url.deletingLastPathComponent().appendingPathComponent(
        ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).partial")
      guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
      }
      handle = try FileHandle(forWritingTo: temporary)
    }

    package func append(_ record: [String]) throws {
      pending.append(contentsOf: TSVTable.encoded([record]))
      if pending.count >= 1 << 20 { try flush() }
    }

    /// Writes what is left and renames the file into place.
    package func finish() throws {
      try flush()
      try handle.close()
      finished = true
      if rename(temporary.path, url.path) != 0 {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
      }
    }

    private func flush() throws {
      try handle.write(contentsOf: pending)
      pending.removeAll(keepingCapacity: true)
    }

    deinit {
      guard !finished else { return }
      try? handle.close()
      try? FileManager.default.removeItem(at: temporary)
    }
  }
}
