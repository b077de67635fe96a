import AuraDomain
import Foundation

/// Reads the dataset-wide files: athletes.csv (required), coaches, wellness (and Apple Health
/// exports), nutrition, morpho and custom exercises (optional). A bad row in an optional file
/// is reported and skipped.
public enum DatasetTablesReader {
  /// Reads every table under `root`. Throws only when athletes.csv is missing or unusable.
  public static func read(root: URL) throws -> DatasetTables {
    var problems: [DatasetProblem] = []
    let athletes = try readAthletes(root: root, problems: &problems)
    let coaches = readOptional(root: root, file: "coaches.csv", problems: &problems) { table, row in
      Coach(
        id: try required(table, row, "coach_id"), name: try required(table, row, "name"),
        email: optionalText(table, row, "email"))
    }
    let wellness = readOptional(root: root, file: "wellness.csv", problems: &problems) {
      table, row in
      WellnessDay(
        athleteId: try required(table, row, "athlete_id"), date: try date(table, row, "date"),
        hrvMilliseconds: try number(table, row, "hrv_ms"),
        hrvMetric: optionalText(table, row, "hrv_metric") ?? "rmssd",
        sleepHours: try number(table, row, "sleep_hours"),
        sleepQuality: try number(table, row, "sleep_quality"),
        restingHeartRateBpm: try number(table, row, "resting_hr"),
        activeKcal: try number(table, row, "active_kcal"),
        cyclePhase: optionalText(table, row, "cycle_phase"))
    }
    let knownAthletes = Set(athletes.map(\.id))
    let healthDays = HealthExports.read(root: root, athletes: knownAthletes, problems: &problems)
    let nutrition = readOptional(root: root, file: "nutrition.csv", problems: &problems) {
      table, row in
      NutritionDay(
        athleteId: try required(table, row, "athlete_id"), date: try date(table, row, "date"),
        targetKcal: try number(table, row, "target_kcal"), kcal: try number(table, row, "kcal"),
        proteinGrams: try number(table, row, "protein_g"),
        carbsGrams: try number(table, row, "carbs_g"),
        fatGrams: try number(table, row, "fat_g"), waterLiters: try number(table, row, "water_l"),
        creatineGrams: try number(table, row, "creatine_g"),
        wheyGrams: try number(table, row, "whey_g"))
    }
    let morpho = readOptional(root: root, file: "morpho.csv", problems: &problems) { table, row in
      MorphoRecord(
        athleteId: try required(table, row, "athlete_id"), date: try date(table, row, "date"),
        torsoCm: try number(table, row, "torso_cm"), femurCm: try number(table, row, "femur_cm"),
        tibiaCm: try number(table, row, "tibia_cm"),
        humerusCm: try number(table, row, "humerus_cm"),
        forearmCm: try number(table, row, "forearm_cm"),
        shoulderWidthCm: try number(table, row, "shoulder_width_cm"),
        hipWidthCm: try number(table, row, "hip_width_cm"),
        armSpanCm: try number(table, row, "arm_span_cm"))
    }
    let exercises = readOptional(
      root: root, file: "exercises.csv", problems: &problems, CustomExerciseRow.definition)
    return DatasetTables(
      athletes: athletes, coaches: coaches,
      wellness: HealthExports.merge(csv: wellness, health: healthDays), nutrition: nutrition,
      morpho: morpho, exercises: exercises, problems: problems)
  }

