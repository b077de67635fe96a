import AuraDomain
import AuraSupport
import Foundation

/// A cache key built from content: labelled fields ("code features" = "4", "param
/// features.max_gap_s" = "0.3", "input sessions/s-1/pose.csv" = its digest), hashed with every
/// label and value length-prefixed so ("ab","c") and ("a","bc") never collide, and the number
/// of fields last. Nothing random, time- or environment-dependent goes in. The fields are
/// kept, so that `explain` can say which of them changed between two keys. Fields are hashed
/// as they are added: a copy of a key that is then extended (every session's key starts from
/// the same template of code versions and parameters) hashes only its own fields.
package struct ContentKey: Sendable {
  /// One labelled input of a key.
  package struct Field: Sendable, Equatable {
    package var label: String
    package var value: String
  }

  /// Every field, in the order added.
  package var fields: [Field] { inherited + own }
  /// The fields of the template this key was extended from (`template()`), one array shared by
  /// every key made from it: a run keys each athlete's partitions from one template of code
  /// versions and parameters, and holds a key per partition.
  private var inherited: [Field] = []
  private var own: [Field] = []
  /// The fields so far, hashed.
  private var hasher = FieldHasher()
  /// The key of a sealed key (`sealed()`), whose hasher is let go.
  private var sealedDigest: String? = nil
  /// The hasher every sealed key holds instead of its own: one shared, never updated.
  private static let spent = FieldHasher()

  /// An empty key; `Stage.key(parameters:)` starts every node's.
  package init() {}

  package mutating func add(_ label: String, _ value: String) {
    precondition(sealedDigest == nil, "a sealed key takes no more fields")
    own.append(Field(label: label, value: value))
    hasher.add(label)
    hasher.add(value)
  }

  /// This key as a template: the same fields, and every key extended from it shares their
  /// storage instead of copying it on its first `add`.
  package func template() -> ContentKey {
    var key = self
    key.inherited = fields
    key.own = []
    return key
  }

  /// Adds only the declared parameters, canonically: sorted by name, missing ones named.
  package mutating func add(parameters: ParameterSet, keys: [String]) {
    for (key, value) in parameters.restricted(to: keys) {
      add("param \(key)", value?.description ?? "<missing>")
    }
  }

  /// Whether `text` is what `finalize` returns: 64 lower-case hex digits (SHA-256), and so
  /// safe as a file name.
  package static func isDigest(_ text: String) -> Bool {
    text.utf8.count == 64
      && text.utf8.allSatisfy {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
          || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
      }
  }

  /// This key as a plan holds it: its fields and its key, without the running hash each key
  /// extended from a template carries (a SHA-256 state of its own, a few hundred bytes a
  /// partition); nothing more can be added.
  package func sealed() -> ContentKey {
    var key = self
    key.sealedDigest = finalize()
    key.hasher = Self.spent
    return key
  }

  /// Hex SHA-256 of the fields.
  package func finalize() -> String {
    if let sealedDigest { return sealedDigest }
    var hasher = hasher
    hasher.add(String(inherited.count + own.count))
    return hasher.hex()
  }

  /// The fields as text, one `label<TAB>value` per line (labels and values hold no tabs or
  /// newlines: they are names, numbers and digests).
  package var serialized: String {
    // Appended field by field: a publication's key has a field per session, and a line
    // string for each before joining them would hold the text twice.
    var text = ""
    for field in [inherited, own].joined() {
      text += field.label
      text += "\t"
      text += field.value
      text += "\n"
    }
    return text
  }

  /// Fields read back from `serialized`.
  package static func fields(from text: String) -> [Field] {
    text.split(separator: "\n").compactMap { line -> Field? in
      let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2 else { return nil }
      return Field(label: String(parts[0]), value: String(parts[1]))
    }
  }
}
