import AuraCache
import AuraScoring

/// What a run does with one session, decided from its plan, how the last run left it and what
/// the cache holds: `run` carries the decision out (`SessionChain.run`) and `explain` prints
/// it, from this one function, so the two never disagree on a session.
extension SessionChain {
  enum Step: Equatable {
    /// Its folder's files cannot be read: the partition fails.
    case fails(String)
    /// Its result is taken from the cache as it is.
    case cached
    /// Its features are a cached problem of its data: quarantined, nothing computed.
    case quarantined
    /// These stages are computed, in order; those before them are loaded.
    case computes([Stage])
  }

  /// What the cache holds of a session, as the one deciding looks: a run loads entries (and
  /// keeps what it loaded, to use), `explain` checks them without decoding what it need not.
  protocol CacheLook {
    /// Whether `stage`'s result under `key` is there to use; with `unopened`, whether its
    /// entry exists, for a session the last run published under the same key.
    mutating func has(_ stage: Stage, key: String, unopened: Bool) -> Bool
    /// Whether the features under `key` (there) are a problem of the session's data.
    mutating func isProblem(featuresKey key: String) -> Bool
  }

  /// The step for `plan`; `force` ignores cached results (`--retry-failed`), though features
  /// cached as a problem of unchanged data are met again and go no further.
  func step(
    _ plan: Plan, last: RunState.SessionRecord?, force: Bool, look: inout some CacheLook
  ) -> Step {
    if let failure = plan.failure { return .fails(failure) }
    let features = plan.keys[.features]
    if force {
      let problem =
        look.has(.features, key: features, unopened: false)
        && look.isProblem(featuresKey: features)
      return .computes(problem ? [.features] : Stage.perSession)
    }
    // A result entry implies the entries before it (its key contains theirs): it is tried
    // first, so that a rerun decodes only the scored session, or nothing where the last run
    // published it under the same key.
    let result = Stage.sessionResult
    if look.has(
      result, key: plan.keys[result], unopened: Self.publishedAsIs(last, plan) != nil)
    {
      return .cached
    }
    guard look.has(.features, key: features, unopened: false) else {
      return .computes(Stage.perSession)
    }
    if look.isProblem(featuresKey: features) { return .quarantined }
    return .computes(Stage.perSession.filter { $0 != .features })
  }

  /// A run's look: it loads each entry it asks about and keeps it for the step that follows.
  struct LoadingLook: CacheLook {
    let cache: ArtifactCache
    var scored: ScoredSession? = nil
    var features: FeatureOutcome? = nil

    mutating func has(_ stage: Stage, key: String, unopened: Bool) -> Bool {
      if unopened { return cache.contains(stage: stage, key: key) }
      switch stage {
      case .features: features = cache.load(FeatureOutcome.self, stage: stage, key: key)
      default: scored = cache.load(ScoredSession.self, stage: stage, key: key)
      }
      return stage == .features ? features != nil : scored != nil
    }

    mutating func isProblem(featuresKey key: String) -> Bool {
      if case .problem? = features { return true }
      return false
    }
  }

  /// `explain`'s look: entries are checked against their checksums, and decoded only where
  /// whether features are a problem decides.
  struct CheckingLook: CacheLook {
    let cache: ArtifactCache

    func has(_ stage: Stage, key: String, unopened: Bool) -> Bool {
      unopened ? cache.contains(stage: stage, key: key) : cache.isIntact(stage: stage, key: key)
    }

    func isProblem(featuresKey key: String) -> Bool {
      if case .problem? = cache.load(FeatureOutcome.self, stage: .features, key: key) {
        return true
      }
      return false
    }
  }
}
