import AuraDomain
import Foundation

/// Settings of a generated dataset.
package struct SynthConfig: Sendable {
  package var athletes: Int
  package var sessionsPerAthlete: Int
  package var seed: UInt64
  package var noise: NoiseProfile
  /// First day of the data window (a Monday keeps ISO weeks whole).
  package var startDate: String
  /// Weeks the sessions are spread over (one a day at most).
  package var weeks = 3
  /// Coaches the athletes are shared among, in turn (c-1, c-2, …).
  package var coaches = 2
  /// Frame rates to draw from.
  package var frameRates: [Double]
  /// IMU rates to draw from, Hz.
  package var imuRates: [Double]
  /// Share of sessions that are logbook entries without recordings.
  package var logOnlyShare: Double
  /// Pose formats to draw from (`PoseFileWriter.formats`; vision19_json is vision19 as JSON).
  package var poseFormats: [String]
  /// IMU formats to draw from (`ImuFileWriter.formats`).
  package var imuFormats: [String]
  /// Exercises that recorded sessions rotate through (catalog ids).
  package var recordedExercises: [String]
  /// Where an IMU is worn: barbell, wrist, or both (drawn per session).
  package var imuPlacements: [String] = ["barbell"]
  /// Whether a watch records as a watch app does, one recording through the sets with what
  /// the wrist does around each (`WristGestures`): the walk up, picking the load up, the set's
  /// posture, putting the load down.
  package var watchApp = false
  /// Whether every IMU recording loses packets of samples without their time, as a watch app
  /// on a busy link does (`ImuRecording.losingPackets`).
  package var lostPackets = false
  /// Whether a bar IMU records as the real bar recordings go (`BarRoll`): the bar rolls in
  /// the hands (a curl's turns with the forearms), its reps run into each other without
  /// stillness, and it is taken off the rack or floor with a small swing before the first rep.
  package var barFailures = false
  /// Whether every other athlete (the second, fourth, …) lifts only partial reps in the
  /// data's last ISO week: every recorded set stops short of full range, so form drops.
  package var formFades = false
  /// Every IMU placement the generator records.
  package static let allImuPlacements = ["barbell", "wrist"]

  /// The exercises recorded unless told otherwise.
  package static let defaultRecordedExercises = [
    "back_squat", "bench_press", "deadlift", "overhead_press", "biceps_curl",
  ]

  /// Every pose format the generator writes.
  package static let allPoseFormats = PoseFileWriter.formats
  /// Every IMU format the generator writes.
  package static let allImuFormats = ImuFileWriter.formats

  package init(
    athletes: Int, sessionsPerAthlete: Int, seed: UInt64, noise: NoiseProfile = .low,
    startDate: String = "2026-11-02", frameRates: [Double] = [30, 60],
    imuRates: [Double] = [50, 100, 200],
    logOnlyShare: Double = 0.3, poseFormats: [String] = ["vision19"],
    imuFormats: [String] = ["generic"], recordedExercises: [String] = defaultRecordedExercises
  ) {
    self.recordedExercises = recordedExercises
    self.poseFormats = poseFormats
    self.imuFormats = imuFormats
    self.logOnlyShare = logOnlyShare
    self.athletes = athletes
    self.sessionsPerAthlete = sessionsPerAthlete
    self.seed = seed
    self.noise = noise
    self.startDate = startDate
    self.frameRates = frameRates
    self.imuRates = imuRates
  }
}

