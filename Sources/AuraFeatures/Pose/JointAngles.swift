import AuraDomain
import Foundation

/// Joint-angle conventions, the same for 2-D and 3-D sources.
///
/// - knee, hip, elbow and shoulder are **interior** angles at the joint, in [0°, 180°]
///   (180° = straight): θ = atan2(|BA × BC|, BA · BC). Flexion is 180° − θ.
///   knee: hip–knee–ankle; hip: shoulder–hip–knee; elbow: shoulder–elbow–wrist;
///   shoulder: hip–shoulder–elbow.
/// - ankle (the canonical skeleton has no foot points) is the shank's inclination from
///   vertical, and trunk lean the hip→shoulder line's inclination from vertical, both signed
///   (+ towards the athlete's front) and unwrapped over time.
/// Interior angles use |cross|, so they do not depend on which way the athlete faces; signed
/// angles are measured after the pose is turned to face +x, so they do not either.
package enum JointAngles {
  /// The angles computed for each side.
  package enum Angle: String, CaseIterable, Sendable {
    case knee, hip, ankle, elbow, shoulder
    case trunkLean = "trunk_lean"
  }

  /// Interior angle at `vertex` between the rays to `a` and `c`, degrees in [0, 180].
  package static func interior(
    a: (Double, Double, Double), vertex: (Double, Double, Double), c: (Double, Double, Double)
  ) -> Double {
    let ba = (a.0 - vertex.0, a.1 - vertex.1, a.2 - vertex.2)
    let bc = (c.0 - vertex.0, c.1 - vertex.1, c.2 - vertex.2)
    let cross = (
      ba.1 * bc.2 - ba.2 * bc.1, ba.2 * bc.0 - ba.0 * bc.2, ba.0 * bc.1 - ba.1 * bc.0
    )
    let sine = (cross.0 * cross.0 + cross.1 * cross.1 + cross.2 * cross.2).squareRoot()
    return atan2(sine, ba.0 * bc.0 + ba.1 * bc.1 + ba.2 * bc.2) * 180 / .pi
  }

  /// Inclination of the segment from `lower` to `upper` from vertical, degrees, positive when
  /// `upper` is ahead (+x) of `lower`; lateral offset (z) counts towards the magnitude.
  package static func inclination(lower: (Double, Double, Double), upper: (Double, Double, Double))
    -> Double
  {
    let forward = upper.0 - lower.0
    let lateral = upper.2 - lower.2
    let horizontal = (forward * forward + lateral * lateral).squareRoot()
    return atan2(forward < 0 ? -horizontal : horizontal, upper.1 - lower.1) * 180 / .pi
  }

  /// Signed angle from the ray to `a` to the ray to `c` about `vertex` in the image (x, y)
  /// plane, degrees in (−180, 180]. Unlike the interior angle it does not fold back at a
  /// straight joint, so with `unwrap` it stays smooth through lockout; it times phases.
  package static func signedPlanar(
    a: (Double, Double), vertex: (Double, Double), c: (Double, Double)
  )
    -> Double
  {
    let ba = (a.0 - vertex.0, a.1 - vertex.1)
    let bc = (c.0 - vertex.0, c.1 - vertex.1)
    return atan2(ba.0 * bc.1 - ba.1 * bc.0, ba.0 * bc.0 + ba.1 * bc.1) * 180 / .pi
  }

  /// Removes 360° jumps so a signed angle is continuous over time (NaN left as is).
  package static func unwrap(_ degrees: [Double]) -> [Double] {
    var out = degrees
    var offset = 0.0
    var previous: Double? = nil
    for i in out.indices where out[i].isFinite {
      var value = degrees[i] + offset
      if let last = previous {
        while value - last > 180 {
          value -= 360
          offset -= 360
        }
        while value - last < -180 {
          value += 360
          offset += 360
        }
      }
      out[i] = value
      previous = value
    }
    return out
  }

  /// One angle over time on one side of conditioned pose.
  static func series(_ angle: Angle, side: PoseSignals.Side, _ signals: PoseSignals) -> [Double]? {
    guard let points = signals.sides[side] else { return nil }
    func track(_ point: PoseSignals.BodyPoint) -> PoseSignals.Track? { points[point] }
    func at(_ track: PoseSignals.Track, _ i: Int) -> (Double, Double, Double) {
      (track.x[i], track.y[i], track.z?[i] ?? 0)
    }
    func interiorSeries(
      _ abc: (PoseSignals.BodyPoint, PoseSignals.BodyPoint, PoseSignals.BodyPoint)
    )
      -> [Double]?
    {
      guard let ta = track(abc.0), let tb = track(abc.1), let tc = track(abc.2) else { return nil }
      return signals.times.indices.map {
        interior(a: at(ta, $0), vertex: at(tb, $0), c: at(tc, $0))
      }
    }
    func inclinationSeries(_ lower: PoseSignals.BodyPoint, _ upper: PoseSignals.BodyPoint)
      -> [Double]?
    {
      guard let tl = track(lower), let tu = track(upper) else { return nil }
      return unwrap(signals.times.indices.map { inclination(lower: at(tl, $0), upper: at(tu, $0)) })
    }
    switch angle {
    case .knee: return interiorSeries(Self.points(.knee))
    case .hip: return interiorSeries(Self.points(.hip))
    case .elbow: return interiorSeries(Self.points(.elbow))
    case .shoulder: return interiorSeries((.hip, .shoulder, .elbow))
    case .ankle: return inclinationSeries(.ankle, .knee)
    case .trunkLean: return inclinationSeries(.hip, .shoulder)
    }
  }

  /// The primary joint's interior angle (as `series` gives it) and signed planar angle
  /// (`signedPlanar`, unwrapped: it times phases) on one side; nil when the side lacks one of
  /// its points. In 2-D the interior angle is the signed one's magnitude bit for bit (the same
  /// cross and dot products, and atan2 is odd in y), so one atan2 a sample gives both, at half
  /// the cost of two. With depth, and where the cross product's square would not be
  /// exact (|cross| outside (1e-150, 1e150), or NaN), the interior angle is computed as
  /// `interior` does.
  static func primaryPair(_ joint: PrimaryJoint, side: PoseSignals.Side, _ signals: PoseSignals)
    -> (interior: [Double], signed: [Double])?
  {
    let (a, b, c) = points(joint)
    guard let tracks = signals.sides[side], let ta = tracks[a], let tb = tracks[b],
      let tc = tracks[c]
    else { return nil }
    let planar = ta.z == nil && tb.z == nil && tc.z == nil
    var interior: [Double] = []
    interior.reserveCapacity(signals.times.count)
    let signed = signals.times.indices.map { i in
      let angle = signedPlanar(
        a: (ta.x[i], ta.y[i]), vertex: (tb.x[i], tb.y[i]), c: (tc.x[i], tc.y[i]))
      let cross =
        (ta.x[i] - tb.x[i]) * (tc.y[i] - tb.y[i]) - (ta.y[i] - tb.y[i]) * (tc.x[i] - tb.x[i])
      interior.append(
        planar && abs(cross) > 1e-150 && abs(cross) < 1e150
          ? abs(angle)
          : Self.interior(
            a: (ta.x[i], ta.y[i], ta.z?[i] ?? 0), vertex: (tb.x[i], tb.y[i], tb.z?[i] ?? 0),
            c: (tc.x[i], tc.y[i], tc.z?[i] ?? 0)))
      return angle
    }
    return (interior, unwrap(signed))
  }

  /// The points whose angle is the primary joint's: one end, the vertex, the other end.
  static func points(_ joint: PrimaryJoint) -> (
    PoseSignals.BodyPoint, PoseSignals.BodyPoint, PoseSignals.BodyPoint
  ) {
    switch joint {
    case .knee: return (.hip, .knee, .ankle)
    case .hip: return (.shoulder, .hip, .knee)
    case .elbow: return (.shoulder, .elbow, .wrist)
    }
  }

  /// The angle that measures an exercise's range of motion.
  static func primary(_ joint: PrimaryJoint) -> Angle {
    switch joint {
    case .knee: return .knee
    case .hip: return .hip
    case .elbow: return .elbow
    }
  }
}
