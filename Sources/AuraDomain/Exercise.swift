/// How a lift moves, which decides the joint that carries its range of motion, the point that
/// stands in for the bar, and which phase comes first.
public enum MovementPattern: String, Codable, Sendable, CaseIterable {
  case squat, hinge, horizontalPress, verticalPress, curl, row, pushUp, lunge, pulldown,
    armExtension
}

/// Joint whose interior angle measures a rep's range of motion.
public enum PrimaryJoint: String, Codable, Sendable {
  case knee, hip, elbow
}

/// The body point whose vertical position stands in for the bar (or the moving load):
/// `upperBack` is a back squat's bar, behind and below the shoulder along the trunk.
public enum BarProxy: String, Codable, Sendable {
  case shoulder, upperBack, wrist, hip
}

/// Which half of a rep comes first: squats and bench presses start at the top and lower first;
/// deadlifts, presses from the rack and curls start at the bottom and lift first.
public enum PhaseOrder: String, Codable, Sendable {
  case eccentricFirst, concentricFirst
}

/// Tempo in seconds per phase (eccentric, pause at the turning point, concentric).
public struct Tempo: Codable, Sendable, Equatable {
  public var eccentricSeconds: Double
  public var pauseSeconds: Double
  public var concentricSeconds: Double

  public init(eccentricSeconds: Double, pauseSeconds: Double, concentricSeconds: Double) {
    self.eccentricSeconds = eccentricSeconds
    self.pauseSeconds = pauseSeconds
    self.concentricSeconds = concentricSeconds
  }

  /// Parses "3-1-1" (eccentric-pause-concentric seconds); nil when malformed.
  public init?(notation: String) {
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
public struct ExerciseDefinition: Codable, Sendable, Equatable {
  public var id: String
  public var name: String
  /// push, pull, legs or core.
  public var category: String
  public var primaryMuscles: [MuscleGroupType]
  public var secondaryMuscles: [MuscleGroupType]
  public var equipment: EquipmentType
  public var pattern: MovementPattern
  public var defaultTempo: Tempo
  public var stretchPositionBonus: Bool
  public var isCustom: Bool
  public var biomechanicalNotes: String

  public init(
    id: String, name: String, category: String, primaryMuscles: [MuscleGroupType],
    secondaryMuscles: [MuscleGroupType], equipment: EquipmentType, pattern: MovementPattern,
    defaultTempo: Tempo = Tempo(eccentricSeconds: 3, pauseSeconds: 0.5, concentricSeconds: 1),
    stretchPositionBonus: Bool = false, isCustom: Bool = false, biomechanicalNotes: String = ""
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
  }

  /// Joint whose interior angle gives the rep's ROM: knee for squats and lunges, hip for
  /// hinges, elbow for presses, curls, rows and push-ups.
  public var primaryJoint: PrimaryJoint {
    switch pattern {
    case .squat, .lunge: return .knee
    case .hinge: return .hip
    default: return .elbow
    }
  }

  /// Point tracked as the bar: the upper back carries a back squat, the shoulders stand in for
  /// lunges and push-ups, the hands hold everything else.
  public var barProxy: BarProxy {
    switch pattern {
    case .squat: return .upperBack
    case .lunge: return .shoulder
    case .pushUp: return .shoulder
    default: return .wrist
    }
  }

  /// Which phase starts a rep.
  public var phaseOrder: PhaseOrder {
    switch pattern {
    case .hinge, .verticalPress, .curl, .row, .pulldown, .armExtension: return .concentricFirst
    case .squat, .horizontalPress, .pushUp, .lunge: return .eccentricFirst
    }
  }
}
