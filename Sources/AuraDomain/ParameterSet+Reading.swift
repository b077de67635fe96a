/// A pipeline file's `parameters` mapping and `key=value` overrides, read into a
/// `ParameterSet` here rather than by the pipeline, so that a stage's tests read the nightly
/// parameters without the pipeline module.
extension ParameterSet {
  /// Why a value cannot be a parameter: `key` (dotted) and what is wrong with it.
  package struct ReadingError: Error, CustomStringConvertible {
    package var key: String
    package var problem: String
    package var description: String { "\(key) \(problem)" }
  }

  /// The parameters of a parsed YAML mapping (nested mappings give dotted keys): numbers,
  /// flags, text and lists of numbers. Throws `ReadingError` for any other value.
  package init(flattening map: [String: Any]) throws {
    self.init()
    try flatten(map, prefix: "")
  }

  private mutating func flatten(_ map: [String: Any], prefix: String) throws {
    for (key, value) in map {
      let dotted = prefix.isEmpty ? key : prefix + "." + key
      switch value {
      case let nested as [String: Any]: try flatten(nested, prefix: dotted)
      case let flag as Bool: self[dotted] = .flag(flag)
      case let int as Int: self[dotted] = .number(Double(int))
      case let double as Double: self[dotted] = .number(double)
      case let text as String: self[dotted] = .text(text)
      case let list as [Any]:
        let numbers = list.compactMap { ($0 as? Double) ?? ($0 as? Int).map(Double.init) }
        guard numbers.count == list.count else {
          throw ReadingError(key: dotted, problem: "must be a list of numbers")
        }
        self[dotted] = .list(numbers)
      default: throw ReadingError(key: dotted, problem: "has an unsupported value")
      }
    }
  }

  /// Applies one `key=value` override (a number, true/false, a comma list or text) to a
  /// parameter that exists. Throws a message saying what is wrong.
  package mutating func assign(_ assignment: String) throws(AssignmentError) {
    guard let equals = assignment.firstIndex(of: "=") else {
      throw AssignmentError(description: "override '\(assignment)' is not key=value")
    }
    let key = String(assignment[..<equals])
    let raw = String(assignment[assignment.index(after: equals)...])
    guard self[key] != nil else { throw AssignmentError(description: "unknown parameter '\(key)'") }
    // As the run table records values, except that a list may leave out its brackets.
    if raw.contains(","), case .list(let numbers) = ParameterValue(described: "[\(raw)]") {
      self[key] = .list(numbers)
    } else {
      self[key] = ParameterValue(described: raw)
    }
  }

  /// An override that cannot be applied, in words.
  package struct AssignmentError: Error, CustomStringConvertible {
    package var description: String
  }
}
