import AuraDomain
import Foundation

/// One set of a real recording as its authors counted it: a row of an evaluation folder's
/// labels.csv, `session_id,set_number,source,exercise,reps[,start_s,end_s,split]`. `source`
/// names the package dataset it came from; bounds are given where the authors marked them (an
/// end after the start, or the row is an error naming its line);
/// `split` is "tune" or "holdout" (sets kept aside from any tuning, reported on their own).
package struct RealSetLabel: Sendable, Equatable {
  package var sessionId: String
  package var setNumber: Int
  package var source: String
  package var exercise: String
  package var reps: Int
  package var startSeconds: Double?
  package var endSeconds: Double?
  package var split: String?

  /// The set's bounds, where its authors marked both ends.
  package var bounds: ClosedRange<Double>? {
    guard let startSeconds, let endSeconds else { return nil }
    return startSeconds...endSeconds
  }

  /// Reads labels.csv; a bad row is an error naming its line.
  package static func load(_ url: URL) throws -> [RealSetLabel] {
    let path = url.lastPathComponent
    guard let data = try? Data(contentsOf: url) else {
      throw DatasetProblem(path: path, line: 0, reason: "labels file is missing or unreadable")
    }
    let table = try CSVReader.readTable(data: data, path: path)
    typealias Reader = DatasetTablesReader
    return try table.rows.map { row in
      /// A count or time: a finite number, not negative, whole (and below 10⁹) where `whole`.
      func quantity(_ column: String, whole: Bool) throws -> Double? {
        guard let value = try Reader.number(table, row, column) else { return nil }
        guard value >= 0, !whole || (value == value.rounded() && value < 1e9) else {
          throw DatasetProblem(
            path: path, line: row.line,
            reason: "column '\(column)': \(value) is not a \(whole ? "whole number" : "time")")
        }
        return value
      }
      func count(_ column: String) throws -> Int {
        _ = try Reader.required(table, row, column)
        return Int(try quantity(column, whole: true)!)
      }
      let start = try quantity("start_s", whole: false)
      let end = try quantity("end_s", whole: false)
      if let start, let end, !(end > start) {
        throw DatasetProblem(
          path: path, line: row.line, reason: "end_s \(end) is not after start_s \(start)")
      }
      return RealSetLabel(
        sessionId: try Reader.required(table, row, "session_id"),
        setNumber: try count("set_number"), source: try Reader.required(table, row, "source"),
        exercise: try Reader.required(table, row, "exercise"), reps: try count("reps"),
        startSeconds: start, endSeconds: end, split: try Reader.optionalText(table, row, "split"))
    }
  }
}