  static func readAthletes(root: URL, problems: inout [DatasetProblem]) throws -> [Athlete] {
    let url = root.appendingPathComponent("athletes.csv")
    guard let data = try? Data(contentsOf: url) else {
      throw DatasetProblem(
        path: "athletes.csv", line: 0, reason: "required file is missing or unreadable")
    }
    let table = try CSVReader.readTable(data: data, path: "athletes.csv")
    _ = try table.column("athlete_id")
    _ = try table.column("username")
    var seen = Set<String>()
    var athletes: [Athlete] = []
    for row in table.rows {
      do {
        let athlete = Athlete(
          id: try required(table, row, "athlete_id"),
          username: try required(table, row, "username"),
          email: optionalText(table, row, "email"),
          dateOfBirth: optionalText(table, row, "date_of_birth"),
          biologicalSex: try oneOf(table, row, "biological_sex", ["male", "female", "other"]),
          heightCm: try number(table, row, "height_cm"),
          weightKg: try number(table, row, "weight_kg"),
          bodyFatPercent: try number(table, row, "body_fat_pct"),
          coachId: optionalText(table, row, "coach_id"),
          guildName: optionalText(table, row, "guild_name"),
          guildTag: optionalText(table, row, "guild_tag"),
          guildRole: try oneOf(table, row, "guild_role", ["member", "officer", "leader"]))
        guard seen.insert(athlete.id).inserted else {
          throw DatasetProblem(
            path: table.path, line: row.line, reason: "duplicate athlete_id '\(athlete.id)'")
        }
        athletes.append(athlete)
      } catch let problem as DatasetProblem {
        problems.append(problem)
      }
    }
    return athletes
  }

  static func readOptional<T>(
    root: URL, file: String, problems: inout [DatasetProblem],
    _ make: (CSVTable, CSVTable.Row) throws -> T
  ) -> [T] {
    let url = root.appendingPathComponent(file)
    guard FileManager.default.fileExists(atPath: url.path) else { return [] }
    do {
      let table = try CSVReader.readTable(data: try Data(contentsOf: url), path: file)
      var values: [T] = []
      for row in table.rows {
        do { values.append(try make(table, row)) } catch let problem as DatasetProblem {
          problems.append(problem)
        }
      }
      return values
    } catch let problem as DatasetProblem {
      problems.append(problem)
    } catch {
      problems.append(DatasetProblem(path: file, line: 0, reason: "unreadable: \(error)"))
    }
    return []
  }

  static func field(_ table: CSVTable, _ row: CSVTable.Row, _ column: String) -> String? {
    guard let index = table.optionalColumn(column), index < row.fields.count else { return nil }
    let value = row.fields[index]
    return value.isEmpty ? nil : value
  }

  static func optionalText(_ table: CSVTable, _ row: CSVTable.Row, _ column: String) -> String? {
    field(table, row, column)
  }

  static func required(_ table: CSVTable, _ row: CSVTable.Row, _ column: String) throws -> String {
    _ = try table.column(column)
    guard let value = field(table, row, column) else {
      throw DatasetProblem(
        path: table.path, line: row.line, reason: "empty required field '\(column)'")
    }
    return value
  }

  static func number(_ table: CSVTable, _ row: CSVTable.Row, _ column: String) throws -> Double? {
    guard let text = field(table, row, column) else { return nil }
    guard let value = Double(text), value.isFinite else {
      throw DatasetProblem(
        path: table.path, line: row.line,
        reason: "column '\(column)': '\(text)' is not a finite number")
    }
    return value
  }

  static func date(_ table: CSVTable, _ row: CSVTable.Row, _ column: String) throws -> String {
    let text = try required(table, row, column)
    guard ISODates.day(text) != nil else {
      throw DatasetProblem(
        path: table.path, line: row.line, reason: "column '\(column)': '\(text)' is not an ISO date"
      )
    }
    return String(text.prefix(10))
  }

  static func oneOf(_ table: CSVTable, _ row: CSVTable.Row, _ column: String, _ allowed: [String])
    throws
    -> String?
  {
    guard let text = field(table, row, column) else { return nil }
    let lowered = text.lowercased()
    guard allowed.contains(lowered) else {
      throw DatasetProblem(
        path: table.path, line: row.line,
        reason: "column '\(column)': '\(text)' is not one of \(allowed.joined(separator: "|"))")
    }
    return lowered
  }
}
