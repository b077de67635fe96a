import AuraTestSupport
import Foundation
import Testing

@testable import AuraDomain
@testable import AuraFeatures
@testable import AuraSynth

/// A pull-up's hands stay on the bar while the body rises: the body is the load, and the
/// shoulders, not the hands, are what its reps are counted and its speed measured on.
@Suite struct BodyweightPullTests {
  /// A `coco17` CSV (normalised, origin top-left) of a side view at 30 fps: 3 s hanging,
  /// `reps` pull-ups of 2 s, the shoulders rising 0.4 m below hands fixed on the bar, 3 s
  /// hanging; legs hanging straight below the hips.
  static func pullUps(reps: Int, seed: UInt64) -> String {
    var random = SeededRandom(seed: seed)
    let fps = 30.0
    let (upperArm, forearm) = (0.30, 0.27)
    let hand = (x: 0.0, y: 2.3)
    // Distance from the hands down to the shoulders: 0.55 m hanging, 0.15 m at the top.
    var reaches = [Double](repeating: 0.55, count: Int(3 * fps))
    for _ in 0..<reps {
      let frames = Int(2 * fps)
      reaches += (0..<frames).map { 0.35 + 0.2 * cos(2 * Double.pi * Double($0) / Double(frames)) }
    }
    reaches += [Double](repeating: 0.55, count: Int(3 * fps))
    let names = [
      "nose", "left_eye", "right_eye", "left_ear", "right_ear", "left_shoulder",
      "right_shoulder", "left_elbow", "right_elbow", "left_wrist", "right_wrist", "left_hip",
      "right_hip", "left_knee", "right_knee", "left_ankle", "right_ankle",
    ]
    var lines = ["t," + names.map { "\($0)_x,\($0)_y,\($0)_c" }.joined(separator: ",")]
    for (frame, reach) in reaches.enumerated() {
      let shoulder = (x: hand.x + 0.03, y: hand.y - reach)
      // The elbow in front, where circles of the upper arm's and the forearm's lengths meet.
      let (dx, dy) = (hand.x - shoulder.x, hand.y - shoulder.y)
      let d = (dx * dx + dy * dy).squareRoot()
      let along = (upperArm * upperArm - forearm * forearm + d * d) / (2 * d)
      let across = max(0, upperArm * upperArm - along * along).squareRoot()
      let elbow = (
        x: shoulder.x + along * dx / d + across * dy / d,
        y: shoulder.y + along * dy / d - across * dx / d
      )
      let hip = (x: shoulder.x - 0.02, y: shoulder.y - 0.52)
      let knee = (x: hip.x + 0.02, y: hip.y - 0.45)
      let ankle = (x: knee.x - 0.02, y: knee.y - 0.43)
      let nose = (x: shoulder.x + 0.09, y: shoulder.y + 0.22)
      let ear = (x: shoulder.x, y: shoulder.y + 0.2)
      let eye = (x: shoulder.x + 0.07, y: shoulder.y + 0.25)
      let points = [
        nose, eye, eye, ear, ear, shoulder, shoulder, elbow, elbow, hand, hand, hip, hip, knee,
        knee, ankle, ankle,
      ]
      // Metres to the frame: 300 px a metre in a 1000 px square, y down.
      let fields = points.map { point in
        let x = (400 + 300 * point.x + 0.8 * random.gaussian()) / 1000
        let y = (760 - 300 * point.y + 0.8 * random.gaussian()) / 1000
        return String(format: "%.5f,%.5f,0.95", x, y)
      }
      lines.append(String(format: "%.4f,", Double(frame) / fps) + fields.joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The features of one set of pull-ups (a custom bodyweight pulldown, as exercises.csv
  /// declares it) by an athlete 1.8 m tall.
  static func features(csv: String, equipment: String) throws -> SetFeatures {
    let manifest = """
      {"session_id": "p-1", "athlete_id": "a-1", "start_time": "2026-11-03T18:00:00Z",
       "recordings": [{"kind": "pose", "path": "pose.csv", "format": "coco17"}],
       "sets": [{"set_number": 1, "exercise": "hang_pull"}]}
      """
    let features = try TestSupport.features(
      ofSession: "p-1", manifest: manifest, recordings: ["pose.csv": csv],
      tables: [
        "athletes.csv": "athlete_id,username,height_cm\na-1,a1,180\n",
        "exercises.csv": "exercise_id,name,pattern,primary_muscles,equipment\n"
          + "hang_pull,Hang Pull,pulldown,lats_upper,\(equipment)\n",
      ], parameters: TestSupport.everyCountPublished)
    return try #require(features.sets.first)
  }

  @Test func aPullUpIsMeasuredOnTheRisingBody() throws {
    let csv = Self.pullUps(reps: 8, seed: 3)
    let pullUps = try Self.features(csv: csv, equipment: "bodyweight")
    #expect(pullUps.publishedRepCount == 8)
    // 0.4 m in about a second: the shoulders' speed, not the hands' (still on the bar).
    for rep in pullUps.reps {
      let velocity = try #require(rep.poseVelocity?.mean)
      #expect(velocity > 0.25 && velocity < 0.8, "rep \(rep.repNumber): \(velocity) m/s")
    }
    // The same movement declared on a machine is a pulldown whose handle the hands pull:
    // they do not move here, and give no such speed.
    let machine = try Self.features(csv: csv, equipment: "machine")
    #expect(machine.reps.allSatisfy { ($0.poseVelocity?.mean ?? 0) < 0.1 })
    // The catalog's own pull-up, under any common name, is such a pull.
    for name in ["Pull-up", "pullup", "Chin-up"] {
      #expect(ExerciseCatalog.builtIn.resolve(name)?.barProxy == .shoulder, "\(name)")
    }
    #expect(ExerciseCatalog.builtIn.resolve("lat_pulldown")?.barProxy == .wrist)
  }
}
