import AuraDomain
import Foundation

/// The fast path for big numeric recordings: a byte scanner over plain, unquoted CSV with
/// `FastFloat`. It gives up (returns nil) on anything unusual so that libcsv reads the file
/// instead; both routes give identical values (differential-tested).
enum NumericScanner {
  private static let comma = UInt8(ascii: ",")
  private static let newline = UInt8(ascii: "\n")
  private static let carriageReturn = UInt8(ascii: "\r")
  private static let quote = UInt8(ascii: "\"")

  static func scan(
    data: Data, path: String, select: ([String]) throws -> [Int]
  ) throws -> NumericTable? {
    try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> NumericTable? in
      guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
      let end = base + raw.count
      var p = base
      if raw.count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { p += 3 }
      var line = 1
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
      let headerTable = try CSVReader.readTable(
        data: Data(bytes: p, count: headerEnd - p), path: path)
      let header = headerTable.header
      guard !header.isEmpty else { return nil }
      let columns = try select(header)
      let width = NumericTable.width(of: header)
      // Where each header column goes in the output row (-1: skipped).
      var slot = [Int](repeating: -1, count: header.count)
      for (position, index) in columns.enumerated() { slot[index] = position }
      let kept = columns.count
      p = headerEnd < end ? headerEnd + 1 : end
      line += 1
      let estimatedRows = (end - p) / max(1, (headerEnd - base) / 2) + 16
      var values = [[Double]](repeating: [], count: kept)
      for position in 0..<kept { values[position].reserveCapacity(estimatedRows) }
      var lines: [Int32] = []
      lines.reserveCapacity(estimatedRows)
      var row = [Double](repeating: .nan, count: kept)
      while p < end {
        if p.pointee == newline {
          p += 1
          line += 1
          continue
        }
        if p.pointee == carriageReturn, p + 1 < end, p[1] == newline {
          p += 2
          line += 1
          continue
        }
        for column in 0..<width {
          let target = slot[column]
          var fieldEnd = p
          if target < 0 {
            // A column nobody reads (a text clock, say): skip it, unless it is quoted.
            while fieldEnd < end, fieldEnd.pointee != comma, fieldEnd.pointee != newline,
              fieldEnd.pointee != carriageReturn
            {
              if fieldEnd.pointee == quote { return nil }
              fieldEnd += 1
            }
          } else if p < end, p.pointee != comma, p.pointee != newline, p.pointee != carriageReturn {
            // One pass: the number ends where a delimiter must follow.
            guard let (value, stop) = FastFloat.parsePrefix(p, end), value.isFinite else {
              return nil
            }
            if stop < end, stop.pointee != comma, stop.pointee != newline,
              stop.pointee != carriageReturn
            {
              return nil
            }
            row[target] = value
            fieldEnd = stop
          } else {
            row[target] = .nan
          }
          p = fieldEnd
          if column < width - 1 {
            guard p < end, p.pointee == comma else { return nil }  // truncated row
            p += 1
          }
        }
        // Trailing empty columns are fine; anything else after the last column is not.
        while p < end, p.pointee == comma { p += 1 }
        if p < end, p.pointee == carriageReturn { p += 1 }
        if p < end {
          guard p.pointee == newline else { return nil }
          p += 1
        }
        for position in 0..<kept { values[position].append(row[position]) }
        lines.append(Int32(clamping: line))
        line += 1
        if line - 1 > Int32.max { return nil }
      }
      return NumericTable(
        header: header, columns: columns, values: values, lines: lines, usedFastPath: true)
    }
  }
}
