import AuraDomain
import AuraFeatures
import Foundation

/// Written feedback for a set's weakest form components, as SmartWeights promises it: what was
/// measured, on which reps, and one concrete thing to do ("depth 12° short of the 100° target on
/// reps 4-5: sit lower, until the hip crease passes the top of the knee").
struct FormFeedback {
  let settings: FormScorer.Settings
  let exercise: ExerciseDefinition
  let target: Tempo
  let targetRom: Double
  /// The set's median ROM; nil where no camera measured one.
  let medianRom: Double?

  /// At most `limit` lines for the components where some rep fell below the feedback
  /// threshold, the one that cost the most points (weight × shortfall of its set average) first.
  func write(
    set: SetFeatures, perRep: [[FormScorer.Component: Double]],
    averages: [FormScorer.Component: Double], limit: Int = 2
  ) -> [String] {
    let flagged = averages.keys.compactMap { component -> (FormScorer.Component, [RepFeatures])? in
      let reps = zip(set.reps, perRep).filter {
        ($0.1[component] ?? 100) < settings.feedbackBelow
      }.map(\.0)
      return reps.isEmpty ? nil : (component, reps)
    }
    func cost(_ component: FormScorer.Component) -> Double {
      (settings.weights[component] ?? 0) * (100 - (averages[component] ?? 100))
    }
    return
      flagged
      .sorted { (-cost($0.0), $0.0.rawValue) < (-cost($1.0), $1.0.rawValue) }
      .prefix(limit)
      .map { line($0.0, reps: $0.1, first: set.reps[0]) }
  }

  private func line(_ component: FormScorer.Component, reps: [RepFeatures], first: RepFeatures)
    -> String
  {
    let on = "on " + Self.repList(reps.map(\.repNumber))
    switch component {
    case .depth:
      let shortfall = reps.compactMap { $0.romDegrees.map { targetRom - $0 } }.max() ?? 0
      return
        "depth \(Self.degrees(shortfall)) short of the \(Self.degrees(targetRom)) target \(on): \(depthCue)"
    case .tempo:
      let fastest = reps.map(\.eccentricSeconds).min() ?? 0
      if target.pauseSeconds > 0, reps.allSatisfy({ $0.pauseSeconds < target.pauseSeconds / 2 }) {
        return
          "no \(Self.seconds(target.pauseSeconds)) pause at the turning point \(on): hold it before reversing"
      }
      return
        "eccentric as fast as \(Self.seconds(fastest)) against the \(Self.seconds(target.eccentricSeconds)) target \(on): count the lowering phase and control it"
    case .barPath:
      let drift = reps.compactMap(\.barPathDeviationMeters).max() ?? 0
      return
        "bar drifted \(Int((drift * 100).rounded())) cm horizontally \(on): \(barPathCue)"
    case .trunk:
      let extra =
        reps.compactMap { rep in
          rep.maxTrunkLeanDegrees.flatMap { lean in first.maxTrunkLeanDegrees.map { lean - $0 } }
        }.max() ?? 0
      return
        "trunk leaned \(Self.degrees(extra)) further forward than on rep 1 \(on): brace before each rep and keep the chest up"
    case .symmetry:
      return
        "left and right sides moved through different ranges \(on): slow down and match both sides, lighter if needed"
    case .consistency:
      let spread =
        reps.compactMap { rep in
          medianRom.flatMap { median in rep.romDegrees.map { abs($0 - median) } }
        }.max() ?? 0
      return
        "range varied up to \(Self.degrees(spread)) from your typical rep \(on): pick one depth and hit it every rep"
    }
  }

  private var depthCue: String {
    switch exercise.pattern {
    case .squat: return "sit lower, until the hip crease passes the top of the knee"
    case .lunge: return "lower until the back knee nearly touches the floor"
    case .hinge: return "push the hips further back with a flat back before standing up"
    case .horizontalPress: return "lower the bar all the way to the chest"
    case .verticalPress: return "lower the bar to the collarbones and lock out overhead"
    case .curl: return "straighten the arm fully at the bottom and curl all the way up"
    case .row, .pulldown: return "pull until the bar touches the body, then let the arms straighten"
    case .pushUp: return "lower the chest to a fist's height above the floor"
    case .armExtension: return "let the elbow bend fully before each extension"
    }
  }

  private var barPathCue: String {
    switch exercise.pattern {
    case .squat, .hinge, .lunge: return "keep the bar over mid-foot"
    case .horizontalPress, .pushUp: return "lower to the same spot on the chest every rep"
    default: return "keep the load moving in a straight line"
    }
  }

  /// "4-5", "2, 4, 6-8": consecutive reps as ranges.
  static func repList(_ numbers: [Int]) -> String {
    var parts: [String] = []
    var index = 0
    while index < numbers.count {
      var end = index
      while end + 1 < numbers.count, numbers[end + 1] == numbers[end] + 1 { end += 1 }
      parts.append(end > index ? "\(numbers[index])-\(numbers[end])" : "\(numbers[index])")
      index = end + 1
    }
    return (numbers.count > 1 ? "reps " : "rep ") + parts.joined(separator: ", ")
  }

  static func degrees(_ value: Double) -> String { "\(Int(value.rounded()))°" }
  static func seconds(_ value: Double) -> String {
    String(format: "%g s", (value * 10).rounded() / 10)
  }
}
