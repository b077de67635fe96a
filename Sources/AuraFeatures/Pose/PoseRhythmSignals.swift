import Foundation

extension PoseSignals {
  /// The body's signals a set's rhythm may show on whatever the exercise: each point's height
  /// and forward position and the interior angles at the knees, hips, elbows and shoulders, on
  /// every side seen. A rep moves some of them in step whether the camera sees the load, the
  /// moving limb or only the trunk (a pull-up's hands stay put while the head and elbows swing).
  var rhythmCandidates: [[Double]] {
    var result: [[Double]] = []
    for side in Side.allCases {
      guard let points = sides[side] else { continue }
      for point in BodyPoint.allCases {
        guard let track = points[point] else { continue }
        result += [track.y, track.x]
      }
      for angle in [JointAngles.Angle.knee, .hip, .elbow, .shoulder] {
        if let series = JointAngles.series(angle, side: side, self) { result.append(series) }
      }
    }
    return result
  }
}
