/// The downhill simplex method of Nelder and Mead (standard coefficients: reflection 1,
/// expansion 2, contraction ½, shrink ½), for small smooth problems without derivatives.
enum NelderMead {
  /// The point minimizing `f`, searched from `start` with an initial simplex of `step` along
  /// each axis, until every vertex lies within `tolerance` of the best on every axis (or after
  /// 200 iterations per dimension). `f` reads a point's coordinates from a buffer it must not
  /// keep.
  ///
  /// A fit calls this for every rep with a cheap `f`, so the bookkeeping allocates nothing per
  /// iteration and touches no reference count: the vertices live in one flat buffer, kept in
  /// order by a stable insertion sort of their indices, and trial points are written into
  /// spare rows that trade places with the vertex they replace.
  static func minimize(
    _ f: (UnsafeBufferPointer<Double>) -> Double, from start: [Double], step: Double,
    tolerance: Double
  ) -> [Double] {
    let n = start.count
    // Rows 0...n are the vertices (through `order`), rows n + 1 and n + 2 the trial points.
    var storage = [Double](repeating: 0, count: (n + 3) * n)
    return storage.withUnsafeMutableBufferPointer { rows in
      func row(_ r: Int) -> UnsafeMutableBufferPointer<Double> {
        UnsafeMutableBufferPointer(rebasing: rows[(r * n)..<(r * n + n)])
      }
      func value(_ r: Int) -> Double { f(UnsafeBufferPointer(row(r))) }
      for r in 0...n {
        for i in 0..<n { rows[r * n + i] = r == i + 1 ? start[i] + step : start[i] }
      }
      var order = Array(0...n)
      var values = (0...n).map(value)
      var trial = n + 1
      var other = n + 2
      var centroid = [Double](repeating: 0, count: n)
      for _ in 0..<(200 * n) {
        for k in 1...n {
          var j = k
          while j > 0, values[j] < values[j - 1] {
            values.swapAt(j, j - 1)
            order.swapAt(j, j - 1)
            j -= 1
          }
        }
        if isConverged(rows, order: order, tolerance: tolerance) { break }
        for i in 0..<n { centroid[i] = 0 }
        for k in 0..<n {
          for i in 0..<n { centroid[i] += rows[order[k] * n + i] / Double(n) }
        }
        let worst = order[n]
        func toward(_ k: Double, into point: Int) {
          for i in 0..<n {
            rows[point * n + i] = centroid[i] + k * (rows[worst * n + i] - centroid[i])
          }
        }
        toward(-1, into: trial)
        let reflectedValue = value(trial)
        if reflectedValue < values[0] {
          toward(-2, into: other)
          let expandedValue = value(other)
          if expandedValue < reflectedValue {
            (order[n], other) = (other, worst)
            values[n] = expandedValue
          } else {
            (order[n], trial) = (trial, worst)
            values[n] = reflectedValue
          }
        } else if reflectedValue < values[n - 1] {
          (order[n], trial) = (trial, worst)
          values[n] = reflectedValue
        } else {
          toward(reflectedValue < values[n] ? -0.5 : 0.5, into: other)
          let contractedValue = value(other)
          if contractedValue < min(reflectedValue, values[n]) {
            (order[n], other) = (other, worst)
            values[n] = contractedValue
          } else {
            let best = order[0]
            for k in 1...n {
              let vertex = order[k]
              for i in 0..<n {
                rows[vertex * n + i] =
                  rows[best * n + i] + 0.5 * (rows[vertex * n + i] - rows[best * n + i])
              }
              values[k] = value(vertex)
            }
          }
        }
      }
      let best = order[values.indices.min { values[$0] < values[$1] }!]
      return Array(row(best))
    }
  }

  /// Every vertex within `tolerance` of the first on every axis.
  private static func isConverged(
    _ rows: UnsafeMutableBufferPointer<Double>, order: [Int], tolerance: Double
  ) -> Bool {
    let n = order.count - 1
    let first = order[0] * n
    for vertex in order.dropFirst() {
      for i in 0..<n where abs(rows[vertex * n + i] - rows[first + i]) > tolerance {
        return false
      }
    }
    return true
  }
}
