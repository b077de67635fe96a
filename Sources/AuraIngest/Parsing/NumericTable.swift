import AuraDomain
import Foundation

/// The numeric columns of a recording CSV, one array per kept column, with the line each row
/// came from.
/// An empty cell is NaN ("unknown"); non-numeric and non-finite cells are errors.
struct NumericTable {
  /// The whole header, trimmed.
  var header: [String]
  /// Header indices of the columns kept, in the order given by the caller.
  var columns: [Int]
  /// One array of `rowCount` values per kept column, in the order of `columns`.
  var values: [[Double]]
  /// 1-based line of each row.
  var lines: [Int32]
  /// True when the byte scanner read the file; false when libcsv did.
  var usedFastPath: Bool

  var rowCount: Int { lines.count }

  /// One kept column's values (by position in `columns`).
  func column(_ position: Int) -> [Double] { values[position] }

  /// Moves one kept column out of the table (leaving it empty) and multiplies it by `factor`
  /// in place: unit conversion without copying the column.
  mutating func take(_ position: Int, scaledBy factor: Double = 1) -> [Double] {
    var column = values[position]
    values[position] = []
    if factor != 1 {
      column.withUnsafeMutableBufferPointer { for i in $0.indices { $0[i] *= factor } }
    }
    return column
  }

  /// Reads `data`: the first non-blank line is the header; `select` maps it to the header indices
  /// to keep (throwing for a missing required column). Plain numeric files go through a byte
  /// scanner; anything else (quotes, spaces, odd cells) through libcsv, which also writes the
  /// error for a bad cell.
  static func read(
    data: Data, path: String, select: ([String]) throws -> [Int]
  ) throws -> NumericTable {
    guard !data.isEmpty else { throw DatasetProblem(path: path, line: 0, reason: "empty file") }
    if let table = try NumericScanner.scan(data: data, path: path, select: select) {
      return table
    }
    return try readWithLibCSV(data: data, path: path, select: select)
  }

  /// The number of columns a row must fill: trailing unnamed header cells (a trailing comma on
  /// the header line) do not count.
  static func width(of header: [String]) -> Int {
    var width = header.count
    while width > 1, header[width - 1].isEmpty { width -= 1 }
    return width
  }

  /// The general route: libcsv for quoting and odd-but-valid files, exact errors for bad cells.
  static func readWithLibCSV(
    data: Data, path: String, select: ([String]) throws -> [Int]
  ) throws -> NumericTable {
    var table: NumericTable? = nil
    try CSVReader.forEachRow(in: data, path: path) { row in
      guard var current = table else {
        let header = (0..<row.count).map { row.string($0).trimmingWhitespace }
        let columns = try select(header)
        table = NumericTable(
          header: header, columns: columns, values: Array(repeating: [], count: columns.count),
          lines: [], usedFastPath: false)
        return
      }
      table = nil  // keep the arrays uniquely referenced while appending
      defer { table = current }
      try row.checkWidth(Self.width(of: current.header), path: path)
      for (position, index) in current.columns.enumerated() {
        current.values[position].append(
          try row.finiteNumber(index, column: current.header[index], path: path) ?? .nan)
      }
      current.lines.append(Int32(clamping: row.line))
    }
    guard let table else { throw DatasetProblem(path: path, line: 0, reason: "empty file") }
    return table
  }
}

extension CSVRow {
  /// The field as a finite number, nil when empty; a problem naming the column otherwise.
  func finiteNumber(_ index: Int, column: String, path: String) throws -> Double? {
    switch number(index) {
    case .empty: return nil
    case .value(let value): return value
    case .nonFinite:
      throw DatasetProblem(
        path: path, line: line,
        reason: "column '\(column)': non-finite value \(EntityId.quoted(string(index)))")
    case .invalid:
      throw DatasetProblem(
        path: path, line: line, reason: "column '\(column)': '\(string(index))' is not a number")
    }
  }

  /// Throws when the row has fewer fields than the header (a truncated row); extra trailing
  /// fields are allowed only when empty.
  func checkWidth(_ width: Int, path: String) throws {
    if count < width {
      throw DatasetProblem(
        path: path, line: line, reason: "truncated row: \(count) fields, header has \(width)")
    }
    for index in width..<count where !isEmpty(index) {
      throw DatasetProblem(
        path: path, line: line, reason: "row has \(count) fields, header has \(width)")
    }
  }
}
