import AuraDomain
import AuraScoring
import Foundation

/// Sets per muscle and the recovery they leave. Weekly sets count a primary mover 1 and a
/// secondary one `secondaryShare` (Pelland 2024). Recovery is our own design anchored in
/// SCIENCE.md §5.4: each set adds `fatiguePerSet × share` that decays with the muscle's time
/// constant (longer by `nearFailureFactor` for a set 1 rep or less from failure); recovery =
/// 100 − remaining fatigue, floored at 0. It estimates recovery; it does not measure work.
struct MuscleModel {
  let settings: AggregationSettings
  let catalog: ExerciseCatalog

  /// One set's dose on one muscle.
  struct Dose: Codable, Sendable {
    var time: Double
    var day: Int
    var muscle: MuscleGroupType
    var share: Double
    var volumeKg: Double
    var nearFailure: Bool
  }

  /// Doses stored column by column, numbers packed (`PackedColumn`) and muscles as one
  /// space-separated string: an athlete's history holds one per set and muscle, tens of
  /// thousands over a year, and decoding them as keyed objects would cost more than the
  /// aggregation itself.
  struct DoseLog: Codable, Sendable {
    var doses: [Dose]

    init(_ doses: [Dose]) { self.doses = doses }

    private enum CodingKeys: String, CodingKey {
      case time, day, muscle, share, volumeKg, nearFailure
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(PackedColumn.pack(doses.map(\.time)), forKey: .time)
      try container.encode(PackedColumn.pack(doses.map(\.day)), forKey: .day)
      try container.encode(doses.map(\.muscle.rawValue).joined(separator: " "), forKey: .muscle)
      try container.encode(PackedColumn.pack(doses.map(\.share)), forKey: .share)
      try container.encode(PackedColumn.pack(doses.map(\.volumeKg)), forKey: .volumeKg)
      try container.encode(PackedColumn.pack(doses.map(\.nearFailure)), forKey: .nearFailure)
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      func doubles(_ key: CodingKeys) throws -> [Double] {
        try PackedColumn.doubles(container.decode(Data.self, forKey: key))
      }
      let time = try doubles(.time)
      let day = try PackedColumn.ints(container.decode(Data.self, forKey: .day))
      let names = try container.decode(String.self, forKey: .muscle)
      let muscle = names.split(separator: " ").map { MuscleGroupType(rawValue: String($0)) }
      let share = try doubles(.share)
      let volume = try doubles(.volumeKg)
      let near = PackedColumn.bools(try container.decode(Data.self, forKey: .nearFailure))
      guard
        [day.count, muscle.count, share.count, volume.count, near.count].allSatisfy({
          $0 == time.count
        })
      else {
        throw DecodingError.dataCorruptedError(
          forKey: .time, in: container, debugDescription: "dose columns differ in length")
      }
      doses = try time.indices.map {
        guard let muscle = muscle[$0] else {
          throw DecodingError.dataCorruptedError(
            forKey: .muscle, in: container, debugDescription: "unknown muscle group")
        }
        return Dose(
          time: time[$0], day: day[$0], muscle: muscle, share: share[$0],
          volumeKg: volume[$0], nearFailure: near[$0])
      }
    }
  }

  /// Every set's dose on each muscle it trains; a set at 1 rep in reserve or closer (by its
  /// estimated effort, keyed by set id) counts as near failure.
  func doses(_ sessions: [ScoredSession], efforts: [String: SetEffort]) -> [Dose] {
    sessions.flatMap { session -> [Dose] in
      let (start, day) = (session.startTime.timestamp, session.startTime.day)
      return session.sets.flatMap { set -> [Dose] in
        guard set.features.performed, let exercise = catalog.resolve(set.features.exerciseId)
        else { return [] }
        let effort = efforts[session.setId(set)]
        let near = effort.map { $0.repsInReserve <= 1 } ?? false
        let shares =
          exercise.primaryMuscles.map { ($0, 1.0) }
          + exercise.secondaryMuscles.map { ($0, settings.secondaryShare) }
        return shares.map {
          Dose(
            time: start, day: day, muscle: $0.0, share: $0.1, volumeKg: $0.1 * set.volumeKg,
            nearFailure: near)
        }
      }
    }
  }

  /// Sets and volume per muscle and ISO week, with the landmark band; a week that ends after
  /// `asOfDay` is marked partial.
  func weeklyVolume(athleteId: String, doses: [Dose], asOfDay: Int) -> [WeeklyMuscleVolume] {
    var table: [Int: [MuscleGroupType: (sets: Double, volume: Double)]] = [:]
    for dose in doses {
      let monday = ISODates.mondayOfWeek(day: dose.day)
      let current = table[monday, default: [:]][dose.muscle] ?? (0, 0)
      table[monday, default: [:]][dose.muscle] = (
        current.sets + dose.share, current.volume + dose.volumeKg
      )
    }
    return table.keys.sorted().flatMap { monday in
      table[monday]!.keys.sorted().map { muscle in
        let value = table[monday]![muscle]!
        return WeeklyMuscleVolume(
          athleteId: athleteId, isoWeek: ISODates.isoWeek(day: monday), muscle: muscle,
          sets: value.sets, volumeKg: value.volume,
          band: settings.landmarks[muscle]?.band(sets: value.sets) ?? .unknown,
          partialWeek: monday + 6 > asOfDay)
      }
    }
  }

  /// Recovery of `muscle` at `time` (seconds since 1970) from the doses before it.
  func recovery(_ doses: [Dose], muscle: MuscleGroupType, at time: Double) -> Double {
    let tau = settings.recoveryTimeConstantHours[muscle] ?? 24
    var fatigue = 0.0
    for dose in doses where dose.muscle == muscle && dose.time <= time {
      let hours = (time - dose.time) / 3600
      let constant = dose.nearFailure ? tau * settings.nearFailureFactor : tau
      fatigue += settings.fatiguePerSet * dose.share * exp(-hours / constant)
    }
    return max(0, 100 - fatigue)
  }

  /// Every muscle's state at the end of `asOfDay`: recovery, sets this ISO week, last trained.
  func states(athleteId: String, doses all: [Dose], asOfDay: Int) -> [MuscleState] {
    let end = Double(asOfDay + 1) * 86_400
    let weekStart = ISODates.mondayOfWeek(day: asOfDay)
    return MuscleGroupType.allCases.map { muscle in
      let mine = all.filter { $0.muscle == muscle }
      return MuscleState(
        athleteId: athleteId, muscle: muscle,
        recoveryScore: recovery(mine, muscle: muscle, at: end),
        weeklySets: mine.filter { $0.day >= weekStart && $0.day <= asOfDay }.reduce(0) {
          $0 + $1.share
        },
        lastTrainedDate: mine.map(\.day).max().map { ISODates.string(day: $0) })
    }
  }

  /// Recovery per muscle at the end of each of the last `heatmapDays` days up to `asOfDay`,
  /// for the muscles trained in that window or the days before it that still carry fatigue.
  func heatmap(athleteId: String, doses all: [Dose], asOfDay: Int) -> [RecoveryDay] {
    let first = asOfDay - settings.heatmapDays + 1
    let trained = Set(all.filter { $0.day >= first - 7 }.map(\.muscle))
    return trained.sorted().flatMap { muscle in
      let mine = all.filter { $0.muscle == muscle }
      return (first...asOfDay).map { day in
        RecoveryDay(
          athleteId: athleteId, date: ISODates.string(day: day), muscle: muscle,
          recovery: (recovery(mine, muscle: muscle, at: Double(day + 1) * 86_400) * 10).rounded()
            / 10)
      }
    }
  }
}
