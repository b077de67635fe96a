import AuraCache
import AuraSupport

/// One value for each per-session stage (`Stage.perSession`), in an array rather than a
/// dictionary: a plan and a run's state hold some for every session.
struct PerSessionStages<Value: Sendable>: Sendable {
  private var values = [Value?](repeating: nil, count: Stage.perSession.count)

  init() {}

  subscript(stage: Stage) -> Value? {
    get { values[Self.position(of: stage)] }
    set { values[Self.position(of: stage)] = newValue }
  }

  private static func position(of stage: Stage) -> Int {
    guard let position = Stage.perSession.firstIndex(of: stage) else {
      preconditionFailure("\(stage) is not a per-session stage")
    }
    return position
  }
}

extension PerSessionStages: Equatable where Value: Equatable {
  static func == (left: Self, right: Self) -> Bool { left.values == right.values }
}

/// A session partition's key at each per-session stage (`Stage.perSession`), as a plan makes
/// them and a run's state keeps them. Each key is held as its 256 bits, not as its 64 hex
/// digits: as text each would be a string of its own, and a run holds every session's.
struct SessionKeys: Sendable, Equatable {
  private var keys = PerSessionStages<KeyBits>()

  /// `keys` of the per-session stages; a key that is not a digest (`ContentKey.isDigest`) is
  /// left out, as the state of another build could hold.
  init(_ keys: [Stage: String] = [:]) {
    for (stage, key) in keys where Stage.perSession.contains(stage) {
      self.keys[stage] = KeyBits(hex: key)
    }
  }

  /// Whether every per-session stage has a key.
  var isComplete: Bool { Stage.perSession.allSatisfy { keys[$0] != nil } }

  /// The stage's key; every per-session stage has one (a plan makes them all).
  subscript(stage: Stage) -> String {
    get {
      guard let key = keys[stage] else { preconditionFailure("no \(stage) key") }
      return key.hex
    }
    set {
      guard let bits = KeyBits(hex: newValue) else {
        preconditionFailure("\(stage) key \(newValue) is not a digest")
      }
      keys[stage] = bits
    }
  }

  /// A SHA-256 key's bits, as four words.
  private struct KeyBits: Sendable, Equatable {
    let words: (UInt64, UInt64, UInt64, UInt64)

    init?(hex: String) {
      // As `FileDigests` reads its digests: each 16 hex digits a word.
      guard ContentKey.isDigest(hex) else { return nil }
      let word = { (index: Int) in UInt64(hex.dropFirst(index * 16).prefix(16), radix: 16)! }
      words = (word(0), word(1), word(2), word(3))
    }

    var hex: String {
      withUnsafeBytes(
        of: (words.0.bigEndian, words.1.bigEndian, words.2.bigEndian, words.3.bigEndian)
      ) { FieldHasher.hex($0) }
    }

    static func == (left: KeyBits, right: KeyBits) -> Bool { left.words == right.words }
  }
}
