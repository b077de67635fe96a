/// One problem found in a dataset file: where it is and what is wrong. Sessions with a problem
/// are quarantined; the rest of the dataset is still processed.
package struct DatasetProblem: Error, Codable, Sendable, Equatable, CustomStringConvertible {
  /// Path relative to the dataset folder.
  package var path: String
  /// 1-based line in the file (0 when the problem is not tied to a line, e.g. a missing file).
  package var line: Int
  package var reason: String
  /// The athlete whose session it is, when the session's manifest could be read.
  package var athleteId: String?
  /// Set when what is wrong is that this athlete is not in athletes.csv: every row and session
  /// of theirs is then set aside, one cause that summaries show as one entry.
  package var missingAthlete: String?
  /// How many rows or sessions this problem stands for, when it stands for more than one (rows
  /// set aside for one reason are one problem, from `line` to `lastLine`).
  package var rows: Int?
  package var lastLine: Int?

  /// The longest reason kept, in characters: a reason quotes what it found, and a cell of a
  /// megabyte must not become a megabyte in every log line, table and page that shows it.
  package static let maximumReasonLength = 400

  package init(
    path: String, line: Int, reason: String, athleteId: String? = nil,
    missingAthlete: String? = nil, rows: Int? = nil, lastLine: Int? = nil
  ) {
    self.path = path
    self.line = line
    self.reason =
      reason.count <= Self.maximumReasonLength
      ? reason
      : reason.prefix(Self.maximumReasonLength)
        + "… (\(reason.count - Self.maximumReasonLength) more characters)"
    self.athleteId = athleteId
    self.missingAthlete = missingAthlete
    self.rows = rows
    self.lastLine = lastLine
  }

  package var description: String { line > 0 ? "\(path):\(line): \(reason)" : "\(path): \(reason)" }
}
