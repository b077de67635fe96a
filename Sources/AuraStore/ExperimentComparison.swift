import AuraDomain
import Foundation

/// Two experiments (`experiment.json` of two sweeps) side by side: what differs in how they
/// ran (code, dataset, objective), and the metrics of the variants they share, a variant of A
/// matched to the variant of B with the very same parameters.
package struct ExperimentComparison: Sendable {
  package struct Setting: Sendable, Equatable {
    package var name: String
    package var a, b: String
  }

  package struct Metric: Sendable, Equatable {
    /// "v1 ↔ v2": the variants' names in A and B.
    package var variants: String
    package var metric: String
    package var a, b: Double?
  }

  /// code_commit, code_version, dataset_digest, pipeline_digest and objective where they differ.
  package var settings: [Setting]
  package var metrics: [Metric]
  /// Variants of one side whose parameters the other side never ran, as "name: key=value, …"
  /// (the parameters that tell it apart from the other side's).
  package var onlyA, onlyB: [String]

  package init(a: Data, b: Data) throws {
    guard let left = try JSONSerialization.jsonObject(with: a) as? [String: Any],
      let right = try JSONSerialization.jsonObject(with: b) as? [String: Any]
    else { throw CocoaError(.fileReadCorruptFile) }
    settings = ["code_commit", "code_version", "dataset_digest", "pipeline_digest", "objective"]
      .compactMap { key in
        let x = Self.text(left[key])
        let y = Self.text(right[key])
        return x == y ? nil : Setting(name: key, a: x, b: y)
      }
    let variantsA = Self.variants(left)
    let variantsB = Self.variants(right)
    var metrics: [Metric] = []
    var matchedB = Set<Int>()
    var onlyA: [String] = []
    for variant in variantsA {
      guard let index = variantsB.firstIndex(where: { $0.parameters == variant.parameters })
      else {
        onlyA.append(Self.describe(variant, against: variantsB))
        continue
      }
      matchedB.insert(index)
      let other = variantsB[index]
      for metric in Set(variant.metrics.keys).union(other.metrics.keys).sorted() {
        let x = variant.metrics[metric]
        let y = other.metrics[metric]
        if x != y {
          metrics.append(
            Metric(
              variants: "\(variant.name) ↔ \(other.name)", metric: metric, a: x, b: y))
        }
      }
    }
    self.metrics = metrics
    self.onlyA = onlyA
    onlyB = variantsB.enumerated().filter { !matchedB.contains($0.offset) }.map {
      Self.describe($0.element, against: variantsA)
    }
  }

  struct Variant {
    var name: String
    var parameters: [String: String]
    var metrics: [String: Double]
  }

  /// A variant's parameters as canonical text, whether the record typed them (JSON numbers,
  /// booleans, lists) or, as records before it, wrote them as strings.
  static func parameters(_ object: Any?) -> [String: String] {
    guard let object, JSONSerialization.isValidJSONObject(object),
      let data = try? JSONSerialization.data(withJSONObject: object),
      let typed = try? JSONDecoder().decode([String: RecordedParameter].self, from: data)
    else { return [:] }
    return typed.mapValues(\.value.description)
  }

  static func variants(_ record: [String: Any]) -> [Variant] {
    (record["variants"] as? [[String: Any]] ?? []).map { variant in
      Variant(
        name: variant["name"] as? String ?? "?",
        parameters: parameters(variant["parameters"]),
        metrics: (variant["metrics"] as? [String: Any] ?? [:]).compactMapValues {
          ($0 as? NSNumber)?.doubleValue
        })
    }
  }

  /// "v2: scoring.form.depth_weight=0.4": the parameters no variant of `others` has so.
  static func describe(_ variant: Variant, against others: [Variant]) -> String {
    let own = variant.parameters.filter { key, value in
      !others.contains { $0.parameters[key] == value }
    }
    let shown = own.isEmpty ? variant.parameters : own
    return "\(variant.name): "
      + shown.sorted { $0.key < $1.key }.prefix(4).map { "\($0.key)=\($0.value)" }
      .joined(separator: ", ")
  }

  static func text(_ value: Any?) -> String {
    switch value {
    case let text as String: return text
    case let flag as Bool: return String(flag)
    case nil, is NSNull: return "absent"
    default: return "\(value!)"
    }
  }
}
