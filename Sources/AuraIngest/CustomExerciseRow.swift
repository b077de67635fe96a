import AuraDomain
import Foundation

/// One row of exercises.csv, a custom exercise merged over the built-in catalog (a row whose
/// id is built in replaces that exercise):
/// `exercise_id,name,pattern,primary_muscles,secondary_muscles,equipment,category,default_tempo,stretch_position_bonus,notes,alternating`.
/// Required: `exercise_id`, `name`, `pattern` (squat, hinge, horizontalPress, verticalPress,
/// curl, row, pushUp, lunge, pulldown, armExtension) and `primary_muscles`. Muscles are the
/// 30 muscle-group ids separated by `;`. `category` defaults from the pattern, `equipment` to
/// bodyweight, `default_tempo` ("3-1-1") to the catalog default, `alternating` (the sides take
/// turns, one rep each, and the count covers both) to false.
enum CustomExerciseRow {
  static func definition(_ table: CSVTable, _ row: CSVTable.Row) throws -> ExerciseDefinition {
    typealias Reader = DatasetTablesReader
    let id = ExerciseCatalog.normalize(try Reader.required(table, row, "exercise_id"))
    if let problem = EntityId.problem(id) {
      throw DatasetProblem(
        path: table.path, line: row.line,
        reason: "column 'exercise_id': \(EntityId.quoted(id)) \(problem)")
    }
    let pattern = try named(
      MovementPattern.self, try Reader.required(table, row, "pattern"), "pattern", table, row)
    let primary = try muscles(table, row, "primary_muscles")
    guard !primary.isEmpty else {
      throw DatasetProblem(
        path: table.path, line: row.line, reason: "empty required field 'primary_muscles'")
    }
    let equipment = try named(
      EquipmentType.self, try Reader.optionalText(table, row, "equipment") ?? "bodyweight",
      "equipment", table, row)
    var tempo = Tempo(eccentricSeconds: 3, pauseSeconds: 0.5, concentricSeconds: 1)
    if let notation = try Reader.optionalText(table, row, "default_tempo") {
      guard let parsed = Tempo(notation: notation) else {
        throw DatasetProblem(
          path: table.path, line: row.line,
          reason:
            "column 'default_tempo': '\(notation)' is not eccentric-pause-concentric, e.g. 3-1-1"
        )
      }
      tempo = parsed
    }
    let flags = ["true", "false", "1", "0"]
    let bonus = try Reader.oneOf(table, row, "stretch_position_bonus", flags)
    let alternating = try Reader.oneOf(table, row, "alternating", flags)
    return ExerciseDefinition(
      id: id, name: try Reader.required(table, row, "name"),
      category: try Reader.optionalText(table, row, "category")?.lowercased()
        ?? defaultCategory(pattern),
      primaryMuscles: primary, secondaryMuscles: try muscles(table, row, "secondary_muscles"),
      equipment: equipment, pattern: pattern, defaultTempo: tempo,
      stretchPositionBonus: bonus == "true" || bonus == "1", isCustom: true,
      biomechanicalNotes: try Reader.optionalText(table, row, "notes") ?? "",
      alternating: alternating == "true" || alternating == "1")
  }

  private static func muscles(_ table: CSVTable, _ row: CSVTable.Row, _ column: String) throws
    -> [MuscleGroupType]
  {
    guard let text = try DatasetTablesReader.optionalText(table, row, column) else { return [] }
    return try text.split(separator: ";").map { part in
      let name = ExerciseCatalog.normalize(String(part))
      guard let muscle = MuscleGroupType(rawValue: name) else {
        throw DatasetProblem(
          path: table.path, line: row.line,
          reason: "column '\(column)': '\(part)' is not one of the 30 muscle groups")
      }
      return muscle
    }
  }

  /// The case of `type` that `text` names, spelled "horizontalPress", "horizontal_press" or
  /// "Horizontal Press" alike; a problem listing the cases otherwise.
  private static func named<T: CaseIterable & RawRepresentable<String>>(
    _ type: T.Type, _ text: String, _ column: String, _ table: CSVTable, _ row: CSVTable.Row
  ) throws -> T {
    let squeezed = ExerciseCatalog.normalize(text).replacingOccurrences(of: "_", with: "")
    guard let value = T.allCases.first(where: { $0.rawValue.lowercased() == squeezed }) else {
      throw DatasetProblem(
        path: table.path, line: row.line,
        reason:
          "column '\(column)': '\(text)' is not one of \(T.allCases.map(\.rawValue).joined(separator: "|"))"
      )
    }
    return value
  }

  private static func defaultCategory(_ pattern: MovementPattern) -> String {
    switch pattern {
    case .squat, .hinge, .lunge: return "legs"
    case .horizontalPress, .verticalPress, .pushUp, .armExtension: return "push"
    case .row, .pulldown, .curl: return "pull"
    }
  }
}
