import Foundation

/// How a load's height follows the joint that moves it. A segment of length L turning about a
/// joint from angle α to β (from the vertical) lifts its end by L (cos α − cos β): the height
/// changes fastest where the segment is horizontal and hardly at all where it is vertical, as
/// at a lockout. So where a joint's rotation follows a `MotionLaw`, the load's height follows
/// the law bent by this map, and a phase timed on the height with the law alone ends where
/// the height looks still, not where the joint stops.
///
/// A lift turns several joints at once, each with its own lever; one lever with fitted end
/// angles is the first-order model of their sum (an arm, a trunk or a thigh each contribute a
/// cosine).
struct LeverGeometry: Sendable, Equatable {
  /// The segment's angle from the vertical at the phase's start and end, radians in [0, π].
  let start: Double
  let end: Double
  /// Their cosines, computed once: a fit bends every sample of a phase for every lever.
  private let cosStart: Double
  private let cosEnd: Double

  /// The lever turning from `startDegrees` to `endDegrees` (from the vertical).
  init(startDegrees: Double, endDegrees: Double) {
    self.init(radians: startDegrees * .pi / 180, endDegrees * .pi / 180)
  }

  /// The same lever turning back.
  var reversed: LeverGeometry { LeverGeometry(radians: end, start) }

  private init(radians start: Double, _ end: Double) {
    self.start = start
    self.end = end
    cosStart = cos(start)
    cosEnd = cos(end)
  }

  /// The share of the rotation done when the height has covered `travel` (a share in [0, 1]):
  /// the inverse of (cos start − cos θ) / (cos start − cos end).
  func rotationShare(atTravel travel: Double) -> Double {
    let cosine = cosStart - min(max(travel, 0), 1) * (cosStart - cosEnd)
    return (acos(min(max(cosine, -1), 1)) - start) / (end - start)
  }

  /// The lever with each end turned by `step` degrees (or not) either way, within [0°, 180°]
  /// and shown by the mirror whose angles sum to at most 180°, without `self`.
  func neighbours(stepDegrees step: Double) -> [LeverGeometry] {
    let (a, b) = (start * 180 / .pi, end * 180 / .pi)
    var found: [LeverGeometry] = []
    for da in [-step, 0, step] {
      for db in [-step, 0, step] where da != 0 || db != 0 {
        let (na, nb) = (a + da, b + db)
        guard (0...180).contains(na), (0...180).contains(nb), abs(na - nb) > 1e-9 else { continue }
        let lever =
          na + nb <= 180
          ? LeverGeometry(startDegrees: na, endDegrees: nb)
          : LeverGeometry(startDegrees: 180 - na, endDegrees: 180 - nb)
        if !found.contains(lever) { found.append(lever) }
      }
    }
    return found
  }

  /// Levers whose ends lie on a grid of `stepDegrees` over [0°, 180°], each turning at least one
  /// step. A lever and its mirror (α → 180° − α) bend the height alike, so only levers whose
  /// angles sum to at most 180° are listed.
  static func grid(stepDegrees: Double) -> [LeverGeometry] {
    let angles = stride(from: 0.0, through: 180, by: stepDegrees)
    return angles.flatMap { start in
      angles.compactMap { end in
        start != end && start + end <= 180
          ? LeverGeometry(startDegrees: start, endDegrees: end) : nil
      }
    }
  }

  /// The first pass of `fitting`: every lever on a 15° grid.
  private static let coarseGrid = grid(stepDegrees: 15)

  /// The lever (as the load rises; a falling phase is fitted with it turned back) whose fits
  /// of `phases` leave the smallest summed residual, each phase's law free among the human
  /// ones; nil for a straight one. Searched coarse to fine: no lever and a 15° grid, then the
  /// best one's neighbours at 7.5°, each phase thinned to 60 samples and fitted with every
  /// other law (0.1 apart), which times phases as well as every law at half the cost; a
  /// coarser grid or fewer samples time them worse.
  ///
  /// One athlete's geometry is the same from rep to rep, so a set's phases share their lever.
  /// Fitted phase by phase instead, noise trades the lever against the law and the duration,
  /// and velocity loss, a ratio of two reps, takes the error of both.
  static func fitting(_ phases: [(samples: PhaseBoundary.Samples?, rising: Bool)])
    -> LeverGeometry?
  {
    let thinned = phases.compactMap { phase in
      phase.samples.map { (samples: $0.thinned(to: 60), rising: phase.rising) }
    }
    func residual(_ lever: LeverGeometry?) -> Double {
      thinned.reduce(0) { sum, phase in
        let bend = phase.rising ? lever : lever?.reversed
        return sum
          + (PhaseBoundary.fit(
            phase.samples, smoothest: MotionLaw.human, lever: bend, lawStride: 2)?.residual
            ?? 0)
      }
    }
    var best: (lever: LeverGeometry?, residual: Double) = (nil, residual(nil))
    func consider(_ candidates: [LeverGeometry]) {
      for lever in candidates {
        let r = residual(lever)
        if r < best.residual { best = (lever, r) }
      }
    }
    consider(coarseGrid)
    if let lever = best.lever { consider(lever.neighbours(stepDegrees: 7.5)) }
    return best.lever
  }
}
