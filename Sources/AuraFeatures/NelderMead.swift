/// The downhill simplex method of Nelder and Mead (standard coefficients: reflection 1,
/// expansion 2, contraction ½, shrink ½), for small smooth problems without derivatives.
enum NelderMead {
  /// The point minimizing `f`, searched from `start` with an initial simplex of `step` along
  /// each axis, until every vertex lies within `tolerance` of the best on every axis (or after
  /// 200 iterations per dimension).
  static func minimize(
    _ f: ([Double]) -> Double, from start: [Double], step: Double, tolerance: Double
  ) -> [Double] {
    let n = start.count
    var simplex = [start]
    for i in 0..<n {
      var point = start
      point[i] += step
      simplex.append(point)
    }
    var values = simplex.map(f)
    for _ in 0..<(200 * n) {
      let order = values.indices.sorted { values[$0] < values[$1] }
      simplex = order.map { simplex[$0] }
      values = order.map { values[$0] }
      let spread = simplex.dropFirst().map { point in
        zip(point, simplex[0]).map { abs($0 - $1) }.max()!
      }.max()!
      if spread <= tolerance { break }
      var centroid = [Double](repeating: 0, count: n)
      for point in simplex.dropLast() {
        for i in 0..<n { centroid[i] += point[i] / Double(n) }
      }
      func toward(_ k: Double) -> [Double] {
        (0..<n).map { centroid[$0] + k * (simplex[n][$0] - centroid[$0]) }
      }
      let reflected = toward(-1)
      let reflectedValue = f(reflected)
      if reflectedValue < values[0] {
        let expanded = toward(-2)
        let expandedValue = f(expanded)
        (simplex[n], values[n]) =
          expandedValue < reflectedValue
          ? (expanded, expandedValue) : (reflected, reflectedValue)
      } else if reflectedValue < values[n - 1] {
        (simplex[n], values[n]) = (reflected, reflectedValue)
      } else {
        let contracted = reflectedValue < values[n] ? toward(-0.5) : toward(0.5)
        let contractedValue = f(contracted)
        if contractedValue < min(reflectedValue, values[n]) {
          (simplex[n], values[n]) = (contracted, contractedValue)
        } else {
          for k in 1...n {
            simplex[k] = (0..<n).map { simplex[0][$0] + 0.5 * (simplex[k][$0] - simplex[0][$0]) }
            values[k] = f(simplex[k])
          }
        }
      }
    }
    return simplex[values.indices.min { values[$0] < values[$1] }!]
  }
}
