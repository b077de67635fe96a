/// The downhill simplex method of Nelder and Mead (standard coefficients: reflection 1,
/// expansion 2, contraction ½, shrink ½), for small smooth problems without derivatives.
enum NelderMead {
  /// The point minimizing `f`, searched from `start` with an initial simplex of `step` along
  /// each axis, until every vertex lies within `tolerance` of the best on every axis (or after
  /// 200 iterations per dimension).
  ///
  /// A fit calls this for every rep with a cheap `f`, so the bookkeeping allocates nothing per
  /// iteration: the vertices are kept in order by a stable insertion sort, and trial points are
  /// written into buffers that trade places with the vertex they replace.
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
    var centroid = [Double](repeating: 0, count: n)
    var trial = centroid
    var other = centroid
    for _ in 0..<(200 * n) {
      for k in 1...n {
        var j = k
        while j > 0, values[j] < values[j - 1] {
          values.swapAt(j, j - 1)
          simplex.swapAt(j, j - 1)
          j -= 1
        }
      }
      if isConverged(simplex, tolerance: tolerance) { break }
      for i in 0..<n { centroid[i] = 0 }
      for k in 0..<n {
        for i in 0..<n { centroid[i] += simplex[k][i] / Double(n) }
      }
      func toward(_ k: Double, into point: inout [Double]) {
        for i in 0..<n { point[i] = centroid[i] + k * (simplex[n][i] - centroid[i]) }
      }
      toward(-1, into: &trial)
      let reflectedValue = f(trial)
      if reflectedValue < values[0] {
        toward(-2, into: &other)
        let expandedValue = f(other)
        if expandedValue < reflectedValue {
          swap(&simplex[n], &other)
          values[n] = expandedValue
        } else {
          swap(&simplex[n], &trial)
          values[n] = reflectedValue
        }
      } else if reflectedValue < values[n - 1] {
        swap(&simplex[n], &trial)
        values[n] = reflectedValue
      } else {
        toward(reflectedValue < values[n] ? -0.5 : 0.5, into: &other)
        let contractedValue = f(other)
        if contractedValue < min(reflectedValue, values[n]) {
          swap(&simplex[n], &other)
          values[n] = contractedValue
        } else {
          for k in 1...n {
            for i in 0..<n { simplex[k][i] = simplex[0][i] + 0.5 * (simplex[k][i] - simplex[0][i]) }
            values[k] = f(simplex[k])
          }
        }
      }
    }
    return simplex[values.indices.min { values[$0] < values[$1] }!]
  }

  /// Every vertex within `tolerance` of the first on every axis.
  private static func isConverged(_ simplex: [[Double]], tolerance: Double) -> Bool {
    for point in simplex.dropFirst() {
      for i in point.indices where abs(point[i] - simplex[0][i]) > tolerance { return false }
    }
    return true
  }
}
