import AuraCharts
import AuraDomain
import AuraStore
import Foundation

/// Reads one athlete's published rows and shapes them into the weekly report's view.
struct AthleteWeekBuilder: Sendable {
  let context: ReportContext
  /// At most this many of a week's sessions are shown set by set (the latest): a week with
  /// more (two a day, or imported duplicates) would make a page no coach reads on a phone.
  static let detailedSessions = 10

  /// The sessions of `week` (in start order) shown set by set: the latest.
  static func detailed(_ week: [ReportRows.Session]) -> ArraySlice<ReportRows.Session> {
    week.suffix(detailedSessions)
  }

  /// The page of an athlete the data holds nothing of (`StoreReader.athletesWithRecords`).
  func nothingRecorded(_ athlete: ReportRows.Athlete) -> NothingRecordedView {
    NothingRecordedView(
      id: athlete.id, name: athlete.username, anchor: AthleteWeekView.anchor(athlete.id),
      window: context.windowHeading,
      coachLink: athlete.coachId.map { "../coaches/\($0).html" },
      text:
        "Nothing of \(athlete.username)'s is in the data up to \(Units.day(context.asOf)): no session, wellness, nutrition or body-scan row. This page fills in once one arrives.",
      rank:
        "Rank: \(Units.words(athlete.currentRankTier)) · \(athlete.currentLp) LP. Not on the leaderboard: no sessions."
    )
  }

  func build(_ athlete: ReportRows.Athlete) throws -> AthleteWeekView {
    let store = context.store
    let sessions = try context.weekSessions(athleteId: athlete.id)
    let lastRecorded = try store.lastRecordedSessionId(athleteId: athlete.id).flatMap { id in
      sessions.contains { $0.id == id } ? nil : try store.session(id: id)
    }
    let shown = Self.detailed(sessions).map(\.id) + [lastRecorded?.id].compactMap { $0 }
    let sets = Dictionary(
      grouping: try store.workoutSets(sessionIds: shown), by: \.sessionId)
    let readiness = try store.readinessDays(athleteId: athlete.id).last { $0.readiness != nil }
    let rankings = try store.rankingRecords(athleteId: athlete.id)
    let position = context.overallPlaces[athlete.id]
    let lpChange = sessions.reduce(0) { $0 + $1.lpChange }
    let headline = [
      Fact(
        label: "Readiness", value: readiness.map { Units.score($0.readiness) } ?? Units.missing,
        note: readiness.map {
          $0.status == ReadinessStatus.insufficientHistory.rawValue
            ? "estimate, short history" : Units.day($0.date)
        }
          ?? "no wellness data"),
      Fact(
        label: "Rank", value: "\(Units.words(athlete.currentRankTier)) · \(athlete.currentLp) LP",
        note: "\(Units.signed(lpChange)) LP this week"),
      Fact(
        label: "Sessions", value: String(sessions.count),
        note: sessions.last.map { "last \(Units.day($0.startTime))" } ?? "none this week"),
      Fact(
        label: "Leaderboard",
        value: position.map { "#\($0.rank) of \(context.overallBoard.count)" } ?? Units.missing,
        note: position == nil ? "not ranked" : "overall"),
    ]
    return AthleteWeekView(
      id: athlete.id, name: athlete.username, anchor: AthleteWeekView.anchor(athlete.id),
      window: context.windowHeading, isoWeek: context.isoWeek,
      coachLink: athlete.coachId.map { "../coaches/\($0).html" }, headline: headline,
      setAside: context.setAside(athleteId: athlete.id),
      entryChecks: try EntryChecks(context: context).entries(athleteId: athlete.id),
      readiness: try readiness.map { try readinessView($0, athleteId: athlete.id) },
      sessions: try Self.detailed(sessions).map {
        try sessionView($0, sets: sets[$0.id] ?? [])
      },
      earlierSessions: sessions.count > Self.detailedSessions
        ? "\(sessions.count - Self.detailedSessions) earlier sessions of this week are not shown set by set (the workout_session and workout_set tables hold them)."
        : nil,
      lastRecorded: try lastRecorded.map { try sessionView($0, sets: sets[$0.id] ?? []) },
      volume: volumeView(try store.volume(athleteId: athlete.id)),
      recovery: recoveryView(try store.muscles(athleteId: athlete.id)),
      strength: strengthView(try store.strength(athleteId: athlete.id)),
      rank: rankView(rankings),
      records: try store.records(athleteId: athlete.id).filter {
        try $0.notable && context.inWindow($0.achievedAt, column: "personal_record.achieved_at")
      }
      .map(recordView),
      nutrition: try store.nutrition(athleteId: athlete.id).suffix(4).map(nutritionView),
      risks: try store.risks(athleteId: athlete.id).filter { $0.riskLevel != "optimal" }.map {
        RiskView(
          exercise: context.exerciseName($0.exerciseId), level: Units.words($0.riskLevel),
          reason: $0.reason)
      })
  }