/// Writes a dataset that follows docs/dataset.md, plus truth.json with the exact sets and reps.
package struct DatasetSynthesizer {
  package let config: SynthConfig

  package init(config: SynthConfig) { self.config = config }

  static let logExercises = [
    "back_squat", "bench_press", "deadlift", "barbell_row", "lat_pulldown", "lunge",
  ]

  /// Generates the dataset into `folder` (created if needed) and returns its truth.
  @discardableResult
  package func write(to folder: URL) throws -> DatasetTruth {
    var random = SeededRandom(seed: config.seed)
    let fileManager = FileManager.default
    try fileManager.createDirectory(
      at: folder.appendingPathComponent("sessions"), withIntermediateDirectories: true)
    guard let startDay = ISODates.day(config.startDate) else {
      throw CocoaError(
        .formatting, userInfo: [NSDebugDescriptionErrorKey: "bad start date \(config.startDate)"])
    }
    let athletes = (0..<config.athletes).map {
      AthleteProfile(index: $0, coaches: config.coaches, random: &random)
    }
    var truths: [SessionTruth] = []
    var sessionCounter = 0
    // Sessions spread evenly over the weeks; every other athlete a day later.
    let spacing = max(1, 7 * config.weeks / max(1, config.sessionsPerAthlete))
    func sessionDay(athlete: Int, session: Int) -> Int {
      startDay + session * spacing + athlete % 2
    }
    // The Monday of the data's last ISO week, from which fading athletes lift partial reps.
    let lastDay = sessionDay(
      athlete: min(1, config.athletes - 1), session: config.sessionsPerAthlete - 1)
    let fadesFrom = config.formFades ? ISODates.mondayOfWeek(day: lastDay) : nil
    func fades(_ athleteIndex: Int) -> Bool { fadesFrom != nil && athleteIndex % 2 == 1 }
    for (athleteIndex, athlete) in athletes.enumerated() {
      for sessionIndex in 0..<config.sessionsPerAthlete {
        sessionCounter += 1
        let sessionId = String(format: "s-%06d", sessionCounter)
        let day = sessionDay(athlete: athleteIndex, session: sessionIndex)
        let startTime =
          ISODates.string(day: day)
          + String(format: "T%02d:%02d:00Z", random.integer(6...19), random.integer(0...59))
        let folder = folder.appendingPathComponent("sessions").appendingPathComponent(sessionId)
        try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
        if sessionIndex > 0, random.chance(config.logOnlyShare) {
          let manifest = logOnlyManifest(
            sessionId: sessionId, athlete: athlete, startTime: startTime, random: &random)
          try write(manifest, to: folder.appendingPathComponent("session.json"))
        } else {
          let exercises = config.recordedExercises
          let exerciseId = exercises[(athleteIndex + sessionIndex) % exercises.count]
          let (manifest, truth) = try recordedSession(
            sessionId: sessionId, athlete: athlete, exerciseId: exerciseId, startTime: startTime,
            folder: folder, partial: fades(athleteIndex) && day >= fadesFrom!, random: &random)
          try write(manifest, to: folder.appendingPathComponent("session.json"))
          truths.append(truth)
        }
      }
    }
    try writeTables(athletes: athletes, startDay: startDay, folder: folder, random: &random)
    let bodies = athletes.enumerated().map { index, athlete in
      let s = athlete.segments
      return AthleteTruth(
        athleteId: athlete.id, torsoCm: s.trunk * 100, femurCm: s.thigh * 100,
        tibiaCm: s.shank * 100, humerusCm: s.upperArm * 100, forearmCm: s.forearm * 100,
        formFadesFrom: fades(index) ? fadesFrom.map { ISODates.string(day: $0) } : nil)
    }
    let truth = DatasetTruth(
      seed: config.seed, noise: config.noise.rawValue, sessions: truths, athletes: bodies)
    try write(truth, to: folder.appendingPathComponent("truth.json"))
    return truth
  }

  private func recordedSession(
    sessionId: String, athlete: AthleteProfile, exerciseId: String, startTime: String, folder: URL,
    partial: Bool, random: inout SeededRandom
  ) throws -> (ManifestJSON, SessionTruth) {
    let exercise = ExerciseCatalog.builtIn.resolve(exerciseId)!
    let style = MovementStyle(
      pattern: exercise.pattern, segments: athlete.segments, random: &random)
    let kinematics = ExerciseKinematics(
      pattern: exercise.pattern, segments: athlete.segments, bottomAngle: style.bottomAngle,
      shankLean: style.shankLean, trunkLean: style.trunkLean)
    let oneRepMax = athlete.oneRepMax[exerciseId] ?? 50
    let setCount = random.integer(2...3)
    let intensity = random.uniform(0.62...0.82)
    let sets = (0..<setCount).map { index in
      let velocityLoss = random.uniform(0.06...0.35)
      var set = PlannedSet(
        setNumber: index + 1, loadKg: (oneRepMax * intensity / 2.5).rounded() * 2.5,
        reps: random.chance(0.08) ? 1 : random.integer(3...7),
        firstRepVelocity: Self.velocity(atIntensity: intensity, pattern: exercise.pattern)
          * random.uniform(0.94...1.06),
        velocityLoss: velocityLoss,
        rpe: (random.uniform(6.5...9.5) * 2).rounded() / 2,
        range: random.chance(0.15) ? random.uniform(0.6...0.78) : 1)
      // Drawn only for a fading athlete, so that other datasets stay as they were.
      if partial { set.range = random.uniform(0.6...0.78) }
      // Sets taken deep (a high velocity loss) sometimes end on a failed attempt, generated for
      // the lifts that start at the bottom.
      set.failsAfterLastRep =
        velocityLoss > 0.27 && random.chance(0.6) && exercise.phaseOrder == .concentricFirst
      // Where the sides take turns, the reps drawn are a side's, and the set counts both.
      if exercise.alternating { set.reps *= 2 }
      return set
    }
    let synthesizer = RecordedSessionSynthesizer(
      exercise: exercise, kinematics: kinematics, noise: config.noise)
    // A bar IMU goes on barbells; a watch on any lift.
    let imuFits = exercise.equipment == .barbell || config.imuPlacements.contains("wrist")
    let withImu = imuFits && random.chance(0.6)
    let fps = random.pick(config.frameRates)
    let imuRate = random.pick(config.imuRates)
    // Drawn only where there is a choice, so that a dataset of one placement is the same as
    // before placements could be chosen.
    let placement =
      withImu && config.imuPlacements.count > 1
      ? random.pick(config.imuPlacements) : config.imuPlacements[0]
    let session = synthesizer.synthesize(
      sessionId: sessionId, sets: sets, withImu: withImu, fps: fps, imuRateHz: imuRate,
      imuPlacement: placement, watchApp: config.watchApp, barFailures: config.barFailures,
      random: &random)
    var recordings = [
      try PoseFileWriter.write(
        session.pose, format: random.pick(config.poseFormats), fps: fps, to: folder)
    ]
    if var imu = session.imu {
      if config.lostPackets { imu = imu.losingPackets() }
      recordings.append(
        try ImuFileWriter.write(
          imu, format: random.pick(config.imuFormats),
          startEpoch: ISODates.timestamp(startTime) ?? 0, to: folder))
    }
    let manifestSets = zip(sets, session.truth.sets).map { planned, truth in
      SetJSON(
        setNumber: planned.setNumber, exercise: exercise.name, loadKg: planned.loadKg,
        startS: ((truth.startSeconds - 1.0) * 10).rounded(.down) / 10,
        endS: ((truth.endSeconds + 1.0) * 10).rounded(.up) / 10, reps: planned.reps,
        rpe: planned.rpe,
        targetTempo: "2-0-1", formLabel: truth.formLabel, failed: truth.failed)
    }
    let manifest = ManifestJSON(
      sessionId: sessionId, athleteId: athlete.id, startTime: startTime, endTime: nil, notes: nil,
      sets: manifestSets, recordings: recordings)
    return (manifest, session.truth)
  }

  /// First-rep mean concentric velocity at a fraction of 1RM, from typical load-velocity slopes.
  static func velocity(atIntensity x: Double, pattern: MovementPattern) -> Double {
    switch pattern {
    case .squat, .lunge: return 1.78 - 1.47 * x
    case .horizontalPress, .pushUp: return 1.60 - 1.43 * x
    case .hinge, .row: return 1.50 - 1.32 * x
    case .verticalPress, .pulldown, .armExtension: return 1.55 - 1.35 * x
    case .curl: return 1.40 - 1.00 * x
    }
  }

  private func logOnlyManifest(
    sessionId: String, athlete: AthleteProfile, startTime: String, random: inout SeededRandom
  ) -> ManifestJSON {
    var sets: [SetJSON] = []
    var number = 0
    for _ in 0..<random.integer(2...3) {
      let exerciseId = random.pick(Self.logExercises)
      let load =
        ((athlete.oneRepMax[exerciseId] ?? 40) * random.uniform(0.6...0.8) / 2.5).rounded() * 2.5
      for _ in 0..<3 {
        number += 1
        sets.append(
          SetJSON(
            setNumber: number, exercise: exerciseId, loadKg: load, startS: nil, endS: nil,
            reps: random.integer(5...10), rpe: (random.uniform(6.5...9.5) * 2).rounded() / 2,
            targetTempo: nil))
      }
    }
    return ManifestJSON(
      sessionId: sessionId, athleteId: athlete.id, startTime: startTime, endTime: nil,
      notes: "logbook entry",
      sets: sets, recordings: [])
  }

  private func writeTables(
    athletes: [AthleteProfile], startDay: Int, folder: URL, random: inout SeededRandom
  ) throws {
    var athletesCSV =
      "athlete_id,username,email,date_of_birth,biological_sex,height_cm,weight_kg,body_fat_pct,coach_id,guild_name,guild_tag,guild_role\n"
    var wellness =
      "athlete_id,date,hrv_ms,sleep_hours,sleep_quality,resting_hr,active_kcal,cycle_phase\n"
    var nutrition =
      "athlete_id,date,target_kcal,kcal,protein_g,carbs_g,fat_g,water_l,creatine_g,whey_g\n"
    var morpho =
      "athlete_id,date,torso_cm,femur_cm,tibia_cm,humerus_cm,forearm_cm,shoulder_width_cm,hip_width_cm,arm_span_cm\n"
    var scan = SeededRandom(seed: config.seed &+ 0x5CA4)
    for athlete in athletes {
      let guild = athlete.guild
      athletesCSV +=
        [
          athlete.id, athlete.username, "\(athlete.username)@example.com",
          String(
            format: "%04d-%02d-%02d", random.integer(1975...2004), random.integer(1...12),
            random.integer(1...28)),
          athlete.sex, String(format: "%.1f", athlete.heightMeters * 100),
          String(format: "%.1f", athlete.weightKg),
          String(format: "%.1f", random.uniform(10...28)), athlete.coachId, guild?.name ?? "",
          guild?.tag ?? "",
          guild?.role ?? "",
        ].joined(separator: ",") + "\n"
      let phaseOffset = random.integer(0...27)
      for day in (startDay - 28)..<(startDay + 7 * config.weeks) {
        let date = ISODates.string(day: day)
        if random.chance(0.06) { continue }  // a night without data
        let phase = ["menstrual", "follicular", "ovulatory", "luteal"][
          min(3, ((day + phaseOffset) % 28) / 7)]
        wellness += String(
          format: "%@,%@,%.1f,%.1f,%.0f,%.0f,%.0f,%@\n", athlete.id, date,
          athlete.hrvBaseline * exp(0.12 * random.gaussian()), random.uniform(5.5...9.0),
          random.uniform(50...95), athlete.restingHeartRate + 2 * random.gaussian(),
          random.uniform(300...900),
          athlete.sex == "female" ? phase : "")
        if day >= startDay {
          let target = athlete.weightKg * 33
          nutrition += String(
            format: "%@,%@,%.0f,%.0f,%.0f,%.0f,%.0f,%.1f,%.0f,%.0f\n", athlete.id, date, target,
            target * random.uniform(0.85...1.1), athlete.weightKg * random.uniform(1.4...2.2),
            random.uniform(200...380), random.uniform(50...100), random.uniform(1.5...3.5),
            random.chance(0.7) ? 5.0 : 0.0, random.uniform(0...50))
        }
      }
      let s = athlete.segments
      let h = athlete.heightMeters * 100
      // A scan measures each segment with an error of about 2 % (drawn apart from the rest of
      // the dataset, which stays as it was before scans had one).
      func scanned(_ meters: Double) -> Double { meters * 100 * (1 + 0.02 * scan.gaussian()) }
      morpho += String(
        format: "%@,%@,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f\n", athlete.id,
        ISODates.string(day: startDay),
        scanned(s.trunk), scanned(s.thigh), scanned(s.shank), scanned(s.upperArm),
        scanned(s.forearm), 0.259 * h, 0.191 * h, h * random.uniform(0.98...1.04))
    }
    try Data(athletesCSV.utf8).write(to: folder.appendingPathComponent("athletes.csv"))
    try Data(wellness.utf8).write(to: folder.appendingPathComponent("wellness.csv"))
    try Data(nutrition.utf8).write(to: folder.appendingPathComponent("nutrition.csv"))
    try Data(morpho.utf8).write(to: folder.appendingPathComponent("morpho.csv"))
    let names = [
      "Rivera", "Okafor", "Lindqvist", "Tanaka", "Moreau", "Haddad", "Kowalski", "Silva",
    ]
    var coaches = "coach_id,name,email\n"
    for index in 0..<config.coaches {
      let name =
        names[index % names.count] + (index < names.count ? "" : " \(index / names.count + 1)")
      let mailbox = name.lowercased().replacingOccurrences(of: " ", with: "")
      coaches += "c-\(index + 1),Coach \(name),\(mailbox)@example.com\n"
    }
    try Data(coaches.utf8).write(to: folder.appendingPathComponent("coaches.csv"))
  }

  private func write<T: Encodable>(_ value: T, to url: URL) throws {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(value).write(to: url)
  }
}

/// session.json as docs/dataset.md spells it (keys converted to snake_case on encoding).
struct ManifestJSON: Encodable {
  var sessionId: String
  var athleteId: String
  var startTime: String
  var endTime: String?
  var notes: String?
  var sets: [SetJSON]
  var recordings: [RecordingJSON]
}

struct SetJSON: Encodable {
  var setNumber: Int
  var exercise: String
  var loadKg: Double
  var startS: Double?
  var endS: Double?
  var reps: Int
  var rpe: Double
  var targetTempo: String?
  /// Labels (extensions of docs/dataset.md): "good" or "bad" form, and a failed last attempt.
  var formLabel: String? = nil
  var failed: Bool? = nil
}

struct RecordingJSON: Encodable {
  var kind: String
  var path: String
  var format: String
  var fps: Double? = nil
  var view: String? = nil
  var imageWidth: Double? = nil
  var imageHeight: Double? = nil
  var placement: String? = nil
  var accelUnit: String? = nil
  var gyroUnit: String? = nil
}
