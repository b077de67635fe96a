import AuraDomain
import AuraFeatures
import Foundation

/// Form score 0-100 of each rep from named components, each mapped to 0-100 and weighted;
/// a component the camera cannot see from its view is left out and the weights of the others
/// are renormalised. Our own design (SCIENCE.md §7.2: no published 0-100 standard exists);
/// every weight, tolerance and target lives in the pipeline file.
///
/// - depth: primary-joint ROM against the exercise's target ROM (side view only);
/// - tempo: eccentric and pause against the set's target tempo (or the exercise's default);
/// - bar path: horizontal travel of the bar over the rep beyond a free allowance;
/// - trunk: trunk lean beyond the set's first rep (side view only);
/// - symmetry: left against right ROM, Robinson's index (front view only, where both sides show);
/// - consistency: ROM against the set's median rep.
package struct FormScorer: Sendable {
  /// The components, in the order feedback names them.
  package enum Component: String, CaseIterable, Codable, Sendable {
    case depth, tempo
    case barPath = "bar_path"
    case trunk, symmetry, consistency
  }

  package struct Settings: Sendable, Equatable {
    package var weights: [Component: Double]
    /// ROM shortfall against the target that zeroes the depth component, degrees.
    package var depthToleranceDegrees: Double
    /// Horizontal bar travel that costs nothing, metres.
    package var barPathFreeMeters: Double
    /// Horizontal bar travel that zeroes the bar-path component, metres.
    package var barPathToleranceMeters: Double
    /// Trunk lean beyond the set's first rep that zeroes the trunk component, degrees.
    package var trunkLeanToleranceDegrees: Double
    /// Left/right ROM asymmetry that zeroes the symmetry component, percent.
    package var symmetryTolerancePercent: Double
    /// ROM deviation from the set's median rep that zeroes the consistency component, degrees.
    package var consistencyToleranceDegrees: Double
    /// A component that falls below this on any rep gets written feedback.
    package var feedbackBelow: Double
    /// Target ROM of the primary joint per movement pattern, degrees.
    package var targetRomDegrees: [MovementPattern: Double]

    /// Each component's weight, in the order the pipeline file lists them.
    static let weightParameters: [(Component, Parameter)] = [
      (.depth, 0.3, "primary-joint ROM against the exercise's target (side view)"),
      (.tempo, 0.2, "eccentric and pause against the target tempo"),
      (.barPath, 0.15, "horizontal bar travel"),
      (.trunk, 0.15, "trunk lean beyond the set's first rep (side view)"),
      (.symmetry, 0.1, "left vs right ROM (front view)"),
      (.consistency, 0.1, "ROM against the set's median rep"),
    ].map { (component: Component, weight: Double, help: String) in
      (component, .number("scoring.form.\(component.rawValue)_weight", weight, in: 0...1, help))
    }
    static let depthTolerance = Parameter.number(
      "scoring.form.depth_tolerance_deg", 20, in: 1...180, unit: "°",
      "ROM shortfall against the target that zeroes depth")
    static let barPathFree = Parameter.number(
      "scoring.form.bar_path_free_m", 0.05, in: 0...2, unit: "m",
      "horizontal bar travel that costs nothing")
    static let barPathTolerance = Parameter.number(
      "scoring.form.bar_path_tolerance_m", 0.2, in: 0.001...2, unit: "m",
      "horizontal bar travel that zeroes bar path")
    static let trunkLeanTolerance = Parameter.number(
      "scoring.form.trunk_lean_tolerance_deg", 15, in: 1...180, unit: "°",
      "extra lean over rep 1 that zeroes trunk")
    static let symmetryTolerance = Parameter.number(
      "scoring.form.symmetry_tolerance_pct", 20, in: 1...100, unit: "%",
      "left/right ROM asymmetry (Robinson index) that zeroes symmetry")
    static let consistencyTolerance = Parameter.number(
      "scoring.form.consistency_tolerance_deg", 15, in: 1...180, unit: "°",
      "ROM deviation from the set's median that zeroes consistency")
    static let feedbackBelowParameter = Parameter.number(
      "scoring.form.feedback_below", 70, in: 0...100,
      "a component below this on any rep gets written feedback (0-100)")
    static let targetRom = ParameterFamily.numbers(
      "scoring.form.target_rom_deg", per: "movement pattern", in: 10...180, unit: "°",
      "primary-joint interior-angle range of a full rep",
      [
        ("squat", 100, "knee, to just below parallel"), ("lunge", 90, "front knee"),
        ("hinge", 90, "hip"), ("horizontal_press", 90, "elbow, bar to chest"),
        ("vertical_press", 95, "elbow, collarbones to lockout"),
        ("curl", 110, "elbow, straight to fully flexed"), ("row", 80, "elbow"),
        ("push_up", 90, "elbow"), ("pulldown", 90, "elbow"), ("arm_extension", 90, "elbow"),
      ])

    /// The parameters the form score reads, as the pipeline file lists them.
    package static let declared: [ParameterDeclaration] =
      [.section("scoring.form", "form score: weighted components, each 0-100 (our own design)")]
      + weightParameters.map { .one($0.1) }
      + [
        depthTolerance, barPathFree, barPathTolerance, trunkLeanTolerance, symmetryTolerance,
        consistencyTolerance, feedbackBelowParameter,
      ].map { .one($0) } + [.family(targetRom)]

    package init(_ p: ParameterSet) throws {
      var weights: [Component: Double] = [:]
      for (component, parameter) in Self.weightParameters {
        weights[component] = try p.number(parameter)
      }
      self.weights = weights
      depthToleranceDegrees = try p.number(Self.depthTolerance)
      barPathFreeMeters = try p.number(Self.barPathFree)
      barPathToleranceMeters = try p.number(Self.barPathTolerance)
      trunkLeanToleranceDegrees = try p.number(Self.trunkLeanTolerance)
      symmetryTolerancePercent = try p.number(Self.symmetryTolerance)
      consistencyToleranceDegrees = try p.number(Self.consistencyTolerance)
      feedbackBelow = try p.number(Self.feedbackBelowParameter)
      var targets: [MovementPattern: Double] = [:]
      for pattern in MovementPattern.allCases {
        targets[pattern] = try p.number(Self.targetRom[pattern.snakeCaseName])
      }
      targetRomDegrees = targets
    }
  }

  /// A set's form: per-rep scores, the set average of each component, and feedback.
  package struct SetForm: Sendable, Equatable {
    package var repScores: [Double]
    package var components: [Component: Double]
    package var feedback: [String]
  }

  package let settings: Settings

  package init(settings: Settings) { self.settings = settings }

  /// Scores each rep of a measured set seen from `view` (sagittal, frontal or unknown).
  package func score(_ set: SetFeatures, exercise: ExerciseDefinition, view: String?) -> SetForm {
    guard !set.reps.isEmpty else { return SetForm(repScores: [], components: [:], feedback: []) }
    let side = view == nil || view == "sagittal"
    let front = view == "frontal"
    let target = set.targetTempo ?? exercise.defaultTempo
    let targetRom = settings.targetRomDegrees[exercise.pattern] ?? 90
    let roms = set.reps.compactMap(\.romDegrees)
    let medianRom = roms.isEmpty ? nil : Self.median(roms)
    let firstLean = set.reps[0].maxTrunkLeanDegrees
    var perRep: [[Component: Double]] = []
    for rep in set.reps {
      var c: [Component: Double] = [:]
      // Depth and consistency are judged on the joint angle: only where a camera saw it.
      if side, let rom = rep.romDegrees {
        c[.depth] = Self.falloff(targetRom - rom, settings.depthToleranceDegrees)
        if let lean = rep.maxTrunkLeanDegrees, let firstLean {
          c[.trunk] = Self.falloff(lean - firstLean, settings.trunkLeanToleranceDegrees)
        }
      }
      if set.phasesMeasured { c[.tempo] = Self.tempoScore(rep, target: target) }
      if let drift = rep.barPathDeviationMeters {
        c[.barPath] = Self.falloff(
          drift - settings.barPathFreeMeters,
          settings.barPathToleranceMeters - settings.barPathFreeMeters)
      }
      if front, let asymmetry = Self.asymmetryPercent(rep) {
        c[.symmetry] = Self.falloff(asymmetry, settings.symmetryTolerancePercent)
      }
      if set.reps.count >= 3, let rom = rep.romDegrees, let medianRom {
        c[.consistency] = Self.falloff(abs(rom - medianRom), settings.consistencyToleranceDegrees)
      }
      perRep.append(c)
    }
    let repScores = perRep.map { components -> Double in
      var total = 0.0
      var weights = 0.0
      for (component, value) in components {
        let weight = settings.weights[component] ?? 0
        total += weight * value
        weights += weight
      }
      return weights > 0 ? (total / weights * 10).rounded() / 10 : 100
    }
    var averages: [Component: Double] = [:]
    for component in Component.allCases {
      let values = perRep.compactMap { $0[component] }
      if !values.isEmpty { averages[component] = values.reduce(0, +) / Double(values.count) }
    }
    let feedback = FormFeedback(
      settings: settings, exercise: exercise, target: target, targetRom: targetRom,
      medianRom: medianRom
    ).write(set: set, perRep: perRep, averages: averages)
    return SetForm(repScores: repScores, components: averages, feedback: feedback)
  }

  /// 100 at or below zero excess, falling linearly to 0 at `tolerance`.
  static func falloff(_ excess: Double, _ tolerance: Double) -> Double {
    guard tolerance > 0 else { return excess > 0 ? 0 : 100 }
    return 100 * max(0, min(1, 1 - max(0, excess) / tolerance))
  }

  /// Eccentric slower than or as slow as the target scores 100, then in proportion; where the
  /// target has a pause, the pause counts for a third in the same way. A fast concentric is
  /// intent, never a fault.
  static func tempoScore(_ rep: RepFeatures, target: Tempo) -> Double {
    let eccentric =
      target.eccentricSeconds > 0 ? min(1, rep.eccentricSeconds / target.eccentricSeconds) : 1
    guard target.pauseSeconds > 0 else { return 100 * eccentric }
    let pause = min(1, rep.pauseSeconds / target.pauseSeconds)
    return 100 * (2 * eccentric + pause) / 3
  }

  /// Robinson's symmetry index |R − L| / mean(R, L) × 100 of the rep's ROM on each side.
  static func asymmetryPercent(_ rep: RepFeatures) -> Double? {
    guard let left = rep.leftRomDegrees, let right = rep.rightRomDegrees, left + right > 0 else {
      return nil
    }
    return abs(right - left) / (0.5 * (right + left)) * 100
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
}

extension MovementPattern {
  /// The pattern's name as pipeline files spell keys: horizontal_press.
  package var snakeCaseName: String {
    rawValue.reduce(into: "") { name, character in
      if character.isUppercase {
        name += "_" + character.lowercased()
      } else {
        name.append(character)
      }
    }
  }
}
