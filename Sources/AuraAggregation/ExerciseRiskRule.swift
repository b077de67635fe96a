import AuraDomain
import AuraIngest
import Foundation

/// Exercise risk (optimal / caution / highRisk) from an athlete's morpho ratios, as AuraLift's
/// MorphoScan intends. Our own rule, documented in the README: long femurs against the torso
/// force more forward lean in squats and lunges; short upper arms against the torso put the
/// hips lower and the back flatter in a deadlift; long upper arms lengthen a press's range and
/// load the shoulder at the bottom. Thresholds live in the pipeline file.
package struct ExerciseRiskRule: Sendable {
  package struct Thresholds: Sendable, Equatable {
    /// Femur/torso at which squats and lunges become caution, then highRisk.
    package var squatFemurTorso: [Double]
    /// Humerus/torso below which hinges become caution, then highRisk.
    package var hingeHumerusTorso: [Double]
    /// Humerus/torso at which presses and push-ups become caution, then highRisk.
    package var pressHumerusTorso: [Double]

    static let ratios = ParameterFamily.lists(
      "aggregation.risk", per: "ratio", in: 0.05...5, count: 2,
      "exercise risk from morpho ratios [caution, highRisk] (our own rule)",
      [
        ("squat_femur_torso", [0.95, 1.05], ""), ("hinge_humerus_torso", [0.55, 0.50], ""),
        ("press_humerus_torso", [0.70, 0.78], ""),
      ])

    /// The parameters the rule reads, as the pipeline file lists them.
    static let declared: [ParameterDeclaration] = [.family(ratios)]

    package init(_ p: ParameterSet) throws {
      squatFemurTorso = try p.list(Self.ratios["squat_femur_torso"])
      hingeHumerusTorso = try p.list(Self.ratios["hinge_humerus_torso"])
      pressHumerusTorso = try p.list(Self.ratios["press_humerus_torso"])
    }
  }

  let thresholds: Thresholds

  /// The risk of every catalog exercise whose pattern a ratio speaks to, from the athlete's
  /// latest scan; nothing without a scan that has the segments.
  func assess(athleteId: String, scan: MorphoRecord?, catalog: ExerciseCatalog) -> [ExerciseRisk] {
    guard let scan, let torso = scan.torsoCm, torso > 0 else { return [] }
    let femur = scan.femurCm.map { $0 / torso }
    let humerus = scan.humerusCm.map { $0 / torso }
    return catalog.exercises.values.sorted { $0.id < $1.id }.compactMap { exercise in
      let level: String
      let reason: String
      switch exercise.pattern {
      case .squat, .lunge:
        guard let femur else { return nil }
        level = Self.level(femur, thresholds.squatFemurTorso, higherIsWorse: true)
        reason =
          "femur/torso \(Self.format(femur)) (caution from \(Self.format(thresholds.squatFemurTorso[0]))): longer femurs need more forward lean"
      case .hinge:
        guard let humerus else { return nil }
        level = Self.level(humerus, thresholds.hingeHumerusTorso, higherIsWorse: false)
        reason =
          "humerus/torso \(Self.format(humerus)) (caution at or below \(Self.format(thresholds.hingeHumerusTorso[0]))): shorter arms start the pull with the hips lower"
      case .horizontalPress, .pushUp:
        guard let humerus else { return nil }
        level = Self.level(humerus, thresholds.pressHumerusTorso, higherIsWorse: true)
        reason =
          "humerus/torso \(Self.format(humerus)) (caution from \(Self.format(thresholds.pressHumerusTorso[0]))): longer upper arms lengthen the press"
      default: return nil
      }
      return ExerciseRisk(
        athleteId: athleteId, exerciseId: exercise.id, riskLevel: level, reason: reason)
    }
  }

  static func level(_ ratio: Double, _ limits: [Double], higherIsWorse: Bool) -> String {
    let beyond = { (limit: Double) in higherIsWorse ? ratio >= limit : ratio <= limit }
    if beyond(limits[1]) { return "highRisk" }
    if beyond(limits[0]) { return "caution" }
    return "optimal"
  }

  static func format(_ value: Double) -> String { String(format: "%.2f", value) }
}
