import AuraDomain
import AuraTestParameters
import Foundation
import Testing

@testable import AuraAggregation
@testable import AuraFeatures
@testable import AuraIngest
@testable import AuraScoring

/// Aggregation formulas against hand-computed values.
@Suite struct AggregationTests {
  let catalog = ExerciseCatalog.builtIn

  func settings(_ overrides: [String] = []) throws -> AggregationSettings {
    try AggregationSettings(NightlyParameters.load(overrides))
  }

  func scoredSet(
    _ number: Int, _ exercise: String, load: Double, reps: Int, rpe: Double? = nil,
    velocities: [Double] = []
  ) -> ScoredSet {
    let measured = velocities.enumerated().map { index, v in
      RepFeatures(
        repNumber: index + 1, startSeconds: Double(index) * 3, endSeconds: Double(index) * 3 + 2,
        eccentricSeconds: 1, pauseSeconds: 0, concentricSeconds: 1, romDegrees: 100,
        leftRomDegrees: nil, rightRomDegrees: nil, poseVelocity: nil,
        imuVelocity: BarVelocity(mean: v, peak: v * 1.6), barPathDeviationMeters: nil,
        maxTrunkLeanDegrees: nil, interpolatedFraction: 0)
    }
    let fastest = velocities.max() ?? 0
    let features = SetFeatures(
      setNumber: number, exerciseId: exercise, loadKg: load, loggedReps: reps, loggedRPE: rpe,
      targetTempo: nil, startSeconds: nil, endSeconds: nil,
      source: velocities.isEmpty ? .log : .poseAndImu, reps: measured,
      velocityLossPercent: velocities.count >= 2
        ? (fastest - velocities.last!) / fastest * 100 : nil)
    return ScoredSet(
      features: features, formScore: nil, feedback: [], repFormScores: [], formComponents: [:],
      autoStopped: false, xp: 0, comboMultiplier: 1, comboTag: nil,
      volumeKg: load * Double(reps),
      estimatedOneRepMaxKg: StrengthFormulas.estimatedOneRepMax(loadKg: load, reps: reps, rpe: rpe))
  }

  func session(_ id: String, _ start: String, _ sets: [ScoredSet]) -> ScoredSession {
    ScoredSession(
      sessionId: id, athleteId: "a-1", startTime: SessionTime(start)!, endTime: nil, notes: nil,
      sets: sets,
      totalVolumeKg: sets.reduce(0) { $0 + $1.volumeKg }, totalXP: 0, averageFormScore: nil,
      peakComboMultiplier: 1, peakVelocity: nil, warnings: [])
  }

  func athlete(sex: String?, weight: Double?) -> Athlete {
    Athlete(
      id: "a-1", username: "a", email: nil, dateOfBirth: nil, biologicalSex: sex, heightCm: nil,
      weightKg: weight, bodyFatPercent: nil, coachId: nil, guildName: nil, guildTag: nil,
      guildRole: nil)
  }

