import AuraDomain
import Crypto
import Foundation

/// A cache key built from content: labelled fields ("code features" = "4", "param
/// features.max_gap_s" = "0.3", "input sessions/s-1/pose.csv" = its digest), hashed with every
/// label and value length-prefixed so ("ab","c") and ("a","bc") never collide, and the number
/// of fields last. Nothing random, time- or environment-dependent goes in. The fields are
/// kept, so that `explain` can say which of them changed between two keys. Fields are hashed
/// as they are added: a copy of a key that is then extended (every session's key starts from
/// the same template of code versions and parameters) hashes only its own fields.
///
/// `@unchecked Sendable` for the running `SHA256`, which Crypto does not mark Sendable: it is a
/// copy-on-write value (its state is copied before a shared one is updated), so copies on
/// different threads never write to the same state.
public struct ContentKey: @unchecked Sendable {
  /// One labelled input of a key.
  public struct Field: Sendable, Equatable {
    public var label: String
    public var value: String
  }

  public private(set) var fields: [Field] = []
  /// The fields so far, hashed.
  private var hasher = SHA256()

  init(stage: String, codeVersion: Int) {
    add("code \(stage)", String(codeVersion))
  }

  mutating func add(_ label: String, _ value: String) {
    fields.append(Field(label: label, value: value))
    Self.feed(label, to: &hasher)
    Self.feed(value, to: &hasher)
  }

  /// Adds only the declared parameters, canonically: sorted by name, missing ones named.
  mutating func add(parameters: ParameterSet, keys: [String]) {
    for (key, value) in parameters.restricted(to: keys) {
      add("param \(key)", value?.description ?? "<missing>")
    }
  }

  /// Hex SHA-256 of the fields.
  public func finalize() -> String {
    var hasher = hasher
    Self.feed(String(fields.count), to: &hasher)
    return Self.hex(hasher.finalize())
  }

  /// Hashes `text` with its length in front.
  private static func feed(_ text: String, to hasher: inout SHA256) {
    var text = text
    text.withUTF8 { bytes in
      var length = UInt64(bytes.count).littleEndian
      withUnsafeBytes(of: &length) { hasher.update(bufferPointer: $0) }
      hasher.update(bufferPointer: UnsafeRawBufferPointer(bytes))
    }
  }

  /// The fields as text, one `label<TAB>value` per line (labels and values hold no tabs or
  /// newlines: they are names, numbers and digests).
  var serialized: String { fields.map { "\($0.label)\t\($0.value)\n" }.joined() }

  /// Fields read back from `serialized`.
  static func fields(from text: String) -> [Field] {
    text.split(separator: "\n").compactMap { line -> Field? in
      let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2 else { return nil }
      return Field(label: String(parts[0]), value: String(parts[1]))
    }
  }

  /// SHA-256 of a byte string, hex.
  static func digest(_ data: Data) -> String {
    hex(SHA256.hash(data: data))
  }

  /// Lower-case hex of a digest (String(format:) per byte is a third of a no-op run's time).
  private static func hex(_ digest: SHA256.Digest) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(64)
    for byte in digest {
      bytes.append(digits[Int(byte >> 4)])
      bytes.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
