import AuraDomain
import CLibCSV
import Foundation

/// Hands libcsv a CSV text one line at a time, whether the text is in memory whole or arrives
/// in chunks, so that every row is reported with the line it starts on and its bytes' place in
/// the file, and a line over `maxLineBytes` is refused or skipped without being held.
final class CSVLineFeeder {
  private let collector = RowCollector()
  private var parser = csv_parser()
  private let path: String
  private let maxLineBytes: Int
  private let skipLongLine: ((Int) throws -> Void)?
  private var line = 1
  /// Inside a line over `maxLineBytes` being skipped, whose end has not arrived yet.
  private var skipping = false

  init(
    path: String, maxLineBytes: Int, skipLongLine: ((Int) throws -> Void)?,
    onRow: @escaping (RowCollector, Int, Range<Int>) throws -> Void
  ) throws {
    guard csv_init(&parser, UInt8(CSV_APPEND_NULL)) == 0 else {
      throw DatasetProblem(path: path, line: 0, reason: "cannot initialise the CSV parser")
    }
    self.path = path
    self.maxLineBytes = maxLineBytes
    self.skipLongLine = skipLongLine
    collector.onRow = { [unowned collector] line, bytes in try onRow(collector, line, bytes) }
  }

  deinit { csv_free(&parser) }

  /// Lets go of the row callback (and what it holds): no row is reported after this.
  func stop() { collector.onRow = nil }

  /// Parses the whole lines of `bytes`, whose first byte is at `offset` in the file, and
  /// returns how many bytes that was; a last line without its line feed is left for the next
  /// call unless `atEnd`, or is skipped where it is already over `maxLineBytes`.
  func feed(_ bytes: UnsafeRawBufferPointer, offset: Int, atEnd: Bool) throws -> Int {
    guard let base = bytes.baseAddress, bytes.count > 0 else { return 0 }
    var cursor = base
    let end = base + bytes.count
    while cursor < end {
      let remaining = end - cursor
      let newline = memchr(cursor, 0x0A, remaining)
      if skipping {
        guard let newline else { return bytes.count }
        cursor = UnsafeRawPointer(newline) + 1
        skipping = false
        line += 1
        continue
      }
      guard newline != nil || atEnd || remaining > maxLineBytes else { break }
      let length = newline.map { UnsafeRawPointer($0) - cursor + 1 } ?? remaining
      if length > maxLineBytes {
        try refuseOrSkipLongLine()
        if newline == nil && !atEnd {
          skipping = true
          return bytes.count
        }
        cursor += length
        line += 1
        continue
      }
      try parse(cursor, length, at: offset + (cursor - base))
      cursor += length
    }
    return cursor - base
  }

  /// Ends the text, `totalBytes` long: a row without its line feed is reported.
  func finish(totalBytes: Int) throws {
    collector.currentLine = line - 1
    collector.currentLineEnd = totalBytes
    csv_fini(&parser, fieldCallback, rowCallback, Unmanaged.passUnretained(collector).toOpaque())
    if let error = collector.error { throw error }
  }

  private func refuseOrSkipLongLine() throws {
    guard let skipLongLine, parser.pstate == 0, collector.ranges.isEmpty else {
      throw DatasetProblem(
        path: path, line: line, reason: "line is longer than \(maxLineBytes) bytes")
    }
    try skipLongLine(line)
    collector.rowStartLine = 0
  }

  private func parse(_ start: UnsafeRawPointer, _ length: Int, at offset: Int) throws {
    collector.currentLine = line
    collector.currentLineEnd = offset + length
    if collector.rowStartLine == 0 {
      collector.rowStartLine = line
      collector.rowStartOffset = offset
    }
    let context = Unmanaged.passUnretained(collector).toOpaque()
    let parsed = csv_parse(&parser, start, length, fieldCallback, rowCallback, context)
    if let error = collector.error { throw error }
    if parsed != length {
      throw DatasetProblem(
        path: path, line: line, reason: String(cString: csv_strerror(csv_error(&parser))))
    }
    // A blank line starts no row: the next row starts on a later line.
    if parser.pstate == 0, collector.ranges.isEmpty { collector.rowStartLine = 0 }
    line += 1
  }
}

/// Receives libcsv's callbacks; fields of the current row are packed into one buffer.
final class RowCollector {
  var storage: [UInt8] = []
  var ranges: [Range<Int>] = []
  var currentLine = 0
  var rowStartLine = 0
  /// Byte offsets: where the current row's first line starts, where the current line ends.
  var rowStartOffset = 0
  var currentLineEnd = 0
  var onRow: ((Int, Range<Int>) throws -> Void)?
  var error: Error?

  func appendField(_ pointer: UnsafeMutableRawPointer?, _ length: Int) {
    let start = storage.count
    if let pointer, length > 0 {
      storage.append(contentsOf: UnsafeRawBufferPointer(start: pointer, count: length))
    }
    ranges.append(start..<storage.count)
    storage.append(0)
  }

  func endRow() {
    defer {
      storage.removeAll(keepingCapacity: true)
      ranges.removeAll(keepingCapacity: true)
      rowStartLine = 0
    }
    guard error == nil, let onRow else { return }
    let startLine = rowStartLine == 0 ? currentLine : rowStartLine
    let startOffset = rowStartLine == 0 ? currentLineEnd : rowStartOffset
    do { try onRow(startLine, startOffset..<max(startOffset, currentLineEnd)) } catch {
      self.error = error
    }
  }
}

private let fieldCallback:
  @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeMutableRawPointer?) -> Void = {
    field, length, context in
    Unmanaged<RowCollector>.fromOpaque(context!).takeUnretainedValue().appendField(field, length)
  }

private let rowCallback: @convention(c) (Int32, UnsafeMutableRawPointer?) -> Void = { _, context in
  Unmanaged<RowCollector>.fromOpaque(context!).takeUnretainedValue().endRow()
}