  // MARK: - Readiness

  func readinessView(_ day: ReportRows.Readiness, athleteId: String) throws -> ReadinessView {
    let wellness = try context.store.wellness(athleteId: athleteId)
    let window = context.settings.baselineWindowDays
    let today = wellness.last { $0.snapshotDate.hasPrefix(day.date) }
    let dayNumber = try ReportContext.day(day.date, column: "readiness.date")
    let baseline = try wellness.filter {
      let d = try ReportContext.day($0.snapshotDate, column: "recovery_snapshot.snapshot_date")
      return d < dayNumber && d >= dayNumber - window
    }
    func mean(_ values: [Double?]) -> Double? {
      let present = values.compactMap { $0 }
      return present.isEmpty ? nil : present.reduce(0, +) / Double(present.count)
    }
    let metric = day.hrvMetric == "ln_sdnn" ? "SDNN" : "RMSSD"
    let baselineLabel = "\(window)-day mean"
    let insufficient = day.status == ReadinessStatus.insufficientHistory.rawValue
    let status =
      insufficient
      ? "Short history: an estimate until your baseline has enough days"
      : "Scored against your own baseline"
    return ReadinessView(
      date: Units.day(day.date), score: Units.score(day.readiness), status: status,
      insufficient: insufficient,
      dial: ReadinessDial(
        title: "Readiness \(Units.day(day.date))", value: day.readiness,
        caption: insufficient ? "short history: estimate" : "of 100"
      ).svg(),
      factors: [
        .init(
          name: "HRV (\(metric))", score: Units.score(day.hrvComponent),
          today: Units.number(today?.hrvValue, 0) + " ms",
          baseline: Units.number(mean(baseline.map(\.hrvValue)), 0) + " ms, \(baselineLabel)"),
        .init(
          name: "Sleep", score: Units.score(day.sleepComponent),
          today: Units.number(today?.sleepHours) + " h",
          baseline: Units.number(mean(baseline.map(\.sleepHours))) + " h, \(baselineLabel)"),
        .init(
          name: "Resting heart rate", score: Units.score(day.rhrComponent),
          today: Units.number(today?.restingHeartRate, 0) + " bpm",
          baseline: Units.number(mean(baseline.map(\.restingHeartRate)), 0)
            + " bpm, \(baselineLabel)"),
        .init(
          name: "Training load", score: Units.score(day.loadComponent),
          today: day.acuteChronicRatio.map { "acute:chronic \(Units.number($0, 2))" }
            ?? Units.missing,
          baseline: "0.8–1.3 is the usual range"),
      ],
      loadRatio: day.acuteChronicRatio.map { Units.number($0, 2) })
  }

  // MARK: - Sessions and sets

  func sessionView(_ session: ReportRows.Session, sets: [ReportRows.WorkoutSet]) throws
    -> SessionView
  {
    let reps = Dictionary(
      grouping: try context.store.reps(sessionId: session.id), by: \.setNumber)
    let components = Dictionary(
      grouping: try context.store.formComponents(sessionId: session.id), by: \.setNumber)
    return SessionView(
      id: session.id, anchor: PageAnchor.session(session.id), date: Units.day(session.startTime),
      time: String(session.startTime.dropFirst(11).prefix(5)),
      volume: Units.kg(session.totalVolume),
      xp: "\(session.totalXpEarned) XP", leaguePoints: "\(Units.signed(session.lpChange)) LP",
      form: session.averageFormScore.map { Units.score($0) + "/100" } ?? Units.missing,
      combo: session.comboMultiplier > 1 ? "×" + Units.number(session.comboMultiplier, 2) : "none",
      notes: session.sessionNotes,
      sets: sets.map {
        setView($0, reps: reps[$0.setNumber] ?? [], components: components[$0.setNumber] ?? [])
      })
  }

