// What aggregation publishes per athlete: rank history, muscle state, wellness and nutrition
// days with their readiness, weekly volume, records, strength, recovery and risk.
extension PublishedTable {
  static let rankingRecord = PublishedTable(
    "ranking_record",
    about: "An athlete's rank at the end of an ISO week they trained or logged wellness.",
    key: ["id"],
    [
      .text("id", "`<athlete>:<record_date>`.", required: true),
      .athlete("user_profile_id"),
      .day("record_date", "The Sunday closing the week.", required: true),
      .text(
        "tier", "Rank tier.",
        values: "iron, bronze, silver, gold, platinum, diamond, master, grandmaster, challenger"),
      .integer("lp_at_record", "League points at the end of the week."),
      .real(
        "strength_to_weight_ratio",
        "Points (DOTS, Wilks or IPF GL, as the pipeline selects) of the e1RM total of back squat, bench press and deadlift where bodyweight and sex are known, else that total over bodyweight.",
        unit: "points"),
      .real("form_quality_average", "Mean of the week's sessions' form scores.", unit: "0-100"),
      .real("velocity_score", "Mean of the week's reps' mean concentric velocities.", unit: "m/s"),
    ])

  static let muscleGroup = PublishedTable(
    "muscle_group",
    about: "An athlete's state of one of the 30 muscle groups on the data's last day.",
    key: ["id"],
    [
      .text("id", "`<athlete>:<muscle>`.", required: true),
      .athlete("user_profile_id"),
      .text("name", "The muscle group (`chest_upper`).", required: true),
      .text("body_region", "Region.", values: "upper, lower, core"),
      .real(
        "current_recovery_score", "Estimated recovery (100 = fully recovered; an estimate).",
        unit: "0-100", default: "100.0"),
      .real(
        "weekly_volume_sets",
        "Sets in the last 7 days (fractional: secondary muscles count a share).", unit: "sets",
        default: "0"),
      .day("last_trained_date", "Last day a set trained it."),
    ])

  static let recoverySnapshot = PublishedTable(
    "recovery_snapshot", about: "A wellness day (wellness.csv) with its readiness.", key: ["id"],
    [
      .text("id", "`<athlete>:<snapshot_date>`.", required: true),
      .athlete("user_profile_id"),
      .text(
        "muscle_group_id", "The day's least recovered muscle, while one is below full recovery.",
        references: "muscle_group.id"),
      .day("snapshot_date", "The day.", required: true),
      .real("hrv_value", "Heart-rate variability as recorded (RMSSD or SDNN).", unit: "ms"),
      .real("sleep_hours", "Sleep.", unit: "h"),
      .real("sleep_quality_score", "Sleep quality as recorded.", unit: "0-100"),
      .real("resting_heart_rate", "Resting heart rate.", unit: "bpm"),
      .real("active_energy_burned", "Active energy.", unit: "kcal"),
      .text(
        "cycle_phase", "Menstrual cycle phase, where logged.",
        values: "menstrual, follicular, ovulatory, luteal"),
      .real("overall_readiness", "The day's readiness (readiness.readiness).", unit: "0-100"),
    ])

  static let nutritionLog = PublishedTable(
    "nutrition_log", about: "A nutrition day (nutrition.csv).", key: ["id"],
    [
      .text("id", "`<athlete>:<log_date>`.", required: true),
      .athlete("user_profile_id"),
      .day("log_date", "The day.", required: true),
      .real("target_calories", "Calorie target.", unit: "kcal"),
      .real("actual_calories", "Calories eaten.", unit: "kcal"),
      .real("protein_grams", "Protein.", unit: "g"),
      .real("carbs_grams", "Carbohydrate.", unit: "g"),
      .real("fat_grams", "Fat.", unit: "g"),
      .real("water_liters", "Water.", unit: "L"),
      .real("creatine_grams", "Creatine.", unit: "g"),
      .real("whey_protein_grams", "Whey protein.", unit: "g"),
    ])

  static let weeklyMuscleVolume = PublishedTable(
    "weekly_muscle_volume", about: "Sets and volume one athlete gave one muscle in one ISO week.",
    key: ["athlete_id", "iso_week", "muscle"],
    [
      .athlete("athlete_id"),
      .isoWeek("iso_week", "The week."),
      .text("muscle", "The muscle group (`quadriceps`).", required: true),
      .real(
        "sets", "Sets: 1 per set for a primary muscle, a share for a secondary one.", unit: "sets",
        required: true),
      .real(
        "volume_kg", "Reps × load over those sets, weighted the same way.", unit: "kg",
        required: true),
      .text(
        "band", "Where the sets fall against the muscle's landmarks (volume_landmark).",
        values: "below_mev, mev_to_mav, mav, above_mav, above_mrv, unknown"),
      .flag(
        "partial_week", "1 when the week runs past the data's last day (its sets are not final).",
        default: "0"),
    ])

