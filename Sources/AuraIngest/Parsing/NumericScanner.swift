import AuraDomain
import CNumericScan
import Foundation

/// The fast path for big numeric recordings: the C byte scanner with fast_float, writing
/// straight into the column arrays. It gives up (returns nil) on anything unusual so that libcsv
/// reads the file instead; both routes give identical values (differential-tested).
enum NumericScanner {
  private static let newline = UInt8(ascii: "\n")
  private static let carriageReturn = UInt8(ascii: "\r")

  static func scan(
    data: Data, path: String, select: ([String]) throws -> [Int]
  ) throws -> NumericTable? {
    try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> NumericTable? in
      guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
      let end = base + raw.count
      var p = base
      if raw.count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { p += 3 }
      var line: Int32 = 1
      // Header: the first non-blank line, split by libcsv (it may be quoted).
      while p < end, p.pointee == newline || p.pointee == carriageReturn {
        if p.pointee == newline { line += 1 }
        p += 1
      }
      guard p < end else { return nil }
      let headerEnd =
        UnsafePointer(
          memchr(p, Int32(newline), end - p)?.assumingMemoryBound(to: UInt8.self)) ?? end
      guard headerEnd - p <= 1 << 20 else { return nil }
      let header = try CSVReader.readTable(data: Data(bytes: p, count: headerEnd - p), path: path)
        .header
      guard !header.isEmpty else { return nil }
      let columns = try select(header)
      // Where each header column goes in the output (-1: skipped).
      var slot = [Int32](repeating: -1, count: header.count)
      for (position, index) in columns.enumerated() { slot[index] = Int32(position) }
      let body = headerEnd < end ? headerEnd + 1 : end
      // Every row ends at a newline (or the end), so this bounds the row count.
      let capacity = aura_count_byte(body, end, newline) + 1
      var job = aura_scan_job(
        cursor: body, end: end, line: line + 1, width: Int32(NumericTable.width(of: header)),
        slot: nil, columns: nil, lines: nil, capacity: capacity, rows: 0)
      var usual = false
      let (values, lines) = slot.withUnsafeBufferPointer { slots in
        job.slot = slots.baseAddress
        return ColumnFill.fill(columnCount: columns.count, capacity: capacity) {
          columnPointers, linePointer in
          columnPointers.withUnsafeBufferPointer { pointers in
            job.columns = UnsafePointer(pointers.baseAddress)
            job.lines = linePointer
            usual = aura_scan_rows(&job)
          }
          return usual ? job.rows : 0
        }
      }
      guard usual else { return nil }
      return NumericTable(
        header: header, columns: columns, values: values, lines: lines, usedFastPath: true)
    }
  }
}

/// Column arrays filled in place by C code: each array's uninitialized storage is handed out,
/// the filler writes all of them at once and says how many rows it wrote.
private enum ColumnFill {
  typealias Filler = ([UnsafeMutablePointer<Double>?], UnsafeMutablePointer<Int32>) -> Int

  static func fill(columnCount: Int, capacity: Int, _ filler: Filler) -> ([[Double]], [Int32]) {
    var values: [[Double]] = []
    values.reserveCapacity(columnCount)
    var pointers: [UnsafeMutablePointer<Double>?] = []
    pointers.reserveCapacity(columnCount)
    let lines = [Int32](unsafeUninitializedCapacity: capacity) { lineBuffer, lineCount in
      lineCount = nest(
        remaining: columnCount, capacity: capacity, pointers: &pointers, values: &values
      ) { filler($0, lineBuffer.baseAddress!) }
    }
    return (values.reversed(), lines)
  }

  /// Opens one column's storage per level of recursion so that all are open while `filler` runs;
  /// each level then sets its array's count to the rows written.
  private static func nest(
    remaining: Int, capacity: Int, pointers: inout [UnsafeMutablePointer<Double>?],
    values: inout [[Double]], _ filler: ([UnsafeMutablePointer<Double>?]) -> Int
  ) -> Int {
    guard remaining > 0 else { return filler(pointers) }
    var rows = 0
    let column = [Double](unsafeUninitializedCapacity: capacity) { buffer, count in
      pointers.append(buffer.baseAddress)
      rows = nest(
        remaining: remaining - 1, capacity: capacity, pointers: &pointers, values: &values,
        filler)
      count = rows
    }
    values.append(column)
    return rows
  }
}