  func setView(
    _ set: ReportRows.WorkoutSet, reps: [ReportRows.Rep], components: [ReportRows.FormComponent]
  ) -> SetView {
    // A count the recording cannot support is shown as the range it holds, never as a number.
    let range = set.repsLow.flatMap { low in
      set.repsHigh.map { high in low == high ? "\(low)" : "\(low)–\(high)" }
    }
    var repsText =
      set.reps.map(String.init)
      ?? (set.repsUnknownReason == nil
        ? Units.missing : range.map { "\($0), estimated" } ?? "not countable")
    if let logged = set.repsLogged, logged != set.reps { repsText += " (logged \(logged))" }
    let velocities = reps.compactMap { rep in rep.meanConcentricVelocity.map { (rep.repNumber, $0) }
    }
    let chart = velocityChart(set, velocities: velocities)
    let consistency = Self.romConsistency(reps.compactMap(\.romDegrees))
    var estimate: String? = nil
    if let rpe = set.rpeEstimated {
      let method = (set.rpeMethod.flatMap(EffortMethod.init) ?? .rtsChart).label
      estimate =
        "≈ RPE \(Units.number(rpe)) (\(Units.number(set.rirEstimated ?? 10 - rpe)) in reserve), estimated \(method)"
    }
    let reported = set.rpe.map { Units.number($0) }
    let estimated = set.rpeEstimated.map { "≈" + Units.number($0) }
    let effort = [reported, estimated].compactMap { $0 }.joined(separator: " · ")
    let feedback = set.feedback.map { $0.split(separator: "\n").map(String.init) } ?? []
    let repsNote = set.repsUnknownReason.map { reason in
      "Reps not countable from this recording: \(reason)."
        + (range.map {
          " Estimated from the recording: \($0) reps (a range widened by how far such counts were off on real recordings)."
        } ?? "")
    }
    let entryNote = set.entryCheck.map {
      "Not counted toward records, e1RM, LP or rankings: check this entry (\($0)). If it is right, \"load_confirmed\": true on the set counts it."
    }
    return SetView(
      anchor: PageAnchor.set(set.sessionId, set.setNumber),
      exercise: context.exerciseName(set.exerciseId), number: String(set.setNumber),
      reps: repsText, load: Units.kg(set.weightKg),
      velocity: Units.velocity(set.averageConcentricVelocity),
      velocityLoss: Units.percent(set.velocityLossPercent),
      form: Units.score(set.formScore), rom: Units.degrees(set.romDegrees),
      rpe: reported ?? Units.missing, xp: "\(set.xpEarned) XP",
      effort: effort.isEmpty ? Units.missing : effort,
      estimatedRPE: set.rpeEstimated.map { Units.number($0) },
      loadNumber: set.weightKg.map { $0 == $0.rounded() ? String(Int($0)) : Units.number($0) }
        ?? Units.missing,
      velocityNumber: Units.number(set.averageConcentricVelocity, 2),
      lossNumber: Units.number(set.velocityLossPercent, 0),
      hasDetails: chart != nil || !feedback.isEmpty || !components.isEmpty || set.autoStopped
        || repsNote != nil || entryNote != nil,
      effortEstimate: estimate, autoStopped: set.autoStopped, repsNote: repsNote,
      entryNote: entryNote,
      feedback: feedback,
      components: components.isEmpty
        ? nil
        : components.map { "\(Units.words($0.component).lowercased()) \(Units.score($0.score))" }
          .joined(separator: " · "),
      romConsistency: consistency,
      repVelocities: velocities.isEmpty
        ? nil : velocities.map { Units.number($0.1, 2) }.joined(separator: ", ") + " m/s",
      velocityChart: chart)
  }

