import Foundation

/// What a watch app records the wrist doing around each set besides the reps: the lifter
/// walks up (arm swings, a step's bounce), picks the load up, takes the set's posture (lying
/// down, sitting, leaning: the forearm's roll and tilt to gravity step and stay so through the
/// set), waits, lifts, then leaves the posture and puts the load down. The set-up and the
/// put-down are what the Apple Watch recordings of whole sets show around their reps
/// (docs/real-data.md). The camera films the lift alone; only the watch feels these.
struct WristGestures {
  /// Roll about the forearm's own axis, radians, over the session's seconds.
  private(set) var roll = Timeline(startProgress: 0)
  /// Tilt of the forearm in the sagittal plane, radians, added to the lift's own.
  private(set) var tilt = Timeline(startProgress: 0)
  /// Where the lifter walks, and how many steps a second: the body bounces at every step.
  private(set) var walks: [(span: ClosedRange<Double>, stepRateHz: Double)] = []

  /// Walks up from second `start`, picks up, settles into a posture and waits: the seconds
  /// this takes, which the lift holds still before its set.
  mutating func approach(from start: Double, random: inout SeededRandom) -> Double {
    wait(until: start)
    if random.chance(0.7) {
      let walkStart = roll.end
      let stepRateHz = random.uniform(1.6...2.0)
      // The arm swings forward and back with each stride, turning a little as it goes.
      for _ in 0..<random.integer(3...5) {
        let swing = random.uniform(0.3...0.7)
        let turn = random.uniform(0...0.3)
        move(roll: turn, tilt: swing, seconds: random.uniform(0.45...0.7))
        move(roll: -turn, tilt: -swing, seconds: random.uniform(0.45...0.7))
      }
      move(roll: 0, tilt: 0, seconds: random.uniform(0.3...0.5))
      walks.append((walkStart...roll.end, stepRateHz))
    }
    // Picking the load up, then the set's posture.
    move(
      roll: random.uniform(-1...1.5), tilt: random.uniform(-0.5...0.5),
      seconds: random.uniform(1.0...1.6))
    move(
      roll: random.uniform(-1.2...1.2), tilt: random.uniform(-0.9...0.9),
      seconds: random.uniform(1.0...2.0))
    hold(random.uniform(1...3))
    return roll.end - start
  }

  /// Holds the posture through the set until second `end`, then waits, leaves the posture and
  /// puts the load down: the seconds this takes, which the lift holds still after its set.
  mutating func leave(at end: Double, random: inout SeededRandom) -> Double {
    wait(until: end)
    hold(random.uniform(0.5...1.5))
    move(roll: random.uniform(-0.3...0.3), tilt: 0, seconds: random.uniform(1.0...1.5))
    move(
      roll: random.uniform(0.8...1.5), tilt: random.uniform(0.2...0.6),
      seconds: random.uniform(1.0...1.3))
    move(roll: 0, tilt: 0, seconds: random.uniform(1.0...1.3))
    hold(1)
    return roll.end - end
  }

  /// The vertical acceleration of walking at second `t`, m/s² (none elsewhere).
  func bounce(at t: Double) -> Double {
    guard let walk = walks.first(where: { $0.span.contains(t) }) else { return 0 }
    return 1.5 * sin(2 * Double.pi * walk.stepRateHz * t)
  }

  private mutating func wait(until t: Double) { hold(max(0, t - roll.end)) }

  private mutating func hold(_ seconds: Double) {
    roll.hold(seconds)
    tilt.hold(seconds)
  }

  private mutating func move(roll target: Double, tilt tiltTarget: Double, seconds: Double) {
    roll.move(to: target, duration: seconds)
    tilt.move(to: tiltTarget, duration: seconds)
  }
}
