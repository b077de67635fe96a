import Foundation

/// How a bar turns about its own axis under a sensor on its centre, as the real bar-mounted
/// recordings show (docs/real-data.md): it rolls in the hands or on the back through a set,
/// and a curl's bar turns with the forearms at every rep. Also the small swing that takes a
/// bar off the rack or the floor before the first rep, which is no rep.
struct BarRoll {
  /// The slow roll through each set, radians, over the session's seconds.
  private(set) var drift = Timeline(startProgress: 0)
  /// How far the bar turns with the movement, radians per unit of progress.
  let turnPerProgress: Double

  init(turnPerProgress: Double) { self.turnPerProgress = turnPerProgress }

  /// Holds the roll until second `t` (the start of a set).
  mutating func wait(until t: Double) { drift.hold(max(0, t - drift.end)) }

  /// Rolls to an angle of up to 70° either way over the set that ends at second `end`.
  mutating func drift(until end: Double, random: inout SeededRandom) {
    drift.move(
      to: random.uniform(-1.2...1.2), duration: max(0.1, end - drift.end), blend: random.unit())
  }

  /// The bar's turn at second `t` of a session whose movement is `timeline`, radians.
  func angle(at t: Double, _ timeline: Timeline) -> Double {
    drift.progress(at: t) + turnPerProgress * timeline.progress(at: t)
  }

  /// The set-up before the first rep: the bar taken off the rack or the floor, a tenth of
  /// the movement's range out and back, then a still moment.
  static func setUpSwing(_ timeline: inout Timeline, from rest: Double, random: inout SeededRandom)
  {
    let excursion = random.uniform(0.08...0.15)
    timeline.move(
      to: rest == 0 ? excursion : rest - excursion, duration: random.uniform(0.6...1.0),
      blend: random.unit())
    timeline.move(to: rest, duration: random.uniform(0.6...1.0), blend: random.unit())
    timeline.hold(random.uniform(0.3...0.8))
  }
}
