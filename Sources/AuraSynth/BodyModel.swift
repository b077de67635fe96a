import AuraDomain
import Foundation

/// A 2D point in metres (x forward, y up) in the sagittal plane.
struct Point2 {
  var x: Double
  var y: Double
  static func + (a: Point2, b: Point2) -> Point2 { Point2(x: a.x + b.x, y: a.y + b.y) }
  static func - (a: Point2, b: Point2) -> Point2 { Point2(x: a.x - b.x, y: a.y - b.y) }
  static func * (a: Point2, k: Double) -> Point2 { Point2(x: a.x * k, y: a.y * k) }
  /// Unit vector at `degrees` from the +x axis.
  static func direction(_ degrees: Double) -> Point2 {
    Point2(x: cos(degrees * .pi / 180), y: sin(degrees * .pi / 180))
  }
}

/// Interior angle ABC in degrees.
func interiorAngle(_ a: Point2, _ b: Point2, _ c: Point2) -> Double {
  let ba = a - b
  let bc = c - b
  return atan2(abs(ba.x * bc.y - ba.y * bc.x), ba.x * bc.x + ba.y * bc.y) * 180 / .pi
}

/// Segment lengths of one athlete in metres, from height with anthropometric ratios
/// (Drillis & Contini) and a per-athlete variation.
struct Segments {
  var shank: Double
  var thigh: Double
  var trunk: Double
  var upperArm: Double
  var forearm: Double
  var hand: Double
  var head: Double

  init(heightMeters h: Double, random: inout SeededRandom) {
    func vary(_ ratio: Double) -> Double { ratio * h * (1 + 0.03 * random.gaussian()) }
    shank = vary(0.246)
    thigh = vary(0.245)
    trunk = vary(0.288)
    upperArm = vary(0.186)
    forearm = vary(0.146)
    hand = 0.05 * h
    head = 0.13 * h
  }
}

/// The stick figure's joints at one instant, plus the bar (or dumbbell) position.
struct BodyPose {
  var ankle, knee, hip, shoulder, elbow, wrist, bar: Point2
  /// Head direction (unit) for placing the nose, eyes and ears.
  var headDirection: Point2
}

/// Forward kinematics of each exercise as a function of progress `p` (0 = top/extended,
/// 1 = the bottom of this rep's range), with per-athlete style parameters.
struct ExerciseKinematics {
  let pattern: MovementPattern
  let segments: Segments
  /// Joint angle at the far end of a full rep: the knee at the bottom of a squat or lunge, the
  /// elbow at the bottom of a press or push-up, at the top of a curl or row.
  let bottomAngle: Double
  /// Forward shank lean at the bottom, degrees.
  let shankLean: Double
  /// Trunk lean from vertical at the bottom of a squat, degrees.
  let trunkLean: Double

  func pose(_ p: Double) -> BodyPose {
    switch pattern {
    case .squat: squatPose(p)
    case .lunge: lungePose(p)
    case .row: rowPose(p)
    case .hinge: hingePose(p)
    case .pushUp: pushUpPose(p)
    case .horizontalPress: horizontalPressPose(p)
    case .verticalPress, .pulldown, .armExtension: overheadPose(p)
    case .curl: curlPose(p)
    }
  }

  private func squatPose(_ p: Double) -> BodyPose {
    let s = segments
    let (legs, lean, _, shoulder) = bentLegsAndTrunk(p, upright: 8)
    let trunkDirection = (shoulder - legs.hip) * (1 / s.trunk)
    let back = Point2(x: -trunkDirection.y, y: trunkDirection.x)  // towards the athlete's back
    let bar = shoulder + back * 0.05 - trunkDirection * 0.03
    let elbow = shoulder + Point2.direction(-110 + lean) * s.upperArm
    let wrist = elbow + Point2.direction(80 + lean) * (s.forearm * 0.8)
    return BodyPose(
      ankle: legs.ankle, knee: legs.knee, hip: legs.hip, shoulder: shoulder, elbow: elbow,
      wrist: wrist,
      bar: bar, headDirection: trunkDirection)
  }

  /// The front leg, seen from the side, bends as in a squat with the trunk kept upright;
  /// dumbbells hang from straight arms, and the shoulders carry the load.
  private func lungePose(_ p: Double) -> BodyPose {
    let s = segments
    let (legs, _, up, shoulder) = bentLegsAndTrunk(p, upright: 3)
    let elbow = shoulder - Point2(x: 0, y: s.upperArm)
    let wrist = elbow - Point2(x: 0, y: s.forearm)
    return BodyPose(
      ankle: legs.ankle, knee: legs.knee, hip: legs.hip, shoulder: shoulder, elbow: elbow,
      wrist: wrist, bar: shoulder, headDirection: up)
  }

