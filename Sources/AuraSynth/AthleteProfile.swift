import AuraDomain
import Foundation

/// A generated athlete: body, strength and movement style.
struct AthleteProfile {
  var id: String
  var username: String
  var sex: String
  var heightMeters: Double
  var weightKg: Double
  var segments: Segments
  var coachId: String
  var guild: (name: String, tag: String, role: String)?
  /// One-rep max per exercise id, kg.
  var oneRepMax: [String: Double]
  /// Baseline nightly RMSSD, ms.
  var hrvBaseline: Double
  var restingHeartRate: Double

  init(index: Int, coaches: Int = 2, random: inout SeededRandom) {
    id = String(format: "a-%02d", index + 1)
    sex = random.chance(0.6) ? "male" : "female"
    let male = sex == "male"
    username =
      (male
      ? ["iron_mike", "deadlift_dan", "squat_sam", "bench_ben", "press_pete"]
      : ["lift_lena", "squat_sara", "power_pia", "clean_cleo", "atlas_ana"])[index % 5]
      + "\(index + 1)"
    heightMeters = male ? random.uniform(1.70...1.95) : random.uniform(1.58...1.80)
    weightKg = (heightMeters * heightMeters * random.uniform(22...29)).rounded()
    segments = Segments(heightMeters: heightMeters, random: &random)
    coachId = "c-\(index % max(1, coaches) + 1)"
    let guilds = [("Iron Wolves", "[IW]"), ("Bar Benders", "[BB]")]
    if random.chance(0.8) {
      let chosen = guilds[index % 2]
      guild = (chosen.0, chosen.1, index < 2 ? "leader" : random.pick(["member", "officer"]))
    } else {
      guild = nil
    }
    let strength = random.uniform(0.8...1.3) * (male ? 1 : 0.7)
    let bodyweight = weightKg
    oneRepMax = [
      "back_squat": 1.5, "bench_press": 1.1, "deadlift": 1.8, "overhead_press": 0.65,
      "biceps_curl": 0.25,
      "barbell_row": 0.9, "lat_pulldown": 0.8, "lunge": 0.6,
    ].mapValues { ($0 * bodyweight * strength / 2.5).rounded() * 2.5 }
    hrvBaseline = random.uniform(35...90)
    restingHeartRate = random.uniform(48...68)
  }
}

/// The movement style an athlete shows in one exercise.
struct MovementStyle {
  var bottomAngle: Double
  var shankLean: Double
  var trunkLean: Double

  init(pattern: MovementPattern, segments: Segments, random: inout SeededRandom) {
    switch pattern {
    case .squat:
      bottomAngle = random.uniform(62...95)
      shankLean = random.uniform(25...38)
      trunkLean = random.uniform(20...40)
    case .lunge:
      bottomAngle = random.uniform(82...100)
      shankLean = random.uniform(5...15)
      trunkLean = random.uniform(0...8)
    case .row:
      bottomAngle = random.uniform(60...85)
      shankLean = random.uniform(10...18)
      trunkLean = random.uniform(35...50)
    case .hinge:
      bottomAngle = random.uniform(100...125)
      shankLean = random.uniform(12...22)
      trunkLean = 0
    case .horizontalPress, .pushUp:
      bottomAngle = random.uniform(72...90)
      shankLean = 0
      trunkLean = 0
    case .verticalPress, .pulldown, .armExtension:
      bottomAngle = random.uniform(70...88)
      shankLean = 0
      trunkLean = 0
    case .curl:
      bottomAngle = random.uniform(35...55)
      shankLean = 0
      trunkLean = 0
    }
    if pattern == .hinge {
      trunkLean = Self.hingeLean(segments: segments, bottomKnee: bottomAngle, shankLean: shankLean)
    }
  }

  /// Trunk lean at which the bar reaches plate height (0.225 m) at the bottom of a deadlift.
  static func hingeLean(segments: Segments, bottomKnee: Double, shankLean: Double) -> Double {
    var low = 20.0
    var high = 85.0
    for _ in 0..<50 {
      let mid = (low + high) / 2
      let model = ExerciseKinematics(
        pattern: .hinge, segments: segments, bottomAngle: bottomKnee, shankLean: shankLean,
        trunkLean: mid - 5)
      if model.pose(1).bar.y > 0.225 { low = mid } else { high = mid }
    }
    return (low + high) / 2 - 5
  }
}
