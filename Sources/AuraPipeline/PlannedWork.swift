/// A stage of a partition that a run would compute, and why (`auralift explain`).
package struct PlannedWork: Sendable, Equatable, CustomStringConvertible {
  package var stage: String
  package var partition: String
  package var reasons: [String]

  package var description: String {
    "\(stage) \(partition): \(reasons.joined(separator: "; "))"
  }

  /// Why a result keyed by `new` must be computed, given the fields of the key the partition
  /// had last time (nil when it had none): each changed field with its old and new value.
  static func reasons(from old: [ContentKey.Field]?, to new: [ContentKey.Field]) -> [String] {
    guard let old else { return ["no earlier result"] }
    let before = Dictionary(old.map { ($0.label, $0.value) }, uniquingKeysWith: { a, _ in a })
    let after = Set(new.map(\.label))
    var reasons: [String] = []
    for field in new {
      guard let was = before[field.label] else {
        reasons.append("\(field.label) added")
        continue
      }
      guard was != field.value else { continue }
      if field.label.hasPrefix("code ") {
        reasons.append("code version of \(field.label.dropFirst(5)) \(was) → \(field.value)")
      } else if field.label.hasPrefix("param ") {
        reasons.append("\(field.label) \(was) → \(field.value)")
      } else {
        reasons.append("\(field.label) changed")
      }
    }
    for field in old where !after.contains(field.label) {
      reasons.append("\(field.label) removed")
    }
    return reasons.isEmpty ? ["output missing"] : reasons
  }
}
