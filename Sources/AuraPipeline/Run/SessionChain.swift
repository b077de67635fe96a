import AuraCache
import AuraDomain
import AuraFeatures
import AuraIngest
import AuraScoring
import AuraSupport
import Foundation

/// The per-session stages (ingest → features → scoring), one partition per session folder.
///
/// `plan` computes each stage's key from file digests alone (code version, the parameters the
/// stage declares, its inputs), so that a run knows what it will do, and whether to publish,
/// before it decodes or computes anything. `run` then loads or computes each stage.
struct SessionChain: Sendable {
  let datasetRoot: URL
  /// `<datasetRoot>/sessions` as a string: URL path arithmetic per session would dominate a
  /// run that finds nothing to do.
  let sessionsPath: String
  let cache: ArtifactCache
  let digests: FileDigests
  let catalog: ExerciseCatalog
  let ingest: SessionReader.Settings
  let extractor: SessionFeatureExtractor
  let scorer: SessionScorer
  /// What calibrates pose scale (body scan, height) for every athlete in athletes.csv.
  let bodies: AthleteBodies
  /// The fields every session's features key starts with: code versions, the stage's
  /// parameters, and the digest of the custom exercises. The session's athlete's body follows
  /// (`plan`): one athlete's row keys that athlete's sessions alone.
  let featuresTemplate: ContentKey
  /// The fields every session's scoring key starts with: code version and parameters.
  let scoringTemplate: ContentKey

  /// The keys of one session's stages, or why the session cannot be planned.
  struct Plan: Sendable {
    var folder: String
    var features: ContentKey
    var scoring: ContentKey
    var featureKey: String
    var scoringKey: String
    /// Set when the folder's files could not be read: the partition fails.
    var failure: String?

    var partition: String { "sessions/\(folder)" }
  }

  /// What happened to one session. Its scored result is in the cache, not here: publication
  /// reads it back one athlete at a time.
  struct Outcome: Sendable {
    var folder: String
    /// Set when the session is scored and will be published.
    var published: RunState.SessionRecord.Published?
    /// A problem with the session's data (deterministic; cached like a result).
    var problem: DatasetProblem?
    /// Recordings of a published session set aside at ingest, each with its problem.
    var setAside: [DatasetProblem] = []
    /// An error that is not the data's fault (unreadable file, I/O): not cached, retried.
    var failure: String?
    var computedFeatures: Bool
    var computedScoring: Bool
    /// CPU time the session took on its worker, loading from the cache included.
    var cpuSeconds: Double = 0
  }

  /// A session's features, or the problem that quarantined it (cached alike).
  enum FeatureOutcome: Codable {
    case features(SessionFeatures)
    case problem(DatasetProblem)
  }

  init(
    datasetRoot: URL, cache: ArtifactCache, digests: FileDigests, parameters: ParameterSet,
    catalog: ExerciseCatalog, ingest: SessionReader.Settings, extractor: SessionFeatureExtractor,
    scorer: SessionScorer, bodies: AthleteBodies
  ) {
    self.datasetRoot = datasetRoot
    sessionsPath = datasetRoot.appendingPathComponent("sessions").path
    self.cache = cache
    self.digests = digests
    self.catalog = catalog
    // Ingest keeps only the joints the features measure.
    var ingest = ingest
    ingest.poseJoints = SessionFeatureExtractor.poseJoints
    self.ingest = ingest
    self.extractor = extractor
    self.scorer = scorer
    self.bodies = bodies
    // A custom exercise's pattern and muscles (exercises.csv) shape features and scores.
    let custom = catalog.all.filter(\.isCustom).map { String(describing: $0) + "\n" }.joined()
    var features = Stage.features.key(parameters: parameters)
    features.add("custom exercises (exercises.csv)", FieldHasher.hex(of: Data(custom.utf8)))
    featuresTemplate = features
    scoringTemplate = Stage.scoring.key(parameters: parameters)
  }

  func plan(folder: String) -> Plan {
    // Copies of the templates share their field strings: 10k plans hold only their own inputs.
    var features = featuresTemplate
    var failure: String? = nil
    do {
      let files = try digests.digests(ofFolder: sessionsPath + "/" + folder)
      for file in files {
        features.add("input sessions/\(folder)/\(file.path)", file.digest)
      }
      // The athlete's body scan or height calibrates pose scale: that athlete's row of
      // athletes.csv and morpho.csv is an input of the session's features, and no other's.
      if let manifest = files.first(where: { $0.path == "session.json" }),
        let athlete = digests.facts.fact(
          ofDigest: manifest.digest,
          read: {
            Self.athleteId(manifest: sessionsPath + "/" + folder + "/session.json")
          })
      {
        features.add(
          "athlete \(athlete)'s height and scan (athletes.csv, morpho.csv)",
          bodies[athlete]?.keyText ?? "not in athletes.csv")
      }
    } catch let error as FileDigests.UnreadableFile {
      failure = "sessions/\(folder)/\(error)"
    } catch {
      failure = "sessions/\(folder) cannot be listed: \(ErrorMessage.describe(error))"
    }
    let featureKey = features.finalize()
    var scoring = scoringTemplate
    scoring.add("features of sessions/\(folder)", featureKey)
    return Plan(
      folder: folder, features: features, scoring: scoring, featureKey: featureKey,
      scoringKey: scoring.finalize(), failure: failure)
  }

