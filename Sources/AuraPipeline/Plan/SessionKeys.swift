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
/// them and a run's state keeps them.
struct SessionKeys: Sendable, Equatable {
  private var keys = PerSessionStages<String>()

  init(_ keys: [Stage: String] = [:]) {
    for (stage, key) in keys where Stage.perSession.contains(stage) { self.keys[stage] = key }
  }

  /// The stage's key; every per-session stage has one (a plan makes them all).
  subscript(stage: Stage) -> String {
    get {
      guard let key = keys[stage] else { preconditionFailure("no \(stage) key") }
      return key
    }
    set { keys[stage] = newValue }
  }
}
