/// The 30 muscle groups AuraLift tracks for volume and recovery (`MuscleGroupType`).
package enum MuscleGroupType: String, CaseIterable, Codable, Sendable, Comparable {
  case chestUpper = "chest_upper"
  case chestMiddle = "chest_middle"
  case chestLower = "chest_lower"
  case frontDelts = "front_delts"
  case sideDelts = "side_delts"
  case rearDelts = "rear_delts"
  case trapsUpper = "traps_upper"
  case trapsMiddle = "traps_middle"
  case rhomboids
  case latsUpper = "lats_upper"
  case latsLower = "lats_lower"
  case teresMajor = "teres_major"
  case rotatorCuff = "rotator_cuff"
  case biceps
  case brachialis
  case triceps
  case forearms
  case absUpper = "abs_upper"
  case absLower = "abs_lower"
  case obliques
  case lowerBack = "lower_back"
  case hipFlexors = "hip_flexors"
  case glutesMax = "glutes_max"
  case glutesMed = "glutes_med"
  case adductors
  case quadriceps
  case hamstrings
  case calvesGastrocnemius = "calves_gastrocnemius"
  case calvesSoleus = "calves_soleus"
  case tibialis

  /// upper, lower or core, as `MuscleGroup.bodyRegion` stores it.
  package var bodyRegion: String {
    switch self {
    case .absUpper, .absLower, .obliques, .lowerBack, .hipFlexors: return "core"
    case .glutesMax, .glutesMed, .adductors, .quadriceps, .hamstrings, .calvesGastrocnemius,
      .calvesSoleus, .tibialis:
      return "lower"
    default: return "upper"
    }
  }

  /// Human-readable name, e.g. "Chest Upper".
  package var displayName: String {
    rawValue.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(
      separator: " ")
  }

  package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
