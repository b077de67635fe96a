import AuraDomain
import AuraFeatures
import AuraIngest
import AuraSupport
import Foundation

/// Measures rep counting and set detection on real recordings against their authors' labels
/// (an evaluation folder: the dataset layout plus labels.csv, `RealSetLabel`). Every session is
/// extracted as a new user's would be: without set bounds and without logged rep counts, so
/// only the recording speaks. With `givenBounds`, each set the authors bounded is counted
/// within those bounds instead, as if its manifest gave them: the reps counted apart from
/// finding the set.
package struct RealDataEvaluator: Sendable {
  typealias SessionOutcome = RealDataReport.SessionOutcome

  package let root: URL
  package let labels: [RealSetLabel]
  let extractor: SessionFeatureExtractor
  let reader: SessionReader.Settings
  let bodies: AthleteBodies
  package let givenBounds: Bool

  package init(
    root: URL, labels: [RealSetLabel], parameters: ParameterSet, givenBounds: Bool = false
  ) throws {
    self.root = root
    self.labels = labels
    self.givenBounds = givenBounds
    let tables = try DatasetTablesReader.read(root: root)
    extractor = SessionFeatureExtractor(settings: try .init(parameters), catalog: tables.catalog)
    reader = try SessionReader.Settings(parameters)
    bodies = BodyDimensions.byAthlete(tables)
  }

  /// Every labelled session over `workers` threads; a session that cannot be read counts its
  /// sets as missed, with the reason.
  package func evaluate(workers: Int = 1) -> RealDataReport {
    let sessions = Dictionary(grouping: labels, by: \.sessionId).sorted { $0.key < $1.key }
    let outcomes = WorkerPool.map(sessions, workers: workers) { session, labels in
      evaluate(session: session, labels: labels.sorted { $0.setNumber < $1.setNumber })
    }
    var report = RealDataReport(givenBounds: givenBounds)
    for outcome in outcomes { report.add(outcome) }
    return report
  }

  private func evaluate(session folder: String, labels: [RealSetLabel]) -> SessionOutcome {
    var outcome = SessionOutcome()
    let session: IngestedSession
    let features: SessionFeatures
    do {
      var read = try SessionReader.read(
        folder: folder, datasetRoot: root, catalog: extractor.catalog, settings: reader)
      try read.requireEveryRecording()
      for index in read.manifest.sets.indices {
        let label = labels.first { $0.setNumber == read.manifest.sets[index].setNumber }
        let bounds = givenBounds ? label?.bounds : nil
        read.manifest.sets[index].startSeconds = bounds?.lowerBound
        read.manifest.sets[index].endSeconds = bounds?.upperBound
        read.manifest.sets[index].reps = nil
      }
      session = read
      features = try extractor.extract(
        read, body: bodies[read.manifest.athleteId] ?? BodyDimensions(heightCm: nil))
    } catch {
      let modality = declaredModality(folder)
      outcome.sets = labels.map {
        RealDataReport.SetOutcome(
          label: $0, modality: modality, measured: nil, unknownReason: "\(error)")
      }
      return outcome
    }
    let modality = Self.modality(session)
    for label in labels {
      let set = features.sets.first { $0.setNumber == label.setNumber }
      let counted = set.flatMap { $0.source == .log ? nil : $0 }
      outcome.sets.append(
        .init(
          label: label, modality: modality, measured: counted?.measuredRepCount,
          unknownReason: counted?.repCountUnknown ?? (counted == nil ? "no reps found" : nil),
          evidence: counted?.countEvidence, interval: set?.repsInterval,
          swings: counted?.swings))
    }
    // Set detection is judged where the authors marked several sets in one recording, and
    // their bounds were not given.
    guard !givenBounds else { return outcome }
    let bounded = labels.compactMap(\.bounds)
    if bounded.count >= 2 {
      let detected = FeatureEvaluator.detectedSpans(features).map(\.span)
      var tally = RealDataReport.Tally()
      tally.trueSets = bounded.count
      tally.detectedSets = detected.count
      tally.matchedSets = FeatureEvaluator.matches(truth: bounded, detected: detected).count { $0 }
      outcome.detection = (
        .init(source: labels[0].source, exercise: "all", modality: modality), tally
      )
    }
    return outcome
  }

  /// The modality session.json declares, for a session that could not be read.
  private func declaredModality(_ folder: String) -> String {
    let path = "sessions/\(folder)/session.json"
    guard let data = try? Data(contentsOf: root.appendingPathComponent(path)),
      let (_, recordings) = try? SessionManifestReader.read(
        data: data, path: path, catalog: extractor.catalog)
    else { return "unreadable" }
    if recordings.contains(where: { $0.kind == .pose }) { return "pose" }
    return recordings.first { $0.kind == .imu }.map { "imu:\($0.placement?.rawValue ?? "unknown")" }
      ?? "unreadable"
  }

  /// "pose" for a camera, else "imu:<placement>" (barbell, wrist, ...).
  static func modality(_ session: IngestedSession) -> String {
    if session.pose != nil { return "pose" }
    guard let imu = session.imu else { return "log" }
    return "imu:\(imu.placement.rawValue)"
  }
}
