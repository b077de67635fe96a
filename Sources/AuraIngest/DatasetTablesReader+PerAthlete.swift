import AuraDomain
import Foundation

extension DatasetTablesReader {
  typealias PerAthleteTables = (
    wellness: RowsByAthlete<WellnessDay>, nutrition: RowsByAthlete<NutritionDay>,
    morpho: RowsByAthlete<MorphoRecord>
  )

  /// wellness.csv (an Apple Health export's day standing in for a day the table lacks),
  /// nutrition.csv and morpho.csv, each row set aside on disk by athlete as it is read.
  static func readPerAthleteTables(
    root: URL, athletes knownAthletes: AthleteRoster, problems: inout [DatasetProblem]
  ) -> PerAthleteTables {
    let wellness = readWellness(root: root, athletes: knownAthletes, problems: &problems)
    let nutrition = readRows(root: root, file: "nutrition.csv", problems: &problems) {
      table, row in
      NutritionDay(
        athleteId: try athlete(table, row, among: knownAthletes),
        date: try date(table, row, "date"),
        targetKcal: try number(table, row, "target_kcal"), kcal: try number(table, row, "kcal"),
        proteinGrams: try number(table, row, "protein_g"),
        carbsGrams: try number(table, row, "carbs_g"),
        fatGrams: try number(table, row, "fat_g"), waterLiters: try number(table, row, "water_l"),
        creatineGrams: try number(table, row, "creatine_g"),
        wheyGrams: try number(table, row, "whey_g"))
    }
    let morpho = readRows(root: root, file: "morpho.csv", problems: &problems) { table, row in
      MorphoRecord(
        athleteId: try athlete(table, row, among: knownAthletes),
        date: try date(table, row, "date"),
        torsoCm: try number(table, row, "torso_cm"), femurCm: try number(table, row, "femur_cm"),
        tibiaCm: try number(table, row, "tibia_cm"),
        humerusCm: try number(table, row, "humerus_cm"),
        forearmCm: try number(table, row, "forearm_cm"),
        shoulderWidthCm: try number(table, row, "shoulder_width_cm"),
        hipWidthCm: try number(table, row, "hip_width_cm"),
        armSpanCm: try number(table, row, "arm_span_cm"))
    }
    return (wellness, nutrition, morpho)
  }

  /// wellness.csv's days, then each exported day of an athlete that the table lacks; the
  /// exports' problems follow the table's.
  private static func readWellness(
    root: URL, athletes knownAthletes: AthleteRoster, problems: inout [DatasetProblem]
  ) -> RowsByAthlete<WellnessDay> {
    var healthProblems: [DatasetProblem] = []
    let healthDays = HealthExports.read(
      root: root, athletes: knownAthletes, problems: &healthProblems)
    let exported = Set(healthDays.map(\.athleteId))
    var covered = Set<String>()
    let wellness = RowsByAthlete<WellnessDay>.Builder()
    readOptional(
      root: root, file: "wellness.csv", problems: &problems, key: Self.athleteDay,
      make: { table, row in
        WellnessDay(
          athleteId: try athlete(table, row, among: knownAthletes),
          date: try date(table, row, "date"),
          hrvMilliseconds: try number(table, row, "hrv_ms"),
          hrvMetric: try oneOf(table, row, "hrv_metric", HRVMetric.allCases.map(\.rawValue))
            .flatMap(HRVMetric.init(rawValue:)) ?? .rmssd,
          sleepHours: try number(table, row, "sleep_hours"),
          sleepQuality: try number(table, row, "sleep_quality"),
          restingHeartRateBpm: try number(table, row, "resting_hr"),
          activeKcal: try number(table, row, "active_kcal"),
          cyclePhase: try optionalText(table, row, "cycle_phase"))
      },
      accept: { day in
        if exported.contains(day.athleteId) { covered.insert(HealthExports.key(day)) }
        wellness.append(day)
      })
    problems += healthProblems
    for day in healthDays where !covered.contains(HealthExports.key(day)) {
      wellness.append(day)
    }
    return wellness.finish()
  }

  /// The rows of a per-athlete, per-day table that `make` accepts, set aside by athlete.
  private static func readRows<Row: ScratchRow & AthleteDayRow>(
    root: URL, file: String, problems: inout [DatasetProblem],
    make: (CSVTable, CSVTable.Row) throws -> Row
  ) -> RowsByAthlete<Row> {
    let rows = RowsByAthlete<Row>.Builder()
    readOptional(
      root: root, file: file, problems: &problems, key: Self.athleteDay, make: make,
      accept: rows.append)
    return rows.finish()
  }
}
