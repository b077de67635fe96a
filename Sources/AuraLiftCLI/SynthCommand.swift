import ArgumentParser
import AuraDomain
import AuraSynth
import Foundation

/// `auralift synth`: writes a generated dataset with ground truth.
struct SynthCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "synth",
    abstract: "Generate a dataset (as docs/dataset.md lays it out) plus truth.json.",
    discussion: """
      Writes athletes shared in turn among --coaches coaches, each with \
      --sessions-per-athlete sessions spread evenly over --weeks weeks from --start-date, \
      wellness from four weeks before it to the end of the span, nutrition over the span and \
      one body scan; the recorded sessions' truth (every rep's timing, ROM and velocity) goes \
      into truth.json. The same seed and options give the same files.
      """)

  @Option(help: "Folder to write the dataset into.") var out: String
  @Option(help: "Number of athletes.") var athletes: Int = 3
  @Option(
    name: .customLong("sessions-per-athlete"),
    help:
      "Sessions per athlete, spread evenly over --weeks (at most one a day: more run on, a day each, past them)."
  )
  var sessionsPerAthlete: Int = 6
  @Option(help: "Weeks the sessions are spread over, from --start-date.") var weeks: Int = 3
  @Option(help: "First day of the data (YYYY-MM-DD; a Monday keeps ISO weeks whole).")
  var startDate: String = "2026-11-02"
  @Option(help: "Coaches the athletes are shared among, in turn.") var coaches: Int = 2
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
  @Flag(
    help:
      "Every other athlete's form fades in the data's last ISO week: each recorded set stops short of full range (truth.json names them and the day it starts)."
  )
  var formFades = false

  func validate() throws {
    guard (1...520).contains(weeks) else { throw ValidationError("--weeks \(weeks): 1 to 520") }
    guard (1...10_000).contains(coaches) else {
      throw ValidationError("--coaches \(coaches): 1 to 10000")
    }
    guard startDate.count == 10, ISODates.day(startDate) != nil,
      PlausibleRange.dateProblem(startDate) == nil
    else { throw ValidationError("--start-date \(startDate): a date YYYY-MM-DD from 1900 on") }
  }

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
    config.startDate = startDate
    config.weeks = weeks
    config.coaches = coaches
    config.watchApp = watchApp
    config.lostPackets = lostPackets
    config.barFailures = barFailures
    config.formFades = formFades
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