  /// The set's velocity per rep (`velocities`: rep number and mean concentric velocity) as a
  /// bar chart, the reps past the velocity-loss threshold flagged; nil under two reps.
  func velocityChart(_ set: ReportRows.WorkoutSet, velocities: [(Int, Double)]) -> String? {
    guard velocities.count >= 2, let fastest = velocities.map(\.1).max() else { return nil }
    let threshold = context.settings.velocityLossThresholdPct
    let limit = fastest * (1 - threshold / 100)
    return BarChart(
      title: "\(context.exerciseName(set.exerciseId)), set \(set.setNumber): velocity per rep",
      xLabel: "rep", yLabel: "velocity (m/s)",
      bars: velocities.map {
        BarChart.Bar(label: String($0.0), value: $0.1, flagged: $0.1 < limit)
      },
      threshold: .init(
        value: limit, label: "\(Units.number(threshold, 0)) % loss: \(Units.velocity(limit))")
    ).svg()
  }

  /// "92° ± 3° over 5 reps": the mean range of motion and its sample deviation; nil under
  /// two reps.
  static func romConsistency(_ roms: [Double]) -> String? {
    guard roms.count >= 2 else { return nil }
    let mean = roms.reduce(0, +) / Double(roms.count)
    let spread = (roms.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(roms.count - 1))
      .squareRoot()
    return "\(Units.degrees(mean)) ± \(Units.number(spread))° over \(roms.count) reps"
  }

  // MARK: - Volume, recovery, strength, rank

  func volumeView(_ rows: [ReportRows.Volume]) -> VolumeView? {
    let week = rows.filter { $0.isoWeek == context.isoWeek }
    guard !week.isEmpty else { return nil }
    let partial = week.contains(where: \.partialWeek) && context.weekIsOpen
    let shown = week.map { row in
      (
        row, MuscleGroupType(rawValue: row.muscle)?.displayName ?? row.muscle,
        row.band.flatMap(VolumeBand.init(rawValue:))?.label ?? (row.band ?? Units.missing),
        context.landmarks(row.muscle)
      )
    }
    return VolumeView(
      week: context.isoWeek, partial: partial,
      rows: shown.map { row, name, band, landmarks in
        VolumeView.Row(
          muscle: name, sets: Units.number(row.sets), volume: Units.kg(row.volumeKg), band: band,
          landmarks: landmarks.map {
            "\(Units.number($0[0], 0)) · \(Units.number($0[1], 0))–\(Units.number($0[2], 0)) · \(Units.number($0[3], 0))"
          } ?? Units.missing,
          outside: row.band.flatMap(VolumeBand.init(rawValue:))?.isOutside ?? false)
      },
      chart: VolumeBandChart(
        title: "Sets per muscle, \(context.isoWeek)" + (partial ? " (partial)" : ""),
        rows: shown.compactMap { row, name, band, landmarks in
          landmarks.map {
            VolumeBandChart.Row(muscle: name, sets: row.sets, band: band, landmarks: $0)
          }
        }
      ).svg())
  }

  func recoveryView(_ muscles: [ReportRows.Muscle]) -> RecoveryView {
    var scores: [String: Double] = [:]
    for muscle in muscles { scores[muscle.name] = muscle.currentRecoveryScore }
    let names = Dictionary(
      uniqueKeysWithValues: MuscleGroupType.allCases.map { ($0.rawValue, $0.displayName) })
    let low = muscles.filter { ($0.currentRecoveryScore ?? 100) < 70 }
      .sorted { ($0.currentRecoveryScore ?? 0, $0.name) < ($1.currentRecoveryScore ?? 0, $1.name) }
    return RecoveryView(
      bodyMap: BodyMap(
        title: "Estimated muscle recovery, \(Units.day(context.asOf))", recovery: scores,
        names: names
      ).svg(),
      low: low.map {
        .init(
          name: names[$0.name] ?? $0.name, score: Units.score($0.currentRecoveryScore),
          lastTrained: $0.lastTrainedDate.map(Units.day) ?? Units.missing)
      })
  }

