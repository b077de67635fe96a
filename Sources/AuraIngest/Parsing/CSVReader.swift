import AuraDomain
import CLibCSV
import Foundation

/// One parsed CSV row, valid only inside the callback that receives it.
package struct CSVRow {
  fileprivate let collector: RowCollector
  /// 1-based line on which the row starts.
  package let line: Int
  /// Where the row's bytes are in the data read, from the start of its first line to the end
  /// of its last (its line feed included).
  package let bytes: Range<Int>

  /// Number of fields in the row.
  package var count: Int { collector.ranges.count }

  /// The field's text, or "" past the end of the row.
  package func string(_ index: Int) -> String {
    guard index < collector.ranges.count else { return "" }
    let range = collector.ranges[index]
    return collector.storage.withUnsafeBufferPointer {
      String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self)
    }
  }

  /// Whether the field's bytes are valid UTF-8 (true past the end of the row).
  package func isUTF8(_ index: Int) -> Bool {
    guard index < collector.ranges.count else { return true }
    let range = collector.ranges[index]
    return collector.storage.withUnsafeBufferPointer {
      String(validating: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) != nil
    }
  }

  /// The field's bytes read as ISO 8859-1 (every byte one character).
  package func latin1String(_ index: Int) -> String {
    guard index < collector.ranges.count else { return "" }
    let range = collector.ranges[index]
    return collector.storage.withUnsafeBufferPointer {
      String(UnsafeBufferPointer(rebasing: $0[range]).map { Character(Unicode.Scalar($0)) })
    }
  }

  /// True when the field is absent or holds only spaces.
  package func isEmpty(_ index: Int) -> Bool {
    guard index < collector.ranges.count else { return true }
    return collector.storage[collector.ranges[index]].allSatisfy { $0 == 0x20 || $0 == 0x09 }
  }

  /// The field as a number: nil when empty; `.failure` with the offending text otherwise.
  package func number(_ index: Int) -> NumberField {
    guard !isEmpty(index) else { return .empty }
    let range = collector.ranges[index]
    return collector.storage.withUnsafeBufferPointer { buffer -> NumberField in
      let base = UnsafeRawPointer(buffer.baseAddress! + range.lowerBound).assumingMemoryBound(
        to: CChar.self)
      var end: UnsafeMutablePointer<CChar>? = nil
      let value = strtod(base, &end)
      guard let end else { return .invalid }
      var cursor = UnsafePointer(end)
      while cursor.pointee == 0x20 || cursor.pointee == 0x09 { cursor += 1 }
      let consumed = cursor - base
      guard consumed == range.count, UnsafePointer(end) != base else { return .invalid }
      return value.isFinite ? .value(value) : .nonFinite
    }
  }
}

/// What a CSV field holds when read as a number.
package enum NumberField: Equatable {
  case empty, invalid, nonFinite
  case value(Double)
}

