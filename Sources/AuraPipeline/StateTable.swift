import Foundation

/// The tab-separated files under `<out>/.state`: one record per line. Lines are split on bytes
/// (splitting 20k lines by Character was a tenth of a no-op run). Fields are names, numbers
/// and digests; a tab or newline inside one is written as a space.
enum StateTable {
  /// The records of `url` with exactly `columns` fields (the last takes the rest of the
  /// line); none when the file is missing.
  static func read(_ url: URL, columns: Int) -> [[String]] {
    guard let data = FileManager.default.contents(atPath: url.path) else { return [] }
    return data.split(separator: 0x0A).compactMap { line in
      let fields = line.split(
        separator: 0x09, maxSplits: columns - 1, omittingEmptySubsequences: false)
      guard fields.count == columns else { return nil }
      return fields.map { String(decoding: $0, as: UTF8.self) }
    }
  }

  /// Replaces `url` atomically with `records`.
  static func write(_ records: [[String]], to url: URL) throws {
    var text = ""
    for record in records {
      text += record.map { field in
        field.contains { $0 == "\t" || $0 == "\n" || $0 == "\r" }
          ? String(field.map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 }) : field
      }.joined(separator: "\t")
      text += "\n"
    }
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try AtomicFile.write(Data(text.utf8), to: url)
  }
}