  func strengthView(_ rows: [ReportRows.Strength]) -> StrengthView? {
    guard !rows.isEmpty else { return nil }
    // Heaviest first, ties by exercise: the groups come in the dictionary's order, which
    // changes from run to run, and a page must not.
    let latest = Dictionary(grouping: rows, by: \.exerciseId).values.compactMap(\.last)
      .sorted { ($1.e1rmKg, $0.exerciseId) < ($0.e1rmKg, $1.exerciseId) }
    let weeks = Array(Set(rows.map(\.isoWeek))).sorted()
    let charted = latest.prefix(4).map(\.exerciseId)
    let series = charted.map { exercise in
      LineChart.Series(
        name: context.exerciseName(exercise),
        values: weeks.map { week in
          rows.first { $0.exerciseId == exercise && $0.isoWeek == week }?.e1rmKg
        })
    }
    let profiled = rows.last { OneRepMaxMethod(rawValue: $0.method) == .loadVelocity }
    let note =
      profiled.map {
        "\(context.exerciseName($0.exerciseId)) has a load–velocity profile (\($0.lvpLoads ?? 0) loads, r² \(Units.number($0.lvpR2, 2))); its e1RM is read at the minimal velocity threshold."
      }
      ?? "No exercise has a load–velocity profile yet (it needs 3 or more loads spanning 20 % with r² ≥ 0.8), so every e1RM here is estimated from reps × load (Epley, counting reps in reserve)."
    return StrengthView(
      rows: latest.map {
        .init(
          exercise: context.exerciseName($0.exerciseId), week: $0.isoWeek,
          e1rm: Units.kg($0.e1rmKg),
          method: (OneRepMaxMethod(rawValue: $0.method) ?? .repsLoad).label)
      },
      chart: weeks.count >= 2
        ? LineChart(
          title: "Estimated 1RM per week", xLabel: "ISO week", yLabel: "e1RM (kg)",
          categories: weeks.map { String($0.suffix(3)) }, series: series, valueDigits: 0
        ).svg() : nil,
      profileNote: note)
  }

  func rankView(_ rows: [ReportRows.Ranking]) -> RankView? {
    guard !rows.isEmpty else { return nil }
    let formula = context.settings.pointsFormula
    let formulaName = ["dots": "DOTS", "wilks": "Wilks", "ipf_gl": "IPF GL"][formula] ?? formula
    return RankView(
      rows: rows.map {
        .init(
          date: $0.recordDate, tier: $0.tier.map(Units.words) ?? Units.missing,
          leaguePoints: $0.lpAtRecord.map { "\($0) LP" } ?? Units.missing,
          strength: Units.number($0.strengthToWeightRatio),
          form: Units.score($0.formQualityAverage),
          velocity: Units.number($0.velocityScore, 2))
      },
      chart: rows.count >= 2
        ? LineChart(
          title: "League points and tier", xLabel: "week ending", yLabel: "LP",
          categories: rows.map { String($0.recordDate.suffix(5)) },
          series: [
            .init(
              name: "LP", values: rows.map { $0.lpAtRecord.map(Double.init) },
              pointLabels: rows.map { $0.tier.map(Units.words) ?? "" })
          ], valueDigits: 0
        ).svg() : nil,
      pointsFormula: formulaName)
  }

  func recordView(_ record: ReportRows.PersonalRecord) -> RecordView {
    let value: String
    switch record.recordType {
    case "most_reps_at_load": value = "\(Int(record.value)) reps at \(Units.kg(record.loadKg))"
    case "best_velocity_at_load":
      value = "\(Units.velocity(record.value)) at \(Units.kg(record.loadKg))"
    case "best_e1rm": value = Units.kg(record.value) + " (estimated)"
    default: value = Units.kg(record.value)
    }
    return RecordView(
      exercise: context.exerciseName(record.exerciseId),
      record: Units.words(record.recordType).replacingOccurrences(of: "e1rm", with: "e1RM"),
      value: value, date: Units.day(record.achievedAt), session: record.sessionId)
  }

  func nutritionView(_ week: ReportRows.NutritionWeek) -> NutritionView {
    NutritionView(
      week: week.isoWeek, days: "\(week.daysLogged) of 7",
      calories: "\(Units.grouped(week.meanKcal)) / \(Units.grouped(week.meanTargetKcal)) kcal",
      adherence: Units.percent(week.calorieAdherencePct),
      protein: Units.number(week.proteinGPerKg, 2) + " g/kg",
      proteinDays: week.proteinDaysMet.map { "\($0) of \(week.daysLogged)" } ?? Units.missing)
  }
}
