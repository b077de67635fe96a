import AuraDomain
import Foundation

/// The load's height over one concentric phase as pose sees it, modelled smooth: the phase's
/// fitted motion law gives the share u of the primary angle's travel at every instant, and
/// the height is a cubic in u, fitted by least squares to the unfiltered bar track over the
/// phase and a margin either side (the samples the caller gives). A cubic bends as a lever does (a press's height
/// goes with the cosine of the elbow's swing, flat at lockout); a quadratic read the moving
/// mean velocity 6 % low on presses.
///
/// Differentiating the keypoints is too noisy to find where the bar crosses 0.05 m/s (the
/// moving stretch, `MovingVelocity`): filtered at 6 Hz, the moving mean velocity erred by
/// 0.028 m/s at low noise and 0.049 at high on the generated evaluation sets, and at the
/// pipeline's 3 Hz the filter's widening read it 0.036 m/s low. The model's velocity gives
/// 0.014 and 0.022 m/s.
struct ConcentricHeightModel {
  let phase: ClosedRange<Double>
  let law: MotionLaw
  /// Height (m) = c₀ + c₁u + c₂u² + c₃u³.
  let coefficients: [Double]

  /// The model of `height` (sampled at `times`) over `phase` with `law`, fitted to the
  /// `samples` around the phase; nil with fewer than eight finite samples or a singular fit.
  init?(
    height: [Double], times: [Double], samples: ClosedRange<Int>, phase: ClosedRange<Double>,
    law: MotionLaw
  ) {
    let duration = phase.upperBound - phase.lowerBound
    guard duration > 0 else { return nil }
    var shares: [Double] = []
    var heights: [Double] = []
    for index in samples where height[index].isFinite {
      shares.append(law((times[index] - phase.lowerBound) / duration))
      heights.append(height[index])
    }
    guard shares.count >= 8,
      let coefficients = Self.polynomial(degree: 3, x: shares, y: heights)
    else { return nil }
    self.phase = phase
    self.law = law
    self.coefficients = coefficients
  }

  /// The model's velocity every 0.05 % of the phase (the law's rate by central differences on
  /// the same grid): its mean over the moving stretch and its peak; nil where it never rises
  /// at the threshold.
  var velocity: BarVelocity? {
    let steps = 2000
    let start = phase.lowerBound
    let duration = phase.upperBound - start
    let dx = 1 / Double(steps)
    let times = (0...steps).map { start + duration * Double($0) * dx }
    let shares = (0...steps).map { law(Double($0) * dx) }
    let velocity = (0...steps).map { k -> Double in
      let (low, high) = (max(0, k - 1), min(steps, k + 1))
      let rate = (shares[high] - shares[low]) / (Double(high - low) * dx) / duration
      return slope(at: shares[k]) * rate
    }
    guard let moving = MovingVelocity.stretch(velocity: velocity, times: times, window: 0...steps)
    else { return nil }
    return BarVelocity(mean: moving.mean, peak: velocity.max() ?? moving.mean)
  }

  /// d(height)/du at `u`.
  private func slope(at u: Double) -> Double {
    coefficients[1] + u * (2 * coefficients[2] + u * 3 * coefficients[3])
  }

  /// Least-squares polynomial coefficients (constant first), by Gaussian elimination with
  /// partial pivoting on the normal equations; nil when they are singular.
  static func polynomial(degree: Int, x: [Double], y: [Double]) -> [Double]? {
    let n = degree + 1
    // The augmented normal equations [XᵀX | Xᵀy].
    var m = [[Double]](repeating: [Double](repeating: 0, count: n + 1), count: n)
    for (xk, yk) in zip(x, y) {
      var powers = [Double](repeating: 1, count: n)
      for j in 1..<n { powers[j] = powers[j - 1] * xk }
      for a in 0..<n {
        m[a][n] += powers[a] * yk
        for b in 0..<n { m[a][b] += powers[a] * powers[b] }
      }
    }
    for column in 0..<n {
      let pivot = (column..<n).max { abs(m[$0][column]) < abs(m[$1][column]) }!
      m.swapAt(column, pivot)
      guard abs(m[column][column]) > 1e-12 else { return nil }
      for row in 0..<n where row != column {
        let factor = m[row][column] / m[column][column]
        for k in column...n { m[row][k] -= factor * m[column][k] }
      }
    }
    return (0..<n).map { m[$0][n] / m[$0][$0] }
  }
}
