import Foundation

/// The tab-separated bookkeeping files (the runner's `<out>/.state`, a release's partition and
/// report keys): one record per line. Fields are names, numbers and digests; a tab or newline
/// inside one is written as a space. Both directions work on raw bytes: a run that finds
/// nothing to do reads little else, and `Data` slices or `Character`s would dominate it.
package enum TSVTable {
  /// The records of `url` with exactly `columns` fields (the last takes the rest of the
  /// line); none when the file is missing.
  package static func read(_ url: URL, columns: Int) -> [[String]] {
    guard let data = FileManager.default.contents(atPath: url.path) else { return [] }
    return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> [[String]] in
      let bytes = bytes.bindMemory(to: UInt8.self)
      var records: [[String]] = []
      var fields: [String] = []
      fields.reserveCapacity(columns)
      var start = 0
      var index = 0
      func field(_ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
      }
      // Ends the line at `end`: a blank line is no record, one of another width is skipped.
      func endLine(_ end: Int) {
        if end > start || !fields.isEmpty {
          fields.append(field(end))
          if fields.count == columns { records.append(fields) }
        }
        fields.removeAll(keepingCapacity: true)
        start = end + 1
      }
      while index < bytes.count {
        let byte = bytes[index]
        if byte == 0x09, fields.count < columns - 1 {
          fields.append(field(index))
          start = index + 1
        } else if byte == 0x0A {
          endLine(index)
        }
        index += 1
      }
      endLine(index)
      return records
    }
  }

  /// Replaces `url` atomically with `records`.
  package static func write(_ records: [[String]], to url: URL) throws {
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try AtomicFile.write(encoded(records), to: url)
  }

  /// `records` as the file's bytes.
  package static func encoded(_ records: [[String]]) -> Data {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(records.count * 128)
    for record in records {
      for (position, field) in record.enumerated() {
        if position > 0 { bytes.append(0x09) }
        for byte in field.utf8 {
          bytes.append(byte == 0x09 || byte == 0x0A || byte == 0x0D ? 0x20 : byte)
        }
      }
      bytes.append(0x0A)
    }
    return Data(bytes)
  }
}
