import AuraDomain
import AuraFeatures
import Foundation

/// The scoring stage for one session: form, XP, combo, volume and e1RM per set, and totals.
package struct SessionScorer: Sendable {
  package let form: FormScorer
  package let gamification: Gamification
  package let catalog: ExerciseCatalog

  package init(form: FormScorer, gamification: Gamification, catalog: ExerciseCatalog) {
    self.form = form
    self.gamification = gamification
    self.catalog = catalog
  }

  package func score(_ session: SessionFeatures) -> ScoredSession {
    var streak = 0
    var sets: [ScoredSet] = []
    for set in session.sets {
      let exercise = catalog.resolve(set.exerciseId)
      // The reps of a count the recording cannot support are not known to be reps: their form
      // is not scored either.
      let setForm =
        set.repCountUnknown == nil
        ? exercise.map { form.score(set, exercise: $0, view: session.poseView) } : nil
      let repScores = setForm?.repScores ?? []
      let formScore = repScores.isEmpty ? nil : repScores.reduce(0, +) / Double(repScores.count)
      if let formScore {
        streak = formScore >= gamification.settings.comboFormThreshold ? streak + 1 : 0
      }
      let combo = streak > 0 ? gamification.combo(streak: streak) : 1
      let reps = set.repCount ?? 0
      let load = set.loadKg ?? 0
      sets.append(
        ScoredSet(
          features: set, formScore: formScore.map { ($0 * 10).rounded() / 10 },
          feedback: setForm?.feedback ?? [],
          repFormScores: repScores,
          formComponents: Dictionary(
            uniqueKeysWithValues: (setForm?.components ?? [:]).map {
              ($0.key.rawValue, ($0.value * 10).rounded() / 10)
            }),
          autoStopped: set.velocityLossThresholdRep.map { $0 < set.reps.count } ?? false,
          xp: gamification.xp(
            reps: reps, formScore: formScore, combo: combo,
            stretchBonus: exercise?.stretchPositionBonus ?? false),
          comboMultiplier: combo, comboTag: streak >= 2 ? "combo x\(streak)" : nil,
          volumeKg: Double(reps) * load,
          estimatedOneRepMaxKg: StrengthFormulas.estimatedOneRepMax(
            loadKg: load, reps: reps, rpe: set.loggedRPE)))
    }
    let formScores = sets.compactMap(\.formScore)
    return ScoredSession(
      sessionId: session.sessionId, athleteId: session.athleteId, startTime: session.startTime,
      endTime: session.endTime, notes: session.notes, sets: sets,
      totalVolumeKg: sets.reduce(0) { $0 + $1.volumeKg }, totalXP: sets.reduce(0) { $0 + $1.xp },
      averageFormScore: formScores.isEmpty
        ? nil : formScores.reduce(0, +) / Double(formScores.count),
      peakComboMultiplier: sets.map(\.comboMultiplier).max() ?? 1,
      peakVelocity: sets.flatMap { $0.features.reps.compactMap(\.peakConcentricVelocity) }.max(),
      morpho: session.morpho, warnings: session.warnings, setAside: session.setAside)
  }
}
