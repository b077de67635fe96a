import AuraCache

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

  /// The totals `explain` ends with: how many partitions each stage would compute, then how
  /// many partitions each reason applies to, the most first. Reasons that name a partition's
  /// own files or sessions are counted together ("an input file changed").
  package static func totals(_ work: [PlannedWork]) -> [String] {
    guard !work.isEmpty else { return [] }
    var stages: [String: Int] = [:]
    var stageOrder: [String] = []
    var reasons: [String: Int] = [:]
    for item in work {
      if stages[item.stage] == nil { stageOrder.append(item.stage) }
      stages[item.stage, default: 0] += 1
      for reason in Set(item.reasons.map(general)) { reasons[reason, default: 0] += 1 }
    }
    let byStage = stageOrder.map { "\($0) \(stages[$0]!)" }.joined(separator: ", ")
    let byReason = reasons.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map {
      "  \($0.value) × \($0.key)"
    }
    return ["total: \(work.count) to compute (\(byStage)); by reason:"] + byReason
  }

  /// `reason` with the partition's own names taken out, so that like reasons count together.
  static func general(_ reason: String) -> String {
    if reason.hasPrefix("input ") { return "an input file changed, was added or removed" }
    if reason.hasPrefix("scoring of ") { return "a session's scoring changed" }
    if reason.hasPrefix("features of ") { return "the session's features changed" }
    if reason.hasPrefix("week ") { return "the week before changed" }
    return reason
  }
}
