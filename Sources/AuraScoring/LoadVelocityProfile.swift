import AuraDomain
import AuraSupport

/// An athlete's load–velocity profile for one exercise: the least-squares line
/// load = a + b·v through (load, fastest rep's mean concentric velocity) points, and the e1RM it
/// predicts at the lift's minimal velocity threshold (SCIENCE.md §1.3).
package struct LoadVelocityProfile: Sendable, Equatable {
  /// Load at zero velocity (LD0), kg.
  package var intercept: Double
  /// kg per m/s (negative for a real profile).
  package var slope: Double
  /// Coefficient of determination of the fit.
  package var rSquared: Double
  /// Distinct loads the fit used.
  package var loads: Int

  /// The minimum-data rule: a profile needs this many distinct loads, spanning at least this
  /// share of the heaviest load, with a falling line that fits at least this well.
  package struct Rule: Sendable, Equatable {
    package var minimumLoads: Int
    package var minimumSpan: Double
    package var minimumRSquared: Double

    package init(minimumLoads: Int, minimumSpan: Double, minimumRSquared: Double) {
      self.minimumLoads = minimumLoads
      self.minimumSpan = minimumSpan
      self.minimumRSquared = minimumRSquared
    }
  }

  /// Fits the profile to (load kg, velocity m/s) points, keeping the fastest velocity at each
  /// load (maximal intent); nil when the points break `rule`.
  package static func fit(_ points: [(loadKg: Double, velocity: Double)], rule: Rule)
    -> LoadVelocityProfile?
  {
    var fastest: [Double: Double] = [:]
    for point in points where point.loadKg > 0 && point.velocity > 0 {
      fastest[point.loadKg] = max(fastest[point.loadKg] ?? 0, point.velocity)
    }
    let loads = fastest.keys.sorted()
    guard loads.count >= max(2, rule.minimumLoads), let heaviest = loads.last,
      (heaviest - loads[0]) / heaviest >= rule.minimumSpan
    else { return nil }
    guard let line = LeastSquaresLine(x: loads.map { fastest[$0]! }, y: loads), line.syy > 0,
      line.slope < 0, line.rSquared >= rule.minimumRSquared
    else { return nil }
    return LoadVelocityProfile(
      intercept: line.intercept, slope: line.slope, rSquared: line.rSquared, loads: loads.count)
  }

  /// Load the profile predicts at `velocity`, kg. At the minimal velocity threshold this is the
  /// e1RM (SCIENCE.md V-3: 60/80/100/120 kg at 1.1304/0.9444/0.7584/0.5724 m/s, MVT 0.30 →
  /// 149.29 kg).
  package func load(atVelocity velocity: Double) -> Double { intercept + slope * velocity }

  /// Velocity the profile predicts at `loadKg`, m/s.
  package func velocity(atLoad loadKg: Double) -> Double { (loadKg - intercept) / slope }
}
