/// The least-squares line y = intercept + slope · x through paired samples, with the centred
/// sums it comes from (for a correlation or a coefficient of determination).
package struct LeastSquaresLine: Sendable, Equatable {
  package let intercept: Double
  package let slope: Double
  /// Σ(x − x̄)², Σ(y − ȳ)² and Σ(x − x̄)(y − ȳ).
  package let sxx: Double
  package let syy: Double
  package let sxy: Double

  /// The line through `x` and `y` (as many of each); nil without samples or where x does not
  /// vary.
  package init?(x: [Double], y: [Double]) {
    let n = Double(x.count)
    guard n > 0 else { return nil }
    let meanX = x.reduce(0, +) / n
    let meanY = y.reduce(0, +) / n
    var (sxx, syy, sxy) = (0.0, 0.0, 0.0)
    for (xi, yi) in zip(x, y) {
      sxx += (xi - meanX) * (xi - meanX)
      syy += (yi - meanY) * (yi - meanY)
      sxy += (xi - meanX) * (yi - meanY)
    }
    guard sxx > 0 else { return nil }
    (self.sxx, self.syy, self.sxy) = (sxx, syy, sxy)
    slope = sxy / sxx
    intercept = meanY - slope * meanX
  }

  /// The squared correlation of x and y (the line's coefficient of determination); 0 where y
  /// does not vary.
  package var rSquared: Double { syy > 0 ? sxy * sxy / (sxx * syy) : 0 }
}
