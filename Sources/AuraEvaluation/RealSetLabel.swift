import AuraDomain
import AuraIngest
import Foundation

/// One set of a real recording as its authors counted it: a row of an evaluation folder's
/// labels.csv, `session_id,set_number,source,exercise,reps[,start_s,end_s,split]`. `source`
/// names the public dataset it came from; bounds are given where the authors marked them;
/// `split` is "tune" or "holdout" (sets kept aside from any tuning, reported on their own).
public struct RealSetLabel: Sendable, Equatable {
  public var sessionId: String
  public var setNumber: Int
  public var source: String
  public var exercise: String
  public var reps: Int
  public var startSeconds: Double?
  public var endSeconds: Double?
  public var split: String?

  /// Reads labels.csv; a bad row is an error naming its line.
  public static func load(_ url: URL) throws -> [RealSetLabel] {
    let path = url.lastPathComponent
    guard let data = try? Data(contentsOf: url) else {
      throw DatasetProblem(path: path, line: 0, reason: "labels file is missing or unreadable")
    }
    let table = try CSVReader.readTable(data: data, path: path)
    let columns = try ["session_id", "set_number", "source", "exercise", "reps"].map {
      try table.column($0)
    }
    let start = table.optionalColumn("start_s")
    let end = table.optionalColumn("end_s")
    let split = table.optionalColumn("split")
    return try table.rows.map { row in
      func field(_ index: Int?) -> String {
        guard let index, index < row.fields.count else { return "" }
        return row.fields[index].trimmingCharacters(in: .whitespaces)
      }
      func number(_ index: Int?, _ name: String) throws -> Double? {
        let text = field(index)
        guard !text.isEmpty else { return nil }
        guard let value = Double(text), value.isFinite, value >= 0 else {
          throw DatasetProblem(
            path: path, line: row.line, reason: "column '\(name)': '\(text)' is not a time")
        }
        return value
      }
      guard let setNumber = Int(field(columns[1])), let reps = Int(field(columns[4])), reps >= 0
      else {
        throw DatasetProblem(
          path: path, line: row.line, reason: "set_number and reps must be whole numbers")
      }
      guard !field(columns[0]).isEmpty else {
        throw DatasetProblem(
          path: path, line: row.line, reason: "empty required field 'session_id'")
      }
      return RealSetLabel(
        sessionId: field(columns[0]), setNumber: setNumber, source: field(columns[2]),
        exercise: field(columns[3]), reps: reps, startSeconds: try number(start, "start_s"),
        endSeconds: try number(end, "end_s"), split: field(split).isEmpty ? nil : field(split))
    }
  }
}
