/// A session partition's key at each per-session stage (`Stage.perSession`), as a plan makes
/// them and a run's state keeps them.
struct SessionKeys: Sendable, Equatable {
  private var keys: [Stage: String]

  init(_ keys: [Stage: String] = [:]) { self.keys = keys }

  /// The stage's key; every per-session stage has one (a plan makes them all).
  subscript(stage: Stage) -> String {
    get {
      guard let key = keys[stage] else { preconditionFailure("no \(stage) key") }
      return key
    }
    set { keys[stage] = newValue }
  }
}
