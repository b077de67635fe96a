import AuraDomain
import AuraFeatures
import AuraIngest
import AuraScoring
import Foundation

/// The per-session stages (ingest → features → scoring) with their cache keys: each stage's
/// key is its code version, the parameters it declares, and the key of its input.
struct SessionChain: Sendable {
  let datasetRoot: URL
  let cache: ArtifactCache
  let parameters: ParameterSet
  let catalog: ExerciseCatalog
  let ingest: SessionReader.Settings
  let extractor: SessionFeatureExtractor
  let scorer: SessionScorer
  /// Height in cm of every athlete in athletes.csv (NaN where unknown).
  let heights: [String: Double]

  /// What happened to one session.
  struct Outcome: Sendable {
    var folder: String
    var scored: ScoredSession?
    var problem: DatasetProblem?
    var scoringKey: String?
    var computedFeatures: Bool
    var computedScoring: Bool
  }

  /// A session's features, or the problem that quarantined it (cached alike).
  enum FeatureOutcome: Codable {
    case features(SessionFeatures)
    case problem(DatasetProblem)
  }

  func run(folder: String) -> Outcome {
    let sessionFolder = datasetRoot.appendingPathComponent("sessions").appendingPathComponent(
      folder)
    let inputs: String
    do { inputs = try ContentKey.folderDigest(sessionFolder) } catch {
      return Outcome(
        folder: folder,
        problem: DatasetProblem(path: "sessions/\(folder)", line: 0, reason: "unreadable folder"),
        computedFeatures: false, computedScoring: false)
    }
    // The athlete's height calibrates pose scale, so it is an input of features; its id is
    // not known before the manifest is read, so the whole height table keys the stage.
    var featuresKey = ContentKey(stage: "features", codeVersion: StageVersions.features)
    featuresKey.add(String(StageVersions.ingest))
    featuresKey.add(
      parameters: parameters,
      keys: SessionReader.Settings.parameterKeys + SessionFeatureExtractor.Settings.parameterKeys)
    featuresKey.add(inputs)
    for (athlete, height) in heights.sorted(by: { $0.key < $1.key }) {
      featuresKey.add("\(athlete)=\(height)")
    }
    // A custom exercise's pattern and muscles (exercises.csv) shape features and scores.
    for exercise in catalog.all where exercise.isCustom {
      featuresKey.add(String(describing: exercise))
    }
    let featureKey = featuresKey.finalize()

    var computedFeatures = false
    var outcome = cache.load(FeatureOutcome.self, stage: "features", key: featureKey)
    if outcome == nil {
      computedFeatures = true
      outcome = computeFeatures(folder: folder)
      try? cache.store(outcome!, stage: "features", key: featureKey)
    }
    guard case .features(let features)? = outcome else {
      if case .problem(let problem)? = outcome {
        return Outcome(
          folder: folder, problem: problem, computedFeatures: computedFeatures,
          computedScoring: false)
      }
      return Outcome(folder: folder, computedFeatures: computedFeatures, computedScoring: false)
    }
    var scoringKey = ContentKey(stage: "scoring", codeVersion: StageVersions.scoring)
    scoringKey.add(
      parameters: parameters,
      keys: FormScorer.Settings.parameterKeys + Gamification.Settings.parameterKeys)
    scoringKey.add(featureKey)
    let key = scoringKey.finalize()
    if let scored = cache.load(ScoredSession.self, stage: "scoring", key: key) {
      return Outcome(
        folder: folder, scored: scored, scoringKey: key, computedFeatures: computedFeatures,
        computedScoring: false)
    }
    let scored = scorer.score(features)
    try? cache.store(scored, stage: "scoring", key: key)
    return Outcome(
      folder: folder, scored: scored, scoringKey: key, computedFeatures: computedFeatures,
      computedScoring: true)
  }

  private func computeFeatures(folder: String) -> FeatureOutcome {
    do {
      let session = try SessionReader.read(
        folder: folder, datasetRoot: datasetRoot, catalog: catalog, settings: ingest)
      guard let height = heights[session.manifest.athleteId] else {
        return .problem(SessionReader.unknownAthlete(session.manifest.athleteId, folder: folder))
      }
      return .features(try extractor.extract(session, athleteHeightCm: height.isNaN ? nil : height))
    } catch let problem as DatasetProblem {
      return .problem(problem)
    } catch {
      return .problem(DatasetProblem(path: "sessions/\(folder)", line: 0, reason: "\(error)"))
    }
  }
}
