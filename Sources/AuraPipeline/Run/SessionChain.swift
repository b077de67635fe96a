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
  /// The fields every session's key of each per-session stage starts with: its code versions
  /// and the parameters it reads (`Stage.key(parameters:)`).
  let templates: [Stage: ContentKey]
  /// The digest of the custom exercises of exercises.csv (`Stage.Input.customExercises`).
  let customExercises: String

  /// The keys of one session's stages, or why the session cannot be planned.
  /// Only the keys are kept: their fields (every input file's name and digest) are made again
  /// for a session that is computed or explained (`fields(of:)`), as a run plans every
  /// session before it computes any.
  struct Plan: Sendable {
    var folder: String
    var keys: SessionKeys
    /// What the session's recordings (its files but its manifest) are, by name and content:
    /// two sessions with the same are copies (`SessionTwins`). Nil without recordings.
    var recordings: RecordingsDigest?
    /// Set when the folder's files could not be read: the partition fails.
    var failure: String?

    var partition: String { "sessions/\(folder)" }
  }

  /// The first 128 bits of SHA-256 over a session's recordings' names and content digests.
  struct RecordingsDigest: Hashable, Sendable {
    let high: UInt64
    let low: UInt64

    /// Of `files` (name, content digest), the manifest aside; nil when none is left.
    init?(_ files: [(path: String, digest: String)]) {
      var hasher = FieldHasher()
      var any = false
      for file in files.sorted(by: { $0.path < $1.path }) where file.path != "session.json" {
        hasher.add(file.path)
        hasher.add(file.digest)
        any = true
      }
      guard any else { return nil }
      let bytes = hasher.digest()
      high = bytes[0..<8].reduce(0) { $0 << 8 | UInt64($1) }
      low = bytes[8..<16].reduce(0) { $0 << 8 | UInt64($1) }
    }

    var text: String { String(high, radix: 16) + "-" + String(low, radix: 16) }
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
    /// The stages computed (not loaded from the cache), in no order.
    var computed: Set<Stage> = []
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
    customExercises = FieldHasher.hex(of: Data(custom.utf8))
    templates = Dictionary(
      uniqueKeysWithValues: Stage.perSession.map { ($0, $0.key(parameters: parameters)) })
  }

  /// Each per-session stage's key, from the stage table: its template, then its inputs in the
  /// order `Stage.inputs` gives them, its upstream nodes' keys among them.
  func plan(folder: String) -> Plan { keyed(folder: folder).plan }

  /// Each per-session stage's key of `plan`, field by field, made again from the folder's
  /// files; nil where they no longer give the plan's keys (a file changed since it was
  /// planned).
  func fields(of plan: Plan) -> PerSessionStages<ContentKey>? {
    let again = keyed(folder: plan.folder)
    return again.plan.keys == plan.keys && again.plan.failure == nil ? again.fields : nil
  }

  /// Each per-session stage's key of the session in `folder` as its files are now, field by
  /// field.
  func fields(folder: String) -> PerSessionStages<ContentKey> { keyed(folder: folder).fields }

  /// A session's plan and its keys' fields.
  private func keyed(folder: String) -> (plan: Plan, fields: PerSessionStages<ContentKey>) {
    let partition = "sessions/\(folder)"
    var plan = Plan(folder: folder, keys: SessionKeys(), recordings: nil, failure: nil)
    var fields = PerSessionStages<ContentKey>()
    var files: [(path: String, digest: String)]? = nil
    for stage in Stage.perSession {
      // Copies of the templates share their field strings: 10k plans hold only their inputs.
      var key = templates[stage]!
      for input in stage.inputs {
        switch input {
        case .customExercises: key.add("custom exercises (exercises.csv)", customExercises)
        case .sessionFiles:
          do {
            files = try digests.digests(ofFolder: sessionsPath + "/" + folder)
            for file in files! { key.add("input \(partition)/\(file.path)", file.digest) }
            plan.recordings = RecordingsDigest(files!)
          } catch let error as FileDigests.UnreadableFile {
            plan.failure = "\(partition)/\(error)"
          } catch {
            plan.failure = "\(partition) cannot be listed: \(ErrorMessage.describe(error))"
          }
        case .athleteBody: addAthleteBody(to: &key, folder: folder, files: files)
        case .upstream:
          for upstream in stage.upstream {
            key.add("\(upstream.rawValue) of \(partition)", plan.keys[upstream])
          }
        case .catalog, .athleteRow, .isoWeek, .weekBefore, .wellness, .nutrition, .morpho:
          preconditionFailure("\(stage) is a per-session stage: \(input) is an athlete's")
        }
      }
      plan.keys[stage] = key.finalize()
      fields[stage] = key
    }
    return (plan, fields)
  }

  /// The athlete's body scan or height calibrates pose scale: that athlete's row of
  /// athletes.csv and morpho.csv is an input of the session's features, and no other's.
  private func addAthleteBody(
    to key: inout ContentKey, folder: String, files: [(path: String, digest: String)]?
  ) {
    guard let manifest = files?.first(where: { $0.path == "session.json" }),
      let athlete = digests.facts.fact(
        ofDigest: manifest.digest,
        read: { Self.athleteId(manifest: sessionsPath + "/" + folder + "/session.json") })
    else { return }
    key.add(
      "athlete \(athlete)'s height and scan (athletes.csv, morpho.csv)",
      bodies[athlete]?.keyText ?? "not in athletes.csv")
  }

  /// How the last run published the session, where it did under the same scoring key and set
  /// none of its recordings aside: such a session is taken as cached where its scoring entry
  /// exists, without decoding it (`run`, and `explain` as it predicts the run).
  static func publishedAsIs(_ last: RunState.SessionRecord?, _ plan: Plan)
    -> RunState.SessionRecord.Published?
  {
    guard let last, let published = last.published, !published.recordingsSetAside,
      last.keys[Stage.sessionResult] == plan.keys[Stage.sessionResult]
    else { return nil }
    return published
  }

  /// Loads or computes the session's stages as `step` decides; `force` ignores cached results.
  /// `last` is how the last run left the session: if it published it under the same scoring
  /// key and the entry is still cached, nothing is decoded. A computation is recorded in
  /// `journal` while it runs.
  func run(
    _ plan: Plan, last: RunState.SessionRecord?, force: Bool = false,
    journal: CrashJournal? = nil
  ) -> Outcome {
    let folder = plan.folder
    var look = LoadingLook(cache: cache)
    let stages: [Stage]
    switch step(plan, last: last, force: force, look: &look) {
    case .fails(let failure): return Outcome(folder: folder, failure: failure)
    case .cached:
      guard let scored = look.scored else {
        // Published under the same key, its entry there: nothing decoded.
        return Outcome(folder: folder, published: Self.publishedAsIs(last, plan))
      }
      return Outcome(folder: folder, published: .init(scored), setAside: scored.setAside)
    case .quarantined:
      guard case .problem(let problem)? = look.features else { preconditionFailure() }
      return Outcome(folder: folder, problem: problem)
    case .computes(let computed): stages = computed
    }
    // The entries stored carry their keys' fields, made again here and checked against the
    // plan's keys.
    guard let fields = fields(of: plan) else {
      return Outcome(
        folder: folder,
        failure: "\(plan.partition) changed while the run read it: the next run computes it")
    }
    // From here on the session is computed (its scoring at least).
    journal?.started(plan.partition)
    defer { journal?.finished(plan.partition) }
    var computed: Set<Stage> = []
    let outcome: FeatureOutcome
    if !stages.contains(.features), let loaded = look.features {
      outcome = loaded
    } else {
      computed.insert(.features)
      switch computeFeatures(folder: folder) {
      case .success(let fresh):
        outcome = fresh
        try? cache.store(
          fresh, stage: .features, key: plan.keys[.features], fields: fields[.features]!)
      case .failure(let failure):
        return Outcome(folder: folder, failure: failure.message, computed: computed)
      }
    }
    let features: SessionFeatures
    switch outcome {
    case .features(let computed): features = computed
    case .problem(let problem):
      return Outcome(folder: folder, problem: problem, computed: computed)
    }
    let scored = scorer.score(features)
    // Publication reads scored sessions back from the cache, so an entry that cannot be
    // written fails the session.
    do {
      try cache.store(
        scored, stage: .scoring, key: plan.keys[.scoring], fields: fields[.scoring]!)
    } catch {
      return Outcome(
        folder: folder, failure: "cannot write the cache: \(ErrorMessage.describe(error))",
        computed: computed.union([.scoring]))
    }
    return Outcome(
      folder: folder, published: .init(scored), setAside: scored.setAside,
      computed: computed.union([.scoring]))
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
