import AuraDomain
import AuraFeatures
import Foundation

/// Form score 0-100 of a rep from named components (ROM consistency against the set's best rep,
/// tempo against the target, bar-path drift), each mapped to 0-100 and weighted. Our own design
/// (SCIENCE.md §7.2: no published 0-100 standard exists); weights live in the pipeline file.
public struct FormScorer: Sendable {
  public struct Settings: Sendable, Equatable {
    public var romWeight: Double
    public var tempoWeight: Double
    public var barPathWeight: Double
    /// ROM shortfall against the set's deepest rep that costs the whole ROM component, degrees.
    public var romToleranceDegrees: Double
    /// Horizontal bar travel that costs the whole bar-path component, metres.
    public var barPathToleranceMeters: Double

    public static let parameterKeys = [
      "scoring.form.rom_weight", "scoring.form.tempo_weight", "scoring.form.bar_path_weight",
      "scoring.form.rom_tolerance_deg", "scoring.form.bar_path_tolerance_m",
    ]

    public init(_ p: ParameterSet) throws {
      romWeight = try p.number("scoring.form.rom_weight")
      tempoWeight = try p.number("scoring.form.tempo_weight")
      barPathWeight = try p.number("scoring.form.bar_path_weight")
      romToleranceDegrees = try p.number("scoring.form.rom_tolerance_deg")
      barPathToleranceMeters = try p.number("scoring.form.bar_path_tolerance_m")
    }
  }

  public let settings: Settings

  public init(settings: Settings) { self.settings = settings }

  /// Scores each rep of a measured set and writes feedback for the weakest component.
  public func score(_ set: SetFeatures, exercise: ExerciseDefinition) -> (
    reps: [Double], feedback: [String]
  ) {
    guard !set.reps.isEmpty else { return ([], []) }
    let deepest = set.reps.map(\.romDegrees).max() ?? 0
    let target = set.targetTempo ?? exercise.defaultTempo
    var shortReps: [Int] = []
    var fastReps: [Int] = []
    var scores: [Double] = []
    for rep in set.reps {
      let romShortfall = deepest - rep.romDegrees
      let rom = 100 * max(0, 1 - romShortfall / settings.romToleranceDegrees)
      let eccentricRatio =
        target.eccentricSeconds > 0 ? min(1, rep.eccentricSeconds / target.eccentricSeconds) : 1
      let tempo = 100 * eccentricRatio
      let drift = rep.barPathDeviationMeters ?? 0
      let barPath = 100 * max(0, 1 - drift / settings.barPathToleranceMeters)
      let total = settings.romWeight + settings.tempoWeight + settings.barPathWeight
      let score =
        (settings.romWeight * rom + settings.tempoWeight * tempo + settings.barPathWeight * barPath)
        / total
      scores.append((score * 10).rounded() / 10)
      if rom < 70 { shortReps.append(rep.repNumber) }
      if tempo < 70 { fastReps.append(rep.repNumber) }
    }
    var feedback: [String] = []
    if !shortReps.isEmpty {
      feedback.append(
        "range of motion short of your deepest rep on rep\(shortReps.count > 1 ? "s" : "") \(Self.list(shortReps)): match the depth of your best rep"
      )
    }
    if !fastReps.isEmpty {
      feedback.append(
        "eccentric faster than the \(Self.format(target.eccentricSeconds)) s target on rep\(fastReps.count > 1 ? "s" : "") \(Self.list(fastReps)): control the descent"
      )
    }
    return (scores, feedback)
  }

  static func list(_ numbers: [Int]) -> String { numbers.map(String.init).joined(separator: ", ") }
  static func format(_ value: Double) -> String { String(format: "%g", value) }
}
