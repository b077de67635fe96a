import ArgumentParser
import AuraDomain
import AuraSynth
import Foundation

/// `auralift synth`: writes a generated dataset with ground truth.
struct SynthCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "synth",
    abstract: "Generate a dataset (as docs/dataset.md lays it out) plus truth.json.")

  @Option(help: "Folder to write the dataset into.") var out: String
  @Option(help: "Number of athletes.") var athletes: Int = 3
  @Option(name: .customLong("sessions-per-athlete"), help: "Sessions per athlete over 3 weeks.")
  var sessionsPerAthlete: Int = 6
  @Option(help: "Random seed: the same seed gives the same dataset.") var seed: UInt64 = 1
  @Option(help: "Recording noise: low or high.") var noise: String = "low"
  @Option(name: .customLong("fps"), help: "Frame rates to draw from, comma-separated.")
  var frameRates: String = "30,60"
  @Option(name: .customLong("imu-rates"), help: "IMU rates to draw from (Hz), comma-separated.")
  var imuRates: String = "50,100,200"
  @Option(name: .customLong("log-only-share"), help: "Share of sessions without recordings (0-1).")
  var logOnlyShare: Double = 0.3
  @Option(
    name: .customLong("pose-formats"),
    help:
      "Pose formats to draw from, comma-separated, or 'all' (\(SynthConfig.allPoseFormats.joined(separator: ", ")))."
  )
  var poseFormats: String = "vision19"
  @Option(
    name: .customLong("imu-formats"),
    help:
      "IMU formats to draw from, comma-separated, or 'all' (\(SynthConfig.allImuFormats.joined(separator: ", ")))."
  )
  var imuFormats: String = "generic"
  @Option(
    name: .customLong("imu-placements"),
    help:
      "Where the IMU is worn, drawn per session, comma-separated, or 'all' (\(SynthConfig.allImuPlacements.joined(separator: ", ")))."
  )
  var imuPlacements: String = "barbell"
  @Option(
    help:
      "Exercises that recorded sessions rotate through, comma-separated catalog ids (default: \(SynthConfig.defaultRecordedExercises.joined(separator: ",")))."
  )
  var exercises: String = SynthConfig.defaultRecordedExercises.joined(separator: ",")
  @Flag(
    help:
      "A watch records as a watch app does: the walk up to each set, picking the load up, the set's posture and putting the load down."
  )
  var watchApp = false
  @Flag(
    help:
      "Every IMU recording loses packets of 112 samples as a watch app on a busy link does, the samples kept numbered as if none were lost."
  )
  var lostPackets = false
  @Flag(
    help:
      "A bar IMU records as real bar recordings go: the bar rolls in the hands (a curl's turns with the forearms), reps run into each other without stillness, and a small swing takes the bar off the rack or floor before the first rep."
  )
  var barFailures = false

  func run() throws {
    guard let profile = NoiseProfile(rawValue: noise) else {
      throw ValidationError("--noise must be low or high")
    }
    var config = SynthConfig(
      athletes: athletes, sessionsPerAthlete: sessionsPerAthlete, seed: seed, noise: profile,
      frameRates: try numbers(frameRates), imuRates: try numbers(imuRates),
      logOnlyShare: logOnlyShare,
      poseFormats: try formats(poseFormats, all: SynthConfig.allPoseFormats),
      imuFormats: try formats(imuFormats, all: SynthConfig.allImuFormats),
      recordedExercises: try exerciseIds(exercises))
    config.watchApp = watchApp
    config.lostPackets = lostPackets
    config.barFailures = barFailures
    config.imuPlacements = try formats(
      imuPlacements, all: SynthConfig.allImuPlacements, kind: "IMU placement")
    let truth = try DatasetSynthesizer(config: config).write(to: URL(fileURLWithPath: out))
    let sets = truth.sessions.reduce(0) { $0 + $1.sets.count }
    print(
      "wrote \(out): \(athletes) athletes, \(athletes * sessionsPerAthlete) sessions (\(truth.sessions.count) recorded, \(sets) recorded sets), truth.json"
    )
  }

  private func exerciseIds(_ text: String) throws -> [String] {
    let ids = text.split(separator: ",").map(String.init)
    guard !ids.isEmpty else { throw ValidationError("--exercises names no exercise") }
    for id in ids where ExerciseCatalog.builtIn.resolve(id)?.id != id {
      throw ValidationError("unknown exercise '\(id)' (a catalog id such as back_squat)")
    }
    return ids
  }

  private func formats(_ text: String, all: [String], kind: String = "format") throws -> [String] {
    if text == "all" { return all }
    let chosen = text.split(separator: ",").map(String.init)
    for format in chosen where !all.contains(format) {
      throw ValidationError("unknown \(kind) '\(format)' (known: \(all.joined(separator: ", ")))")
    }
    return chosen
  }

  private func numbers(_ text: String) throws -> [Double] {
    let values = text.split(separator: ",").compactMap { Double($0) }
    guard !values.isEmpty else {
      throw ValidationError("expected comma-separated numbers, got '\(text)'")
    }
    return values
  }
}
