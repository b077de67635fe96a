import Foundation

/// The built-in exercise catalog, optionally extended by a dataset's exercises.csv.
package struct ExerciseCatalog: Sendable {
  package private(set) var exercises: [String: ExerciseDefinition]

  package init(exercises: [ExerciseDefinition]) {
    self.exercises = Dictionary(
      exercises.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
  }

  /// Adds or replaces exercises (custom ones from a dataset win over built-ins).
  package mutating func merge(_ custom: [ExerciseDefinition]) {
    for exercise in custom { exercises[exercise.id] = exercise }
  }

  /// Every exercise, sorted by id.
  package var all: [ExerciseDefinition] { exercises.values.sorted { $0.id < $1.id } }

  /// Resolves an id or a common spelling ("Back Squat", "bench-press", "squat") to an exercise.
  package func resolve(_ spelling: String) -> ExerciseDefinition? {
    let key = Self.normalize(spelling)
    if let exact = exercises[key] { return exact }
    if let alias = Self.aliases[key] { return exercises[alias] }
    return nil
  }

  /// Lower-cased snake_case form of a spelling.
  package static func normalize(_ spelling: String) -> String {
    let lowered = spelling.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    let mapped = lowered.map { $0.isLetter || $0.isNumber ? $0 : "_" }
    return String(mapped).split(separator: "_", omittingEmptySubsequences: true).joined(
      separator: "_")
  }

  static let aliases: [String: String] = [
    "squat": "back_squat", "barbell_squat": "back_squat", "bench": "bench_press",
    "barbell_bench_press": "bench_press", "conventional_deadlift": "deadlift",
    "ohp": "overhead_press", "military_press": "overhead_press", "shoulder_press": "overhead_press",
    "curl": "biceps_curl", "bicep_curl": "biceps_curl", "dumbbell_curl": "biceps_curl",
    "alternating_curl": "alternating_dumbbell_curl",
    "alt_dumbbell_biceps_curl": "alternating_dumbbell_curl",
    "row": "barbell_row", "bent_over_row": "barbell_row", "pushup": "push_up",
    "press_up": "push_up",
    "pulldown": "lat_pulldown", "rdl": "romanian_deadlift", "pullup": "pull_up",
    "chin_up": "pull_up", "chinup": "pull_up",
  ]

  /// The catalog every run starts from.
  package static let builtIn = ExerciseCatalog(exercises: [
    ExerciseDefinition(
      id: "back_squat", name: "Back Squat", category: "legs",
      primaryMuscles: [.quadriceps, .glutesMax],
      secondaryMuscles: [.adductors, .hamstrings, .lowerBack], equipment: .barbell, pattern: .squat,
      defaultTempo: Tempo(eccentricSeconds: 2, pauseSeconds: 0.5, concentricSeconds: 1),
      stretchPositionBonus: true,
      biomechanicalNotes: "Long femurs relative to torso force more forward lean."),
    ExerciseDefinition(
      id: "front_squat", name: "Front Squat", category: "legs", primaryMuscles: [.quadriceps],
      secondaryMuscles: [.glutesMax, .absUpper, .trapsUpper], equipment: .barbell, pattern: .squat,
      defaultTempo: Tempo(eccentricSeconds: 2, pauseSeconds: 0.5, concentricSeconds: 1),
      stretchPositionBonus: true),
    ExerciseDefinition(
      id: "bench_press", name: "Bench Press", category: "push", primaryMuscles: [.chestMiddle],
      secondaryMuscles: [.triceps, .frontDelts, .chestUpper], equipment: .barbell,
      pattern: .horizontalPress,
      defaultTempo: Tempo(eccentricSeconds: 2, pauseSeconds: 0.5, concentricSeconds: 1)),
    ExerciseDefinition(
      id: "deadlift", name: "Deadlift", category: "pull",
      primaryMuscles: [.glutesMax, .hamstrings],
      secondaryMuscles: [.lowerBack, .quadriceps, .trapsUpper, .forearms], equipment: .barbell,
      pattern: .hinge,
      defaultTempo: Tempo(eccentricSeconds: 2, pauseSeconds: 0.5, concentricSeconds: 1),
      biomechanicalNotes: "Long arms shorten the pull."),
    ExerciseDefinition(
      id: "romanian_deadlift", name: "Romanian Deadlift", category: "pull",
      primaryMuscles: [.hamstrings],
      secondaryMuscles: [.glutesMax, .lowerBack], equipment: .barbell, pattern: .hinge,
      stretchPositionBonus: true),
    ExerciseDefinition(
      id: "overhead_press", name: "Overhead Press", category: "push", primaryMuscles: [.frontDelts],
      secondaryMuscles: [.triceps, .sideDelts, .trapsUpper], equipment: .barbell,
      pattern: .verticalPress,
      defaultTempo: Tempo(eccentricSeconds: 2, pauseSeconds: 0.5, concentricSeconds: 1)),
    ExerciseDefinition(
      id: "barbell_row", name: "Barbell Row", category: "pull",
      primaryMuscles: [.latsUpper, .rhomboids],
      secondaryMuscles: [.biceps, .rearDelts, .trapsMiddle, .lowerBack], equipment: .barbell,
      pattern: .row),
    ExerciseDefinition(
      id: "biceps_curl", name: "Biceps Curl", category: "pull", primaryMuscles: [.biceps],
      secondaryMuscles: [.brachialis, .forearms], equipment: .dumbbell, pattern: .curl,
      defaultTempo: Tempo(eccentricSeconds: 2, pauseSeconds: 0.5, concentricSeconds: 1)),
    ExerciseDefinition(
      id: "alternating_dumbbell_curl", name: "Alternating Dumbbell Curl", category: "pull",
      primaryMuscles: [.biceps], secondaryMuscles: [.brachialis, .forearms], equipment: .dumbbell,
      pattern: .curl,
      defaultTempo: Tempo(eccentricSeconds: 2, pauseSeconds: 0.5, concentricSeconds: 1),
      alternating: true),
    ExerciseDefinition(
      id: "push_up", name: "Push-up", category: "push", primaryMuscles: [.chestMiddle],
      secondaryMuscles: [.triceps, .frontDelts, .absUpper], equipment: .bodyweight, pattern: .pushUp
    ),
    ExerciseDefinition(
      id: "lunge", name: "Lunge", category: "legs", primaryMuscles: [.quadriceps, .glutesMax],
      secondaryMuscles: [.adductors, .glutesMed, .hamstrings], equipment: .dumbbell,
      pattern: .lunge,
      stretchPositionBonus: true),
    ExerciseDefinition(
      id: "lat_pulldown", name: "Lat Pulldown", category: "pull",
      primaryMuscles: [.latsUpper, .latsLower],
      secondaryMuscles: [.biceps, .teresMajor, .rearDelts], equipment: .cable, pattern: .pulldown,
      stretchPositionBonus: true),
    ExerciseDefinition(
      id: "pull_up", name: "Pull-up", category: "pull", primaryMuscles: [.latsUpper, .latsLower],
      secondaryMuscles: [.biceps, .teresMajor, .rearDelts, .forearms], equipment: .bodyweight,
      pattern: .pulldown, stretchPositionBonus: true),
    ExerciseDefinition(
      id: "triceps_pushdown", name: "Triceps Pushdown", category: "push",
      primaryMuscles: [.triceps],
      secondaryMuscles: [.forearms], equipment: .cable, pattern: .armExtension),
    ExerciseDefinition(
      id: "leg_press", name: "Leg Press", category: "legs", primaryMuscles: [.quadriceps],
      secondaryMuscles: [.glutesMax, .adductors], equipment: .machine, pattern: .squat),
    ExerciseDefinition(
      id: "calf_raise", name: "Calf Raise", category: "legs",
      primaryMuscles: [.calvesGastrocnemius, .calvesSoleus], secondaryMuscles: [],
      equipment: .machine,
      pattern: .squat, stretchPositionBonus: true),
    ExerciseDefinition(
      id: "plank", name: "Plank", category: "core", primaryMuscles: [.absUpper, .absLower],
      secondaryMuscles: [.obliques], equipment: .bodyweight, pattern: .pushUp),
  ])
}
