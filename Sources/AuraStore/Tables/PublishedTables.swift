extension PublishedTable {
  /// Every published table, in the order the CSVs and the dictionary list them.
  package static let all: [PublishedTable] = [
    userProfile, coach, morphoScan, exercise, machineSpec, exerciseMuscleGroup,
    workoutSession, workoutSet, rep, rankingRecord, muscleGroup, recoverySnapshot, nutritionLog,
    scienceInsight, guildMembership, weeklyMuscleVolume, readiness, personalRecord,
    formComponent, strengthProfile, recoveryHeatmap, nutritionWeek, exerciseRisk,
    coachRoster, leaderboard, leaderboardExclusion, guildStanding, departedAthlete, quarantine,
    volumeLandmark, run, runParameter, tableDoc, columnDoc,
  ]

  /// The tables a `SessionWriter` fills athlete by athlete; a reused publication keeps their
  /// rows of unchanged weeks and rewrites every other table.
  static let sessionTables: [PublishedTable] = [workoutSession, workoutSet, rep, formComponent]
}