  @Test func aLiftBeyondTheStrongestLiftersIsSuspectWithoutAnyHistory() throws {
    let rule = try settings().plausibility
    func suspicion(_ set: ScoredSet, _ athlete: Athlete) -> String? {
      rule.suspicion(
        e1rm: set.estimatedOneRepMaxKg, day: 100, athlete: athlete, equipment: .barbell,
        history: [])
    }
    // Heavy but real: a 300 kg squat single at 100 kg, 140 kg bench by a 60 kg woman.
    #expect(
      suspicion(scoredSet(1, "back_squat", load: 300, reps: 1), athlete(sex: "male", weight: 100))
        == nil)
    #expect(
      suspicion(scoredSet(1, "bench_press", load: 140, reps: 1), athlete(sex: "female", weight: 60))
        == nil)
    // 975 kg typed for 97.5, and a 400 kg bench by that woman: beyond every lifter.
    let typo = try #require(
      suspicion(scoredSet(1, "back_squat", load: 975, reps: 3), athlete(sex: "male", weight: 80)))
    #expect(typo.contains("beyond the heaviest lifts at 80 kg bodyweight"))
    #expect(
      suspicion(scoredSet(1, "bench_press", load: 400, reps: 1), athlete(sex: "female", weight: 60))
        != nil)
    // Without a bodyweight the heaviest lifter stands in: 500 kg passes, 950 does not.
    #expect(
      suspicion(scoredSet(1, "deadlift", load: 500, reps: 1), athlete(sex: nil, weight: nil)) == nil
    )
    #expect(
      suspicion(scoredSet(1, "deadlift", load: 950, reps: 1), athlete(sex: nil, weight: nil)) != nil
    )
    // A machine's load is not compared with world records.
    #expect(
      rule.suspicion(
        e1rm: scoredSet(1, "leg_press", load: 900, reps: 5).estimatedOneRepMaxKg, day: 100,
        athlete: athlete(sex: "male", weight: 80), equipment: .machine, history: []) == nil)
  }

  @Test func aSetFarAboveTheAthletesOwnBestIsSuspectOnceTheyHaveAHistory() throws {
    let rule = try settings().plausibility
    let lifter = athlete(sex: "male", weight: 80)
    let history = [
      EntryPlausibility.Best(day: 90, oneRepMaxKg: 110),
      EntryPlausibility.Best(day: 95, oneRepMaxKg: 112.5),
    ]
    func suspicion(_ load: Double, _ reps: Int, history: [EntryPlausibility.Best]) -> String? {
      rule.suspicion(
        e1rm: scoredSet(1, "back_squat", load: load, reps: reps).estimatedOneRepMaxKg, day: 100,
        athlete: lifter,
        equipment: .barbell, history: history)
    }
    // A real PR (+10 %) counts; 195 typed for 95 (e1RM 227.5, twice the best) does not.
    #expect(suspicion(120, 3, history: history) == nil)
    #expect(suspicion(195, 3, history: history) == "best e1RM before: 112.5 kg")
    // 20 typed for 2 reps at a heavy load: the e1RM it implies cannot be right either.
    #expect(suspicion(110, 20, history: history) != nil)
    // One session is no history yet, and a set outside the window does not count.
    #expect(suspicion(195, 3, history: [history[1]]) == nil)
    #expect(
      suspicion(
        195, 3, history: history.map { .init(day: $0.day - 60, oneRepMaxKg: $0.oneRepMaxKg) })
        == nil)
  }

  @Test func effortFromVelocityLossAndFromTheChart() throws {
    var tracker = StrengthTracker(settings: try settings(), catalog: catalog)
    // Squat, 6 reps losing 32 % (failure at 40 %): 80 % of possible reps done → 1.5 in reserve.
    let fast = scoredSet(
      1, "back_squat", load: 100, reps: 6, velocities: [0.5, 0.48, 0.45, 0.42, 0.38, 0.34])
    let velocity = try #require(tracker.effort(of: fast, day: 100))
    #expect(velocity == SetEffort(rir: 1.5, method: .velocityLoss, cap: 5))
    #expect(velocity.rpe == 8.5)
    // A logbook set with no earlier e1RM: nothing to estimate from.
    let logged = scoredSet(1, "bench_press", load: 110, reps: 3)
    #expect(tracker.effort(of: logged, day: 100) == nil)
    // 100 kg × 5 @ 8 → Epley with 2 in reserve: 123.33 kg; 110 kg × 3 the next day is 0.8919 of
    // it → RPE 8.996 on the RTS chart → 1 rep in reserve.
    tracker.record(scoredSet(1, "bench_press", load: 100, reps: 5, rpe: 8), day: 100)
    let chart = try #require(tracker.effort(of: logged, day: 101))
    #expect(chart.method == .rtsChart)
    #expect(chart.repsInReserve == 1)
    // Same-day sets never inform their own session's estimate.
    #expect(tracker.effort(of: logged, day: 100) == nil)
  }

  @Test func e1rmComesFromTheProfileOnceTheDataAllow() throws {
    var tracker = StrengthTracker(settings: try settings(), catalog: catalog)
    // V-3's lifter: 60/80/100/120 kg at the Conceição velocities; squat MVT from the file 0.23.
    for (day, load, v) in [(1, 60.0, 1.1304), (3, 80, 0.9444), (5, 100, 0.7584)] {
      tracker.record(
        scoredSet(1, "back_squat", load: load, reps: 3, velocities: [v, v * 0.95]), day: day)
    }
    let early = try #require(tracker.estimate(exercise: "back_squat", through: 3))
    #expect(early.method == .repsLoad)  // two loads: no profile yet
    tracker.record(
      scoredSet(1, "back_squat", load: 120, reps: 3, velocities: [0.5724, 0.55]), day: 7)
    let profiled = try #require(tracker.estimate(exercise: "back_squat", through: 7))
    #expect(profiled.method == .loadVelocity)
    // a = 181.545, b = −107.526: at 0.23 m/s → 156.81 kg.
    #expect(abs(profiled.oneRepMaxKg - (181.545 - 107.526 * 0.23)) < 0.05)
    // Out of the 42-day window, nothing is left.
    #expect(tracker.estimate(exercise: "back_squat", through: 60) == nil)
    // A set recorded on day 43 keeps day 1, which the window ending on day 42 still holds
    // (a second session that day asks for it); day 50 drops it.
    tracker.record(scoredSet(1, "deadlift", load: 100, reps: 5), day: 1)
    tracker.record(scoredSet(2, "deadlift", load: 90, reps: 5), day: 43)
    #expect(tracker.estimate(exercise: "deadlift", before: 43)?.oneRepMaxKg == 100 * (1 + 5.0 / 30))
    tracker.record(scoredSet(3, "deadlift", load: 80, reps: 5), day: 50)
    #expect(tracker.estimate(exercise: "deadlift", through: 50)?.oneRepMaxKg == 90 * (1 + 5.0 / 30))
  }

  @Test func weeklySetsCountSecondaryMusclesAsHalf() throws {
    // V-15: 3 sets of bench (chest middle primary; triceps, front delts secondary) and 3 of
    // pushdowns → chest 3, triceps 1.5 + 3 = 4.5, front delts 1.5.
    let model = MuscleModel(settings: try settings(), catalog: catalog)
    let sets =
      (1...3).map { scoredSet($0, "bench_press", load: 80, reps: 8) }
      + (4...6).map { scoredSet($0, "triceps_pushdown", load: 30, reps: 12) }
    let asOf = try #require(ISODates.day("2026-11-04"))
    let rows = model.weeklyVolume(
      athleteId: "a-1",
      doses: model.doses([session("s-1", "2026-11-03T10:00:00Z", sets)], efforts: [:]),
      asOfDay: asOf)
    func row(_ muscle: MuscleGroupType) -> WeeklyMuscleVolume? {
      rows.first { $0.muscle == muscle }
    }
    #expect(row(.chestMiddle)?.sets == 3)
    #expect(row(.triceps)?.sets == 4.5)
    #expect(row(.frontDelts)?.sets == 1.5)
    let tricepsVolume: Double = 0.5 * 3 * 640 + 3 * 360
    #expect(row(.triceps)?.volumeKg == tricepsVolume)
    // Triceps landmarks [6, 10, 14, 18]: 4.5 sets is below MEV; the week ends after the data.
    #expect(row(.triceps)?.band == .belowMEV)
    #expect(row(.triceps)?.partialWeek == true)
    #expect(row(.triceps)?.isoWeek == "2026-W45")
  }

  @Test func doseLogSurvivesTheCacheBitForBit() throws {
    // A history's doses go through a cache entry packed as bytes: every value must come back
    // exactly, negative days and awkward doubles included, and an empty log stays empty.
    let model = MuscleModel(settings: try settings(), catalog: catalog)
    let sets =
      (1...3).map { scoredSet($0, "bench_press", load: 82.5, reps: 8) }
      + [scoredSet(4, "back_squat", load: 1.0 / 3, reps: 5)]
    var doses = model.doses([session("s-1", "2026-11-03T10:00:00Z", sets)], efforts: [:])
    doses[0].day = -719_162
    doses[1].time = 0.1 + 0.2
    doses[2].nearFailure = true
    doses[3].volumeKg = .greatestFiniteMagnitude
    for log in [MuscleModel.DoseLog(doses), MuscleModel.DoseLog([])] {
      let decoded = try JSONDecoder().decode(
        MuscleModel.DoseLog.self, from: try JSONEncoder().encode(log))
      #expect(decoded.doses.count == log.doses.count)
      for (a, b) in zip(decoded.doses, log.doses) {
        #expect(a.time.bitPattern == b.time.bitPattern && a.day == b.day)
        #expect(a.muscle == b.muscle && a.share.bitPattern == b.share.bitPattern)
        #expect(a.volumeKg.bitPattern == b.volumeKg.bitPattern && a.nearFailure == b.nearFailure)
      }
    }
    #expect(Set(doses.map(\.muscle)).count > 3)
  }

  @Test func recoveryDecaysWithTheMusclesTimeConstant() throws {
    let model = MuscleModel(settings: try settings(), catalog: catalog)
    let start = try #require(ISODates.timestamp("2026-11-03T00:00:00Z"))
    let dose = MuscleModel.Dose(
      time: start, day: 0, muscle: .frontDelts, share: 1, volumeKg: 0, nearFailure: false)
    // 12 points decaying with τ 20.85 h: after 24 h 12·e^(−24/20.85) = 3.80 left → 96.2.
    let after = model.recovery([dose], muscle: .frontDelts, at: start + 24 * 3600)
    #expect(abs(after - (100 - 12 * exp(-24 / 20.85))) < 1e-9)
    #expect(abs(after - 96.2) < 0.05)
    // Near failure the time constant is 1.5× longer, so less has recovered.
    var hard = dose
    hard.nearFailure = true
    #expect(model.recovery([hard], muscle: .frontDelts, at: start + 24 * 3600) < after)
  }

  @Test func leaderboardBreaksTiesAndListsWhoIsLeftOut() {
    func athlete(_ id: String, weight: Double?, guild: String?) -> Athlete {
      Athlete(
        id: id, username: id, email: nil, dateOfBirth: nil, biologicalSex: "male", heightCm: nil,
        weightKg: weight, bodyFatPercent: nil, coachId: nil, guildName: guild, guildTag: nil,
        guildRole: nil)
    }
    let athletes = [
      athlete("a-1", weight: 80, guild: "Iron"), athlete("a-2", weight: 90, guild: "Iron"),
      athlete("a-3", weight: nil, guild: "Iron"), athlete("a-4", weight: 70, guild: nil),
      athlete("a-5", weight: 70, guild: "Steel"),
    ]
    let standings = ["a-1": 120, "a-2": 120, "a-3": 500, "a-4": 120, "a-5": 40].map {
      AthleteStanding(athleteId: $0.key, leaguePoints: $0.value, tier: .bronze, totalXP: 100)
    }
    let rankings = [
      RankingSnapshot(
        athleteId: "a-2", recordDate: "2026-11-08", tier: .bronze, leaguePoints: 120,
        strengthToWeightRatio: 300, formQualityAverage: nil, velocityScore: nil)
    ]
    let sessions = ["a-1": 3, "a-2": 3, "a-3": 3, "a-5": 1]
    let placed = athletes.map { athlete in
      Leaderboard.place(
        athlete, standing: standings.first { $0.athleteId == athlete.id },
        rankings: rankings.filter { $0.athleteId == athlete.id },
        sessions: sessions[athlete.id] ?? 0)
    }
    let board = Leaderboard.boards(placed.compactMap(\.candidate))
    let exclusions = placed.compactMap(\.exclusion)
    // a-1, a-2, a-4 tie on LP and XP: a-2 has strength points, then ids break the tie.
    #expect(
      board.entries.filter { $0.scope == "overall" }.map(\.athleteId) == ["a-2", "a-1", "a-5"])
    #expect(
      exclusions == [
        .init(athleteId: "a-3", reason: "no bodyweight"),
        .init(athleteId: "a-4", reason: "no sessions"),
      ])
    #expect(board.entries.filter { $0.scope == "guild:Iron" }.map(\.rank) == [1, 2])
    #expect(board.guilds.map(\.guildName) == ["Iron", "Steel"])
    #expect(board.guilds.first?.totalLeaguePoints == 240)
  }

  @Test func personalRecordsAtEachLoad() throws {
    let aggregator = Aggregator(
      settings: try settings(),
      gamification: Gamification(
        settings: try .init(
          NightlyParameters.load())), catalog: catalog)
    let sessions = [
      session(
        "s-1", "2026-11-02T10:00:00Z",
        [
          scoredSet(1, "back_squat", load: 100, reps: 5, velocities: [0.6, 0.55, 0.5, 0.48, 0.45]),
          scoredSet(2, "back_squat", load: 110, reps: 3),
        ]),
      session(
        "s-2", "2026-11-05T10:00:00Z",
        [
          scoredSet(1, "back_squat", load: 100, reps: 7)
        ]),
    ]
    let records = aggregator.personalRecords(athleteId: "a-1", sessions: sessions)
    func record(_ type: String, load: Double? = nil) -> PersonalRecord? {
      records.first { $0.recordType == type && $0.loadKg == load }
    }
    #expect(record("heaviest_load")?.value == 110)
    #expect(record("most_reps_at_load", load: 100)?.value == 7)
    #expect(record("most_reps_at_load", load: 100)?.sessionId == "s-2")
    #expect(record("best_velocity_at_load", load: 100)?.sessionId == "s-1")
    // Epley: 100 × (1 + 7/30) = 123.3 beats 110 × 1.1 = 121.
    #expect(record("best_e1rm")?.value == 123.3)
    // News for a coach: a record that beat an earlier one (7 reps at 100 kg beat 5 by 2, the
    // margin; e1RM 123.3 beat 121), not a first set at a load (110 kg × 3, the velocity).
    #expect(record("most_reps_at_load", load: 100)?.previousValue == 5)
    #expect(record("most_reps_at_load", load: 100)?.notable == true)
    #expect(record("best_e1rm")?.previousValue == 121)
    #expect(record("best_e1rm")?.notable == true)
    #expect(record("heaviest_load")?.notable == false)
    #expect(record("most_reps_at_load", load: 110)?.notable == false)
    #expect(record("best_velocity_at_load", load: 100)?.notable == false)
    // One rep more is within the margin: a record, not news.
    let closer = aggregator.personalRecords(
      athleteId: "a-1",
      sessions: [
        sessions[0],
        session("s-3", "2026-11-05T10:00:00Z", [scoredSet(1, "back_squat", load: 100, reps: 6)]),
      ])
    let six = closer.first { $0.recordType == "most_reps_at_load" && $0.loadKg == 100 }
    #expect(six?.value == 6 && six?.notable == false)
  }

  @Test func exerciseRiskFollowsTheRatios() throws {
    let rule = ExerciseRiskRule(thresholds: try settings().risk)
    let scan = MorphoRecord(
      athleteId: "a-1", date: "2026-11-01", torsoCm: 50, femurCm: 53, tibiaCm: 40, humerusCm: 26,
      forearmCm: nil, shoulderWidthCm: nil, hipWidthCm: nil, armSpanCm: nil)
    let risks = rule.assess(athleteId: "a-1", scan: scan, catalog: catalog)
    // femur/torso 1.06 ≥ 1.05: highRisk squats; humerus/torso 0.52 ≤ 0.55: caution deadlifts;
    // 0.52 < 0.70: optimal bench.
    #expect(risks.first { $0.exerciseId == "back_squat" }?.riskLevel == "highRisk")
    #expect(risks.first { $0.exerciseId == "deadlift" }?.riskLevel == "caution")
    #expect(risks.first { $0.exerciseId == "bench_press" }?.riskLevel == "optimal")
    #expect(rule.assess(athleteId: "a-1", scan: nil, catalog: catalog).isEmpty)
  }

  func aggregator() throws -> Aggregator {
    Aggregator(
      settings: try settings(),
      gamification: Gamification(
        settings: try .init(
          NightlyParameters.load())), catalog: catalog)
  }

  static let athlete = Athlete(
    id: "a-1", username: "a-1", email: nil, dateOfBirth: nil, biologicalSex: "female",
    heightCm: 165, weightKg: 62, bodyFatPercent: nil, coachId: nil, guildName: nil, guildTag: nil,
    guildRole: nil)

  func wellness(_ date: String, hrv: Double = 60) -> WellnessDay {
    WellnessDay(
      athleteId: "a-1", date: date, hrvMilliseconds: hrv, hrvMetric: .rmssd, sleepHours: 8,
      sleepQuality: 80, restingHeartRateBpm: 55, activeKcal: nil, cyclePhase: nil)
  }

  @Test func readinessWaitsForABaseline() throws {
    // 1-10 November 2026 span three ISO weeks (the 1st is a Sunday): the baseline is carried
    // from week to week.
    let days = (1...10).map { wellness(String(format: "2026-11-%02d", $0)) }
    let out = try aggregator().history(
      athlete: Self.athlete, inputs: .init(wellness: days, nutrition: [], morpho: []),
      sessions: []
    ).results.readiness
    #expect(out.map(\.date) == days.map(\.date))
    // Seven earlier days are needed: days 1-7 have no HRV component, days 8-10 have.
    #expect(
      out.prefix(7).allSatisfy { $0.status == .insufficientHistory && $0.hrvComponent == nil })
    #expect(out.dropFirst(7).allSatisfy { $0.status == .ok && $0.hrvComponent == 50 })
    #expect(out[7].sleepComponent == 90)
    #expect(out[7].hrvMetric == "ln_rmssd")
  }

  /// A week is computed from the fold of the week before and its own data alone: resuming
  /// from a fold that went through JSON (as the cache stores it) gives the history computed in
  /// one go, with LP decaying over idle weeks, e1RM windows, records, readiness and its
  /// training load all crossing week boundaries.
  @Test func weeksResumedFromACachedFoldGiveTheWholeHistory() throws {
    let aggregator = try aggregator()
    let sessions = [
      ("2026-10-05T10:00:00Z", 100.0), ("2026-10-08T10:00:00Z", 105), ("2026-10-13T10:00:00Z", 110),
      // Three idle weeks: LP decays.
      ("2026-11-09T10:00:00Z", 100), ("2026-11-12T10:00:00Z", 115), ("2026-11-18T10:00:00Z", 120),
    ].enumerated().map { index, entry in
      session(
        "s-\(index)", entry.0,
        [
          scoredSet(1, "back_squat", load: entry.1, reps: 5, velocities: [0.6, 0.57, 0.52, 0.5]),
          scoredSet(2, "bench_press", load: entry.1 * 0.6, reps: 6, rpe: 8),
        ])
    }
    let wellnessDays = (0..<50).map {
      wellness(ISODates.string(day: ISODates.day("2026-10-01")! + $0), hrv: 50 + Double($0 % 7))
    }
    let inputs = Aggregator.AthleteInputs(wellness: wellnessDays, nutrition: [], morpho: [])
    let whole = aggregator.history(athlete: Self.athlete, inputs: inputs, sessions: sessions)
    #expect(whole.results.standings.first.map { $0.leaguePoints > 0 } == true)
    #expect(whole.results.rankings.count == 4)
    #expect(whole.results.readiness.count == 50)

    var weeks: [AthleteWeek] = []
    var fold = AthleteFold()
    for (monday, mine, wellness) in Aggregator.weeks(
      of: sessions, start: \.startTime, wellness: wellnessDays)
    {
      let week = aggregator.week(
        athlete: Self.athlete, monday: monday, sessions: mine, wellness: wellness, after: fold)
      weeks.append(week)
      fold = try JSONDecoder().decode(AthleteFold.self, from: JSONEncoder().encode(week.fold))
    }
    #expect(weeks.count == 8)
    let resumed = aggregator.history(athlete: Self.athlete, inputs: inputs, weeks: weeks)
    #expect(resumed.results == whole.results)
    #expect(resumed.leaguePoints == whole.leaguePoints)
    #expect(whole.leaguePoints.count == sessions.count)
  }
}