  /// Bent over with soft knees and the trunk `trunkLean` from vertical throughout: the arm
  /// hangs straight down at the bottom (p = 1), and the upper arm swings back while the
  /// forearm hangs vertical until the elbow is bent to `bottomAngle` at the top of the pull
  /// (p = 0), so the bar rises straight up.
  private func rowPose(_ p: Double) -> BodyPose {
    let s = segments
    let legs = legChain(shankDegrees: shankLean, kneeInterior: 160)
    let up = Point2(x: sin(trunkLean * .pi / 180), y: cos(trunkLean * .pi / 180))
    let shoulder = legs.hip + up * s.trunk
    let swing = (5 + (1 - p) * (175 - bottomAngle)) * .pi / 180
    let elbow = shoulder + Point2(x: -sin(swing), y: -cos(swing)) * s.upperArm
    let wrist = elbow - Point2(x: 0, y: s.forearm)
    return BodyPose(
      ankle: legs.ankle, knee: legs.knee, hip: legs.hip, shoulder: shoulder, elbow: elbow,
      wrist: wrist, bar: wrist - Point2(x: 0, y: s.hand * 0.5), headDirection: up)
  }

  private func hingePose(_ p: Double) -> BodyPose {
    let s = segments
    let (legs, _, _, shoulder) = bentLegsAndTrunk(p, upright: 5)
    let elbow = shoulder - Point2(x: 0, y: s.upperArm)
    let wrist = elbow - Point2(x: 0, y: s.forearm)
    let bar = wrist - Point2(x: 0, y: s.hand)
    return BodyPose(
      ankle: legs.ankle, knee: legs.knee, hip: legs.hip, shoulder: shoulder, elbow: elbow,
      wrist: wrist,
      bar: bar, headDirection: (shoulder - legs.hip) * (1 / s.trunk))
  }

  /// A straight body from the ankles (the toes fixed on the floor) to the shoulders, which
  /// pivots as the elbows bend from 175° (p = 0, arms straight under the shoulders) to
  /// `bottomAngle` (p = 1); the hands stay on the floor and the shoulders carry the load.
  private func pushUpPose(_ p: Double) -> BodyPose {
    let s = segments
    let body = s.shank + s.thigh + s.trunk
    func reach(_ elbow: Double) -> Double {
      let u = s.upperArm
      let f = s.forearm
      return (u * u + f * f - 2 * u * f * cos(elbow * .pi / 180)).squareRoot()
    }
    let hand = Point2(x: 0.05, y: 0.02)
    let ankle = Point2(
      x: hand.x - (body * body - pow(reach(175) - 0.06, 2)).squareRoot(), y: 0.08)
    let elbowAngle = 175 - p * (175 - bottomAngle)
    let shoulder = Self.meeting(ankle, body, hand, reach(elbowAngle))
    let elbow = Self.meeting(hand, s.forearm, shoulder, s.upperArm)
    let along = (shoulder - ankle) * (1 / body)
    return BodyPose(
      ankle: ankle, knee: ankle + along * s.shank, hip: ankle + along * (s.shank + s.thigh),
      shoulder: shoulder, elbow: elbow, wrist: hand, bar: shoulder, headDirection: along)
  }

  private func horizontalPressPose(_ p: Double) -> BodyPose {
    let s = segments
    let shoulder = Point2(x: 0, y: 0.55)
    let hip = Point2(x: -s.trunk, y: 0.52)
    let knee = hip + Point2.direction(-165) * s.thigh
    let ankle = knee + Point2.direction(-80) * s.shank
    let a = p * (180 - bottomAngle) * .pi / 180
    let elbow = shoulder + Point2(x: -sin(a), y: cos(a)) * s.upperArm
    let wrist = elbow + Point2(x: 0, y: s.forearm)
    let bar = wrist + Point2(x: 0, y: s.hand * 0.5)
    return BodyPose(
      ankle: ankle, knee: knee, hip: hip, shoulder: shoulder, elbow: elbow, wrist: wrist,
      bar: bar,
      headDirection: Point2(x: 1, y: 0))
  }

