import Foundation
import Synchronization

/// A tunable parameter's value, as the pipeline file gives it.
package enum ParameterValue: Codable, Sendable, Equatable, CustomStringConvertible {
  case number(Double)
  case text(String)
  case flag(Bool)
  case list([Double])

  /// Canonical text used in cache keys and explanations (shortest exact decimal for numbers).
  package var description: String {
    switch self {
    case .number(let value): return Self.canonical(value)
    case .text(let value): return value
    case .flag(let value): return value ? "true" : "false"
    case .list(let values): return "[" + values.map(Self.canonical).joined(separator: ",") + "]"
    }
  }

  /// A value read back from its `description`: a bracketed list of numbers, a flag, a number,
  /// or else text.
  package init(described text: String) {
    if text.hasPrefix("["), text.hasSuffix("]") {
      let items = text.dropFirst().dropLast().split(separator: ",")
      let numbers = items.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
      if numbers.count == items.count {
        self = .list(numbers)
        return
      }
    }
    if text == "true" || text == "false" {
      self = .flag(text == "true")
    } else if let number = Double(text) {
      self = .number(number)
    } else {
      self = .text(text)
    }
  }

  /// The shortest exact decimal of `value` (an integer without a point).
  package static func canonical(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
  }
}

/// Every tunable parameter of a pipeline, flattened to dotted keys such as
/// `features.filter_cutoff_hz`. What a stage reads is recorded as it reads it (`keys(readBy:)`),
/// so that the keys a stage's cache key holds are the keys its code reads, never a second list.
package struct ParameterSet: Sendable, Equatable {
  package private(set) var values: [String: ParameterValue]
  /// Where reads are recorded, while `keys(readBy:)` runs.
  private var reads: ReadLog? = nil

  package init(_ values: [String: ParameterValue] = [:]) { self.values = values }

  package static func == (a: ParameterSet, b: ParameterSet) -> Bool { a.values == b.values }

  /// The keys `read` reads (present or missing), sorted: what a stage's settings depend on.
  /// A read that throws stops there; a run checks its parameters before it starts
  /// (`PipelineConfig.checkParameters`), so that its reads never do.
  package func keys(readBy read: (ParameterSet) throws -> Void) -> [String] {
    var recording = self
    let log = ReadLog()
    recording.reads = log
    try? read(recording)
    return log.keys.withLock { $0.sorted() }
  }

  private func record(_ key: String) {
    reads?.keys.withLock { _ = $0.insert(key) }
  }

  package subscript(key: String) -> ParameterValue? {
    get { values[key] }
    set { values[key] = newValue }
  }

  /// The number `parameter` is set to, or a `ParameterError` naming its key when it is
  /// missing, not a number, or outside its declared range.
  package func number(_ parameter: Parameter) throws -> Double {
    guard case .number(let number) = try checked(parameter) else {
      throw ParameterError(key: parameter.key, problem: "is not a number")
    }
    return number
  }

  /// The list of numbers `parameter` is set to, each within its declared range.
  package func list(_ parameter: Parameter) throws -> [Double] {
    guard case .list(let list) = try checked(parameter) else {
      throw ParameterError(key: parameter.key, problem: "is not a list")
    }
    return list
  }

  /// The word `parameter` is set to, one of those it declares.
  package func choice(_ parameter: Parameter) throws -> String {
    guard case .text(let word) = try checked(parameter) else {
      throw ParameterError(key: parameter.key, problem: "is not text")
    }
    return word
  }

  /// The value a release's recorded parameters hold for `parameter` (one its declaration
  /// allows), else what releases before it existed were computed with
  /// (`Parameter.valueBefore`); nil where neither is known.
  package func asPublished(_ parameter: Parameter) -> ParameterValue? {
    guard let value = values[parameter.key], parameter.problem(with: value) == nil else {
      return parameter.valueBefore
    }
    return value
  }

  /// `parameter`'s value, recorded as read, once its declaration allows it.
  private func checked(_ parameter: Parameter) throws -> ParameterValue {
    record(parameter.key)
    guard let value = values[parameter.key] else {
      throw ParameterError(key: parameter.key, problem: "is missing")
    }
    if let problem = parameter.problem(with: value) {
      throw ParameterError(key: parameter.key, problem: problem)
    }
    return value
  }

  /// One `key = value` line per parameter, sorted by key: how a run records its parameters.
  package var described: String {
    values.keys.sorted().map { "\($0) = \(values[$0]!)" }.joined(separator: "\n")
  }

  /// The parameters recorded as `described` text.
  package init(described text: String) {
    var values: [String: ParameterValue] = [:]
    for line in text.split(separator: "\n") {
      let pair = line.split(separator: "=", maxSplits: 1)
      guard pair.count == 2 else { continue }
      values[pair[0].trimmingCharacters(in: .whitespaces)] = ParameterValue(
        described: pair[1].trimmingCharacters(in: .whitespaces))
    }
    self.values = values
  }

  /// Only the given keys (those present), for cache keys and explanations.
  package func restricted(to keys: [String]) -> [(key: String, value: ParameterValue?)] {
    keys.sorted().map { ($0, values[$0]) }
  }
}

/// The keys read through a `ParameterSet` while it records.
private final class ReadLog: Sendable {
  let keys = Mutex<Set<String>>([])
}

/// A parameter that a stage needs is missing or of the wrong type.
package struct ParameterError: Error, CustomStringConvertible {
  package var key: String
  package var problem: String
  package init(key: String, problem: String) {
    self.key = key
    self.problem = problem
  }
  package var description: String { "parameter \(key) \(problem)" }
}