  /// How the last run published the session, where it did under the same scoring key and set
  /// none of its recordings aside: such a session is taken as cached where its scoring entry
  /// exists, without decoding it (`run`, and `explain` as it predicts the run).
  static func publishedAsIs(_ last: RunState.SessionRecord?, _ plan: Plan)
    -> RunState.SessionRecord.Published?
  {
    guard let last, let published = last.published, !published.recordingsSetAside,
      last.scoringKey == plan.scoringKey
    else { return nil }
    return published
  }

  /// Loads or computes the session's stages; `force` ignores cached results. `last` is how the
  /// last run left the session: if it published it under the same scoring key and the entry
  /// is still cached, nothing is decoded. A computation is recorded in `journal` while it runs.
  func run(
    _ plan: Plan, last: RunState.SessionRecord?, force: Bool = false,
    journal: CrashJournal? = nil
  ) -> Outcome {
    let folder = plan.folder
    if let failure = plan.failure {
      return Outcome(
        folder: folder, failure: failure, computedFeatures: false, computedScoring: false)
    }
    if !force, let published = Self.publishedAsIs(last, plan),
      cache.contains(stage: .scoring, key: plan.scoringKey)
    {
      return Outcome(
        folder: folder, published: published, computedFeatures: false, computedScoring: false)
    }
    // A scoring entry implies its features (its key contains theirs): try it first, so that
    // a rerun decodes only the scored session.
    if !force, let scored = cache.load(ScoredSession.self, stage: .scoring, key: plan.scoringKey) {
      return Outcome(
        folder: folder, published: .init(scored), setAside: scored.setAside,
        computedFeatures: false, computedScoring: false)
    }
    // From here on the session is computed (its scoring at least).
    journal?.started(plan.partition)
    defer { journal?.finished(plan.partition) }
    let computedFeatures: Bool
    let outcome: FeatureOutcome
    if !force, let cached = cache.load(FeatureOutcome.self, stage: .features, key: plan.featureKey)
    {
      computedFeatures = false
      outcome = cached
    } else {
      computedFeatures = true
      switch computeFeatures(folder: folder) {
      case .success(let computed):
        outcome = computed
        try? cache.store(computed, stage: .features, key: plan.featureKey, fields: plan.features)
      case .failure(let failure):
        return Outcome(
          folder: folder, failure: failure.message, computedFeatures: true, computedScoring: false)
      }
    }
    let features: SessionFeatures
    switch outcome {
    case .features(let computed): features = computed
    case .problem(let problem):
      return Outcome(
        folder: folder, problem: problem, computedFeatures: computedFeatures,
        computedScoring: false)
    }
    let scored = scorer.score(features)
    // Publication reads scored sessions back from the cache, so an entry that cannot be
    // written fails the session.
    do {
      try cache.store(scored, stage: .scoring, key: plan.scoringKey, fields: plan.scoring)
    } catch {
      return Outcome(
        folder: folder, failure: "cannot write the cache: \(ErrorMessage.describe(error))",
        computedFeatures: computedFeatures, computedScoring: true)
    }
    return Outcome(
      folder: folder, published: .init(scored), setAside: scored.setAside,
      computedFeatures: computedFeatures, computedScoring: true)
  }

  /// The `athlete_id` a session manifest names; nil where it names none (the features stage
  /// then says what is wrong with it, whatever the athletes' rows).
  static func athleteId(manifest path: String) -> String? {
    guard let data = FileManager.default.contents(atPath: path),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return nil }
    return object["athlete_id"] as? String
  }

  /// An error that is not a problem with the data.
  struct Failure: Error {
    var message: String
  }

  /// Fault injection for the crash-isolation test: computing the session folder that
  /// `AURALIFT_CRASH_SESSION` names traps, as a defect would.
  private static let crashFolder = ProcessInfo.processInfo.environment["AURALIFT_CRASH_SESSION"]

  private func computeFeatures(folder: String) -> Result<FeatureOutcome, Failure> {
    if folder == Self.crashFolder { fatalError("AURALIFT_CRASH_SESSION: \(folder)") }
    do {
      let session = try SessionReader.read(
        folder: folder, datasetRoot: datasetRoot, catalog: catalog, settings: ingest)
      guard let body = bodies[session.manifest.athleteId] else {
        return .success(
          .problem(SessionReader.unknownAthlete(session.manifest.athleteId, folder: folder)))
      }
      return .success(
        .features(try extractor.extract(session, body: body)))
    } catch let problem as DatasetProblem {
      return .success(.problem(problem))
    } catch {
      return .failure(Failure(message: ErrorMessage.describe(error)))
    }
  }
}