  private func overheadPose(_ p: Double) -> BodyPose {
    let s = segments
    let legs = legChain(shankDegrees: 0, kneeInterior: 176)
    let shoulder = legs.hip + Point2(x: 0.02, y: s.trunk)
    // Upper arm from straight up (p = 0) down to slightly below horizontal in front.
    let lowest = 180 - bottomAngle - 90  // elevation of the upper arm at the bottom, degrees
    let elevation = 90 - p * (90 + lowest)
    let elbow = shoulder + Point2.direction(elevation) * s.upperArm
    let wrist = elbow + Point2(x: 0, y: s.forearm)
    let bar = wrist + Point2(x: 0, y: s.hand * 0.5)
    return BodyPose(
      ankle: legs.ankle, knee: legs.knee, hip: legs.hip, shoulder: shoulder, elbow: elbow,
      wrist: wrist,
      bar: bar, headDirection: Point2(x: 0, y: 1))
  }

  private func curlPose(_ p: Double) -> BodyPose {
    let s = segments
    let legs = legChain(shankDegrees: 0, kneeInterior: 176)
    let shoulder = legs.hip + Point2(x: 0.02, y: s.trunk)
    let elbow = shoulder + Point2.direction(-87) * s.upperArm
    // Elbow interior angle from 170 (p = 1, extended) up to `bottomAngle` flexed (p = 0).
    let interior = bottomAngle + p * (170 - bottomAngle)
    let fromDown = (180 - interior) * .pi / 180
    let forearmDirection = Point2(x: sin(fromDown), y: -cos(fromDown))
    let wrist = elbow + forearmDirection * s.forearm
    let bar = wrist + forearmDirection * s.hand
    return BodyPose(
      ankle: legs.ankle, knee: legs.knee, hip: legs.hip, shoulder: shoulder, elbow: elbow,
      wrist: wrist,
      bar: bar, headDirection: Point2(x: 0, y: 1))
  }

  /// The point `r0` from `c0` and `r1` from `c1` to the left of the line from `c0` to `c1`.
  private static func meeting(_ c0: Point2, _ r0: Double, _ c1: Point2, _ r1: Double) -> Point2 {
    let span = c1 - c0
    let d = (span.x * span.x + span.y * span.y).squareRoot()
    let along = (r0 * r0 - r1 * r1 + d * d) / (2 * d)
    let across = max(0, r0 * r0 - along * along).squareRoot()
    return c0 + span * (along / d) + Point2(x: -span.y / d, y: span.x / d) * across
  }

  /// Ankle at the origin; the shank leans forward by `shankDegrees`; the thigh closes the
  /// knee to `kneeInterior` degrees with the hip behind the knee.
  /// The legs bent `p` of the way from standing (knee 175°) to the bottom, and the trunk
  /// leaning `upright` degrees plus `p` of its lean at the bottom: the lean, the trunk's
  /// direction (`up`) and the shoulder.
  private func bentLegsAndTrunk(_ p: Double, upright: Double) -> (
    legs: (ankle: Point2, knee: Point2, hip: Point2), lean: Double, up: Point2, shoulder: Point2
  ) {
    let knee = 175 - p * (175 - bottomAngle)
    let legs = legChain(shankDegrees: p * shankLean, kneeInterior: knee)
    let lean = upright + p * trunkLean
    let up = Point2(x: sin(lean * .pi / 180), y: cos(lean * .pi / 180))
    return (legs, lean, up, legs.hip + up * segments.trunk)
  }

  private func legChain(shankDegrees: Double, kneeInterior: Double) -> (
    ankle: Point2, knee: Point2, hip: Point2
  ) {
    let ankle = Point2(x: 0, y: 0.08)
    let knee =
      ankle + Point2(x: sin(shankDegrees * .pi / 180), y: cos(shankDegrees * .pi / 180))
      * segments.shank
    let thighDirection = -90 - shankDegrees - kneeInterior
    let hip = knee + Point2.direction(thighDirection) * segments.thigh
    return (ankle, knee, hip)
  }

  /// Interior angle of the exercise's primary joint.
  func primaryAngle(_ pose: BodyPose, joint: PrimaryJoint) -> Double {
    switch joint {
    case .knee: return interiorAngle(pose.hip, pose.knee, pose.ankle)
    case .hip: return interiorAngle(pose.shoulder, pose.hip, pose.knee)
    case .elbow: return interiorAngle(pose.shoulder, pose.elbow, pose.wrist)
    }
  }
}
