/// One problem found in a dataset file: where it is and what is wrong. Sessions with a problem
/// are quarantined; the rest of the dataset is still processed.
public struct DatasetProblem: Error, Codable, Sendable, Equatable, CustomStringConvertible {
  /// Path relative to the dataset folder.
  public var path: String
  /// 1-based line in the file (0 when the problem is not tied to a line, e.g. a missing file).
  public var line: Int
  public var reason: String
  /// The athlete whose session it is, when the session's manifest could be read.
  public var athleteId: String?

  public init(path: String, line: Int, reason: String, athleteId: String? = nil) {
    self.path = path
    self.line = line
    self.reason = reason
    self.athleteId = athleteId
  }

  public var description: String { line > 0 ? "\(path):\(line): \(reason)" : "\(path): \(reason)" }
}