  static let readiness = PublishedTable(
    "readiness", about: "An athlete's readiness on a wellness day, with its components.",
    key: ["athlete_id", "date"],
    [
      .athlete("athlete_id"),
      .day("date", "The day.", required: true),
      .real(
        "readiness", "Weighted mean of the components present (docs/methods.md).", unit: "0-100"),
      .real("hrv_component", "ln HRV against the athlete's own baseline.", unit: "0-100"),
      .real("sleep_component", "Sleep against the athlete's own baseline.", unit: "0-100"),
      .real(
        "rhr_component", "Resting heart rate against the athlete's own baseline.", unit: "0-100"),
      .real("load_component", "Recent training load against the chronic load.", unit: "0-100"),
      .text(
        "status",
        "Whether the score stands on the athlete's own baseline or is an estimate while it is too short.",
        values: "ok, insufficient_history"),
      .text("hrv_metric", "The HRV measure compared.", values: "ln_rmssd, ln_sdnn"),
      .real(
        "acute_chronic_ratio",
        "Acute:chronic ratio of daily volume load, EWMA 7/28 days (a trend, not a verdict).",
        unit: "ratio"),
      .real("fitness", "Banister fitness of daily volume load (τ 42 days).", unit: "t"),
      .real("fatigue", "Banister fatigue of daily volume load (τ 7 days).", unit: "t"),
    ])

  static let personalRecord = PublishedTable(
    "personal_record",
    about: "An athlete's best of one kind on one exercise (one per load for records at a load).",
    key: ["athlete_id", "exercise_id", "record_type", "load_kg"],
    [
      .athlete("athlete_id"),
      .text("exercise_id", "The exercise.", references: "exercise.id", required: true),
      .text(
        "record_type", "The kind of record.",
        values: "heaviest_load, best_e1rm, most_reps_at_load, best_velocity_at_load", required: true
      ),
      .real(
        "load_kg",
        "The load of a record held at a load; NULL otherwise (the unique key treats NULL as one value).",
        unit: "kg"),
      .real(
        "value",
        "The record: kg for heaviest_load and best_e1rm, reps for most_reps_at_load, m/s for best_velocity_at_load.",
        required: true),
      .text("achieved_at", "The session's start.", values: "ISO 8601 date-time", required: true),
      .text(
        "session_id", "The session it was set in.", references: "workout_session.id", required: true
      ),
      .real(
        "previous_value",
        "The record it beat, in the same unit; NULL for the first of its kind (a baseline, not news)."
      ),
      .flag(
        "notable",
        "1 when it is news for a coach: it beat an earlier record, a most-reps record by at least aggregation.roster.record_reps_margin reps. Reports and the roster's new-PR count show these alone.",
        required: true, default: "0"),
    ])

  static let strengthProfile = PublishedTable(
    "strength_profile",
    about: "An athlete's e1RM of one exercise at the end of an ISO week they trained it.",
    key: ["athlete_id", "exercise_id", "iso_week"],
    [
      .athlete("athlete_id"),
      .text("exercise_id", "The exercise.", references: "exercise.id", required: true),
      .isoWeek("iso_week", "The week."),
      .real("e1rm_kg", "Estimated one-rep max.", unit: "kg", required: true),
      .text(
        "method", "What it stands on: the load–velocity line or reps and load.",
        values: "load_velocity, reps_load", required: true),
      .real(
        "lvp_intercept_kg", "Load–velocity line, load = intercept + slope · v: the intercept.",
        unit: "kg"),
      .real("lvp_slope_kg_per_mps", "The line's slope.", unit: "kg per m/s"),
      .real("lvp_r2", "The line's R².", unit: "0-1"),
      .integer("lvp_loads", "Distinct loads the line was fitted on."),
    ])

  static let recoveryHeatmap = PublishedTable(
    "recovery_heatmap", about: "Estimated recovery of one muscle at the end of one day.",
    key: ["athlete_id", "date", "muscle"],
    [
      .athlete("athlete_id"),
      .day("date", "The day.", required: true),
      .text("muscle", "The muscle group.", required: true),
      .real(
        "recovery", "Estimated recovery (100 = fully recovered; an estimate).", unit: "0-100",
        required: true),
    ])

  static let nutritionWeek = PublishedTable(
    "nutrition_week", about: "An athlete's nutrition over one ISO week.",
    key: ["athlete_id", "iso_week"],
    [
      .athlete("athlete_id"),
      .isoWeek("iso_week", "The week."),
      .integer("days_logged", "Days with a nutrition row.", required: true),
      .real("mean_kcal", "Mean calories eaten.", unit: "kcal"),
      .real("mean_target_kcal", "Mean calorie target.", unit: "kcal"),
      .real("calorie_adherence_pct", "mean_kcal against mean_target_kcal.", unit: "%"),
      .real("protein_g_per_kg", "Mean daily protein per kg of bodyweight.", unit: "g/kg"),
      .integer("protein_days_met", "Days that met the protein target."),
    ])

  static let exerciseRisk = PublishedTable(
    "exercise_risk", about: "The risk of one exercise for one athlete, from their morpho ratios.",
    key: ["athlete_id", "exercise_id"],
    [
      .athlete("athlete_id"),
      .text("exercise_id", "The exercise.", references: "exercise.id", required: true),
      .text("risk_level", "Risk.", values: "optimal, caution, highRisk", required: true),
      .text("reason", "The ratio and the threshold it passed.", required: true),
    ])
}
