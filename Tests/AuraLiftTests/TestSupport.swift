import AuraDomain
import AuraSynth
import Foundation

/// Test helpers: temporary folders and generated datasets.
enum TestSupport {
  /// A fresh empty folder under the system temporary directory.
  static func temporaryFolder(_ name: String = #function) throws -> URL {
    let safe = name.filter { $0.isLetter || $0.isNumber }
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("auralift-tests-\(safe)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Generates a dataset and returns its folder and truth.
  static func generatedDataset(
    athletes: Int = 3, sessions: Int = 4, seed: UInt64 = 11, noise: NoiseProfile = .low,
    logOnlyShare: Double = 0.25, poseFormats: [String] = ["vision19"],
    imuFormats: [String] = ["generic"]
  ) throws -> (URL, DatasetTruth) {
    let folder = try temporaryFolder("dataset\(seed)")
    let truth = try DatasetSynthesizer(
      config: SynthConfig(
        athletes: athletes, sessionsPerAthlete: sessions, seed: seed, noise: noise,
        logOnlyShare: logOnlyShare, poseFormats: poseFormats, imuFormats: imuFormats)
    ).write(to: folder)
    return (folder, truth)
  }

  /// `../shared/realdata` beside the repository, where the real public recordings live.
  static let realData: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../shared/realdata").standardizedFileURL

  /// True when the real recordings are present (tests that need them are skipped otherwise).
  static var hasRealData: Bool { FileManager.default.fileExists(atPath: realData.path) }

  /// The defaults of pipelines/nightly.yaml that the stage tests need.
  static let parameters = ParameterSet([
    "ingest.pose_confidence_min": .number(0.3),
    "features.filter_cutoff_hz": .number(5),
    "features.max_gap_s": .number(0.3),
    "features.still_velocity_mps": .number(0.05),
    "features.min_travel_m": .number(0.05),
    "features.min_rep_s": .number(0.5),
  ])
}