/// Streams a CSV file through libcsv (RFC 4180 quoting, CRLF or LF, UTF-8 BOM skipped),
/// reporting each row with the line it starts on.
package enum CSVReader {
  /// Calls `body` for every non-empty row, header included (line 1 for a file that starts
  /// with it). Throws a `DatasetProblem` naming `path` and the line for a line longer than
  /// `maxLineBytes` (unless `skipLongLine` is given and the line starts a row: it is then told
  /// the line and the line is skipped), a malformed quote, or whatever `body` throws.
  package static func forEachRow(
    in data: Data, path: String, maxLineBytes: Int = 1 << 20,
    skipLongLine: ((Int) throws -> Void)? = nil, _ body: (CSVRow) throws -> Void
  ) throws {
    try feeding(path: path, maxLineBytes: maxLineBytes, skipLongLine: skipLongLine, body) {
      feeder in
      try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
        let bom = raw.count >= 3 && raw[0] == 0xEF && raw[1] == 0xBB && raw[2] == 0xBF ? 3 : 0
        _ = try feeder.feed(UnsafeRawBufferPointer(rebasing: raw[bom...]), offset: bom, atEnd: true)
        try feeder.finish(totalBytes: raw.count)
      }
    }
  }

  /// `forEachRow` over the file at `url`, read in chunks: what is held is a chunk and the row
  /// at hand, whatever the file's length. A file that cannot be read is a problem naming
  /// `path`.
  package static func forEachRow(
    file url: URL, path: String, maxLineBytes: Int = 1 << 20,
    skipLongLine: ((Int) throws -> Void)? = nil, _ body: (CSVRow) throws -> Void
  ) throws {
    try feeding(path: path, maxLineBytes: maxLineBytes, skipLongLine: skipLongLine, body) {
      _ = try CSVFileChunks.feed(url, path: path, maxLineBytes: maxLineBytes, to: $0)
    }
  }

  private static func feeding(
    path: String, maxLineBytes: Int, skipLongLine: ((Int) throws -> Void)?,
    _ body: (CSVRow) throws -> Void, _ feed: (CSVLineFeeder) throws -> Void
  ) throws {
    try withoutActuallyEscaping(body) { escapable in
      let feeder = try CSVLineFeeder(
        path: path, maxLineBytes: maxLineBytes, skipLongLine: skipLongLine
      ) { collector, line, bytes in
        try escapable(CSVRow(collector: collector, line: line, bytes: bytes))
      }
      defer { feeder.stop() }
      try feed(feeder)
    }
  }

  /// Reads a small CSV file whole: its header (trimmed) and each row's fields as text. A data
  /// line over a megabyte is skipped and listed in `readProblems`.
  package static func readTable(data: Data, path: String) throws -> CSVTable {
    var rows: [CSVTable.Row] = []
    var table = try forEachTableRow(in: data, path: path) { _, row in rows.append(row) }
    table.rows = rows
    return table
  }

  /// A row's fields as a table reads them, trimmed. The tables are UTF-8; a field that is not
  /// is read as Latin-1 (what spreadsheets on older systems save) and the line is named, rather
  /// than turned into U+FFFD unseen.
  static func tableFields(_ row: CSVRow, path: String, problems: inout [DatasetProblem])
    -> [String]
  {
    (0..<row.count).map { index in
      guard row.isUTF8(index) else {
        problems.append(
          DatasetProblem(
            path: path, line: row.line,
            reason:
              "field \(index + 1) is not UTF-8: read as Latin-1 ('\(row.latin1String(index).prefix(40))')"
          ))
        return row.latin1String(index).trimmingWhitespace
      }
      return row.string(index).trimmingWhitespace
    }
  }

  /// Streams a table: `body` gets each data row (fields trimmed) with the header-only table
  /// for column lookups, so that no row outlives its call; the returned table has the header
  /// and `readProblems`, no rows. A data line over a megabyte is skipped and listed.
  package static func forEachTableRow(
    in data: Data, path: String, _ body: (CSVTable, CSVTable.Row) throws -> Void
  ) throws -> CSVTable {
    try forEachTableRow(.data(data), path: path, body)
  }

  /// `forEachTableRow` over the file at `url`, read in chunks (`forEachRow(file:)`).
  package static func forEachTableRow(
    file url: URL, path: String, _ body: (CSVTable, CSVTable.Row) throws -> Void
  ) throws -> CSVTable {
    try forEachTableRow(.file(url), path: path, body)
  }

  private enum Source {
    case data(Data)
    case file(URL)
  }

  private static func forEachRow(
    _ source: Source, path: String, maxLineBytes: Int, skipLongLine: ((Int) throws -> Void)?,
    _ body: (CSVRow) throws -> Void
  ) throws {
    switch source {
    case .data(let data):
      try forEachRow(
        in: data, path: path, maxLineBytes: maxLineBytes, skipLongLine: skipLongLine, body)
    case .file(let url):
      try forEachRow(
        file: url, path: path, maxLineBytes: maxLineBytes, skipLongLine: skipLongLine, body)
    }
  }

  private static func forEachTableRow(
    _ source: Source, path: String, _ body: (CSVTable, CSVTable.Row) throws -> Void
  ) throws -> CSVTable {
    var table = CSVTable(path: path, header: [], rows: [])
    var readProblems: [DatasetProblem] = []
    let limit = 1 << 20
    let skipLongLine = { (line: Int) throws in
      let problem = DatasetProblem(
        path: path, line: line, reason: "line is longer than \(limit) bytes")
      guard !table.header.isEmpty else { throw problem }
      readProblems.append(problem)
    }
    try forEachRow(source, path: path, maxLineBytes: limit, skipLongLine: skipLongLine) { row in
      let fields = tableFields(row, path: path, problems: &readProblems)
      if table.header.isEmpty {
        table.header = fields
      } else {
        try body(table, CSVTable.Row(line: row.line, fields: fields, bytes: row.bytes))
      }
    }
    table.readProblems = readProblems
    return table
  }
}

/// A small CSV file read whole, with named-column access.
package struct CSVTable: Sendable {
  /// One data row with the line it starts on.
  package struct Row: Sendable {
    package var line: Int
    package var fields: [String]
    /// Where the row is in the file (`CSVRow.bytes`).
    package var bytes: Range<Int> = 0..<0
  }

  package var path: String
  package var header: [String]
  package var rows: [Row]
  /// Lines that were not read as rows, or not as written, and why.
  package var readProblems: [DatasetProblem] = []

  /// Index of a column, or a problem naming the file when a required one is missing.
  package func column(_ name: String) throws -> Int {
    guard let index = header.firstIndex(of: name) else {
      throw DatasetProblem(path: path, line: 1, reason: "missing required column '\(name)'")
    }
    return index
  }

  /// Index of an optional column.
  package func optionalColumn(_ name: String) -> Int? { header.firstIndex(of: name) }
}
