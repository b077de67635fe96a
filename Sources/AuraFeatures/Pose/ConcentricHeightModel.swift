import AuraDomain
import AuraSupport
import Foundation

/// The load's height over one concentric phase as pose sees it, modelled smooth: the phase's
/// fitted motion law gives the share u of the primary angle's travel at every instant, and
/// the height is a cubic in u, fitted by least squares to the unfiltered bar track over the
/// phase and a margin either side. A cubic bends as a lever does (a press's height goes with
/// the cosine of the elbow's swing, flat at lockout); a quadratic reads the moving mean
/// velocity low on presses.
///
/// The reps of a set are fitted together (`shared`): one exercise, one athlete and one lever
/// give every rep the same shape, and only its offset and travel are its own. Fitted one rep
/// at a time, each rep's shape would take its own share of the keypoints' noise, and velocity
/// loss, a ratio of two reps, would take both.
///
/// Differentiating the keypoints is too noisy to find where the bar crosses 0.05 m/s (the
/// moving stretch, `MovingVelocity`): a light filter leaves the noise in, and the pipeline's
/// filter widens the movement and reads the velocity low. The model's velocity has neither
/// fault (BENCHMARKS.md has the errors).
struct ConcentricHeightModel {
  let phase: ClosedRange<Double>
  let law: MotionLaw
  /// Height (m) = c₀ + c₁u + c₂u² + c₃u³.
  let coefficients: [Double]

  /// One concentric phase to model: the samples around it, the phase and its law.
  struct Rep {
    var samples: ClosedRange<Int>
    var phase: ClosedRange<Double>
    var law: MotionLaw
  }

  /// Models of a set's reps sharing one lever shape: height = aᵣ + bᵣ S(u) with
  /// S(u) = u + c₂(u² − u) + c₃(u³ − u) the same for every rep and each rep's offset aᵣ and
  /// travel bᵣ its own. Alternating least squares from a straight S: each rep's line in S, then
  /// the shared c₂ and c₃, until they settle (a single rep gets its own cubic). A rep with
  /// fewer than eight finite samples has no model.
  static func shared(height: [Double], times: [Double], reps: [Rep]) -> [ConcentricHeightModel?] {
    let data = reps.map { rep -> (u: [Double], h: [Double]) in
      let duration = rep.phase.upperBound - rep.phase.lowerBound
      guard duration > 0 else { return ([], []) }
      let kept = rep.samples.filter { height[$0].isFinite }
      return (
        kept.map { rep.law((times[$0] - rep.phase.lowerBound) / duration) }, kept.map { height[$0] }
      )
    }
    let usable = data.indices.filter { data[$0].u.count >= 8 }
    var lines = [(a: Double, b: Double)?](repeating: nil, count: reps.count)
    var c = (0.0, 0.0)
    for _ in 0..<100 {
      for r in usable {
        let shape = data[r].u.map { $0 + c.0 * ($0 * $0 - $0) + c.1 * ($0 * $0 * $0 - $0) }
        lines[r] = LeastSquaresLine(x: shape, y: data[r].h).flatMap {
          $0.sxx > 1e-12 ? ($0.intercept, $0.slope) : nil
        }
      }
      // h − a − b u = c₂ b (u² − u) + c₃ b (u³ − u): least squares for the two shared unknowns.
      var (xx, xy, yy, xz, yz) = (0.0, 0.0, 0.0, 0.0, 0.0)
      for r in usable {
        guard let (a, b) = lines[r] else { continue }
        for (u, h) in zip(data[r].u, data[r].h) {
          let (x, y, z) = (b * (u * u - u), b * (u * u * u - u), h - a - b * u)
          xx += x * x
          xy += x * y
          yy += y * y
          xz += x * z
          yz += y * z
        }
      }
      let determinant = xx * yy - xy * xy
      guard abs(determinant) > 1e-18 else { break }
      let next = ((xz * yy - xy * yz) / determinant, (xx * yz - xy * xz) / determinant)
      let settled = abs(next.0 - c.0) + abs(next.1 - c.1) < 1e-9
      c = next
      if settled { break }
    }
    return lines.indices.map { r in
      lines[r].map { a, b in
        ConcentricHeightModel(
          phase: reps[r].phase, law: reps[r].law,
          coefficients: [a, b * (1 - c.0 - c.1), b * c.0, b * c.1])
      }
    }
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
    // The law four points at a time (bit for bit the scalar law): 2001 points a rep.
    let shares = [Double](unsafeUninitializedCapacity: steps + 1) { buffer, count in
      var k = 0
      while k + 4 <= steps + 1 {
        let x = SIMD4(Double(k), Double(k + 1), Double(k + 2), Double(k + 3)) * dx
        let share = law(x)
        for lane in 0..<4 { buffer[k + lane] = share[lane] }
        k += 4
      }
      for k in k..<(steps + 1) { buffer[k] = law(Double(k) * dx) }
      count = steps + 1
    }
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
}
