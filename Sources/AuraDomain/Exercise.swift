/// How a lift moves, which decides the joint that carries its range of motion, the point that
/// stands in for the bar, and which phase comes first.
package enum MovementPattern: String, Codable, Sendable, CaseIterable {
  case squat, hinge, horizontalPress, verticalPress, curl, row, pushUp, lunge, pulldown,
    armExtension
}

/// Joint whose interior angle measures a rep's range of motion.
package enum PrimaryJoint: String, Codable, Sendable {
  case knee, hip, elbow
}

/// The body point whose vertical position stands in for the bar (or the moving load):
/// `upperBack` is a back squat's bar, behind and below the shoulder along the trunk.
package enum BarProxy: String, Codable, Sendable {
  case shoulder, upperBack, wrist, hip
}

/// Which half of a rep comes first: squats and bench presses start at the top and lower first;
/// deadlifts, presses from the rack and curls start at the bottom and lift first.
package enum PhaseOrder: String, Codable, Sendable {
  case eccentricFirst, concentricFirst
}

/// Tempo in seconds per phase (eccentric, pause at the turning point, concentric).
package struct Tempo: Codable, Sendable, Equatable {
  package var eccentricSeconds: Double
  package var pauseSeconds: Double
  package var concentricSeconds: Double

  package init(eccentricSeconds: Double, pauseSeconds: Double, concentricSeconds: Double) {
    self.eccentricSeconds = eccentricSeconds
    self.pauseSeconds = pauseSeconds
    self.concentricSeconds = concentricSeconds
  }

  /// Parses "3-1-1" (eccentric-pause-concentric seconds); nil when malformed.
  package init?(notation: String) {
    let parts = notation.split(separator: "-").map {
      Double($0.trimmingCharacters(in: .whitespaces))
    }
    guard parts.count == 3, let e = parts[0], let p = parts[1], let c = parts[2], e >= 0, p >= 0,
      c >= 0
    else { return nil }
    self.init(eccentricSeconds: e, pauseSeconds: p, concentricSeconds: c)
  }
}

/// One exercise of the catalog, with the biomechanical metadata the pipeline needs.
package struct ExerciseDefinition: Codable, Sendable, Equatable {
  package var id: String
  package var name: String
  /// push, pull, legs or core.
  package var category: String
  package var primaryMuscles: [MuscleGroupType]
  package var secondaryMuscles: [MuscleGroupType]
  package var equipment: EquipmentType
  package var pattern: MovementPattern
  package var defaultTempo: Tempo
  package var stretchPositionBonus: Bool
  package var isCustom: Bool
  package var biomechanicalNotes: String
  /// The sides take turns, one rep each (alternating curls): a set's reps are counted over
  /// both sides, so a sensor worn on one limb sees every other rep.
  package var alternating: Bool

  package init(
    id: String, name: String, category: String, primaryMuscles: [MuscleGroupType],
    secondaryMuscles: [MuscleGroupType], equipment: EquipmentType, pattern: MovementPattern,
    defaultTempo: Tempo = Tempo(eccentricSeconds: 3, pauseSeconds: 0.5, concentricSeconds: 1),
    stretchPositionBonus: Bool = false, isCustom: Bool = false, biomechanicalNotes: String = "",
    alternating: Bool = false
  ) {
    self.id = id
    self.name = name
    self.category = category
    self.primaryMuscles = primaryMuscles
    self.secondaryMuscles = secondaryMuscles
    self.equipment = equipment
    self.pattern = pattern
    self.defaultTempo = defaultTempo
    self.stretchPositionBonus = stretchPositionBonus
    self.isCustom = isCustom
    self.biomechanicalNotes = biomechanicalNotes
    self.alternating = alternating
  }

  /// Joint whose interior angle gives the rep's ROM: knee for squats and lunges, hip for
  /// hinges, elbow for presses, curls, rows and push-ups.
  package var primaryJoint: PrimaryJoint {
    switch pattern {
    case .squat, .lunge: return .knee
    case .hinge: return .hip
    default: return .elbow
    }
  }

  /// Point tracked as the bar: the upper back carries a back squat, the shoulders stand in for
  /// lunges, push-ups and pulls of the body itself (a pull-up's hands stay on the bar while the
  /// body rises), the hands hold everything else.
  package var barProxy: BarProxy {
    switch pattern {
    case .squat: return .upperBack
    case .lunge: return .shoulder
    case .pushUp: return .shoulder
    case .pulldown where equipment == .bodyweight: return .shoulder
    default: return .wrist
    }
  }

  /// Which phase starts a rep.
  package var phaseOrder: PhaseOrder {
    switch pattern {
    case .hinge, .verticalPress, .curl, .row, .pulldown, .armExtension: return .concentricFirst
    case .squat, .horizontalPress, .pushUp, .lunge: return .eccentricFirst
    }
  }
}
