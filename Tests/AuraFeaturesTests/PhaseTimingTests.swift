import AuraDomain
import AuraIngest
import AuraSupport
import Foundation
import Testing

@testable import AuraFeatures
@testable import AuraSynth

/// Phase boundaries and rep segments on height signals of known movements: minimum-jerk and
/// harmonic phases, a load on a lever, a drifting height, a flattened leg.
@Suite struct PhaseTimingTests {
  /// The boundary fit recovers the start and end of a known movement to a hundredth of a second.
  @Test func phaseBoundariesOfAKnownMovement() throws {
    // A 1.2 s minimum-jerk rise from 2.0 s, sampled at 60 Hz, then a 1 s pause at the top.
    let times = (0..<360).map { Double($0) / 60 }
    let y = times.map { t -> Double in
      let tau = min(max((t - 2) / 1.2, 0), 1)
      return tau * tau * tau * (10 - 15 * tau + 6 * tau * tau)
    }
    let phase = try #require(
      PhaseBoundary.fit(
        y, times: times, inside: 156, lower: 0, upper: 359, from: 0, to: 1,
        smoothest: MotionLaw.any)?.range)
    #expect(abs(phase.lowerBound - 2.0) < 0.01)
    #expect(abs(phase.upperBound - 3.2) < 0.01)
  }

  /// A load lifted by one segment turning about a joint (height 0.45 m · cos of its angle from
  /// the vertical, 10° at the top, 72° at the bottom), the angle following a harmonic descent
  /// over 1.6 s and a minimum-jerk rise over 0.8 s, three reps at 100 Hz with 0.5 mm of noise.
  /// The height flattens at the top, so a straight law, even the smoothest, misplaces a
  /// boundary by more than 0.15 s (0.28 s measured); the set's shared lever (found at 67.5° and
  /// 7.5°) recovers every boundary to 0.04 s (0.032 s measured).
  @Test func phasesOfALoadOnALeverAreTimedFromItsHeight() throws {
    let (top, bottom) = (10.0, 72.0)
    let descent = MotionLaw(smoothness: 0)
    let rise = MotionLaw(smoothness: 1)
    var random = SeededRandom(seed: 3)
    // Each rep: rest 1 s, down over 1.6 s, pause 0.3 s, up over 0.8 s; then rest 1 s.
    let starts = [1.0, 4.7, 8.4]
    let times = (0..<1250).map { Double($0) / 100 }
    func angle(_ t: Double) -> Double {
      guard let start = starts.last(where: { $0 <= t }) else { return top }
      let down = descent((t - start) / 1.6)
      let up = rise((t - start - 1.9) / 0.8)
      return top + (bottom - top) * (down - up)
    }
    let height = times.map { 0.45 * cos(angle($0) * .pi / 180) + 0.0005 * random.gaussian() }
    let (high, low) = (0.45 * cos(top * .pi / 180), 0.45 * cos(bottom * .pi / 180))
    let phases = starts.flatMap { start in
      [
        (
          samples: PhaseBoundary.samples(
            height, times: times, inside: Int((start + 0.8) * 100), lower: Int(start * 100) - 30,
            upper: Int((start + 1.75) * 100), from: high, to: low),
          rising: false, truth: start...(start + 1.6)
        ),
        (
          samples: PhaseBoundary.samples(
            height, times: times, inside: Int((start + 2.3) * 100),
            lower: Int((start + 1.75) * 100), upper: Int((start + 2.7) * 100) + 30, from: low,
            to: high),
          rising: true, truth: (start + 1.9)...(start + 2.7)
        ),
      ]
    }
    let lever = try #require(LeverGeometry.fitting(phases.map { ($0.samples, $0.rising) }))
    var straightWorst = 0.0
    for phase in phases {
      let samples = try #require(phase.samples)
      let bend = phase.rising ? lever : lever.reversed
      let fitted = try #require(
        PhaseBoundary.fit(samples, smoothest: MotionLaw.human, lever: bend)?.fit.range)
      #expect(abs(fitted.lowerBound - phase.truth.lowerBound) < 0.04)
      #expect(abs(fitted.upperBound - phase.truth.upperBound) < 0.04)
      let straight = try #require(
        PhaseBoundary.fit(samples, smoothest: MotionLaw.any, lever: nil)?.fit.range)
      straightWorst = max(
        straightWorst, abs(straight.lowerBound - phase.truth.lowerBound),
        abs(straight.upperBound - phase.truth.upperBound))
    }
    #expect(straightWorst > 0.15)
  }

  /// A bar IMU's height whose rest level creeps up 6 cm a rep (a slow 0.1 m/s descent partly
  /// taken for rest loses that much of it), five 0.2 m squats at 100 Hz: counted on its
  /// swings, five reps; against fixed marks (30 % and 70 % of the set's travel) the later
  /// reps never come back past the upper mark. And a deadlift's four 0.5 m pulls and a failed
  /// attempt that stalls 0.22 m up: four reps.
  @Test func aDriftingHeightIsCountedOnItsSwings() throws {
    var random = SeededRandom(seed: 5)
    let times = (0..<2600).map { Double($0) / 100 }
    // Squats: from 1 s, each rep 0.8 s at rest, 2 s down, 0.3 s pause, 0.4 s up.
    let squat = easedSteps(
      (0..<5).flatMap { rep -> [Step] in
        let start = 1 + Double(rep) * 3.5
        return [(-0.2, start, 2), (0.26, start + 2.3, 0.4)]
      }, at: times, random: &random)
    // Deadlifts: from 1 s, each pull 0.8 s up, 0.3 s hold, 1.2 s down, 1 s rest; then the
    // failed attempt: 1 s up to 0.22 m, 0.6 s stalled, 0.8 s down.
    let deadlift = easedSteps(
      (0..<4).flatMap { rep -> [Step] in
        let start = 1 + Double(rep) * 3.3
        return [(0.5, start, 0.8), (-0.5, start + 1.1, 1.2)]
      } + [(0.22, 15, 1), (-0.22, 16.6, 0.8)], at: times, random: &random)
    func count(_ values: [Double], drifts: Bool, order: PhaseOrder) -> Int {
      segmentHeight(values, times: times, drifts: drifts, order: order).count
    }
    #expect(count(squat, drifts: true, order: .eccentricFirst) == 5)
    #expect(count(squat, drifts: false, order: .eccentricFirst) < 5)
    #expect(count(deadlift, drifts: true, order: .concentricFirst) == 4)
  }

  /// A slow first descent taken for rest (the height stays at its rest level until the first
  /// rep's bottom, and the set ends a travel higher) still makes a rep, judged on its rising
  /// leg, with its eccentric marked flattened; so does a deadlift's last lowering. The
  /// flattened eccentric then gets the median of the set's other eccentrics, ending at the
  /// turning point.
  @Test func aFlattenedLegStillMakesItsRep() throws {
    var random = SeededRandom(seed: 7)
    let times = (0..<2000).map { Double($0) / 100 }
    // Squats from 1 s, each rep 2 s down, 0.3 s pause, 0.4 s up, 0.8 s at rest; the first
    // descent never shows.
    let squat = easedSteps(
      (0..<5).flatMap { rep -> [Step] in
        let start = 1 + Double(rep) * 3.5
        return (rep > 0 ? [(-0.2, start, 2)] : []) + [(0.2, start + 2.3, 0.4)]
      }, at: times, random: &random)
    // Deadlifts from 1 s, each pull 0.8 s up, 0.3 s hold, 1.2 s down, 1 s rest; the last
    // lowering never shows.
    let deadlift = easedSteps(
      (0..<4).flatMap { rep -> [Step] in
        let start = 1 + Double(rep) * 3.3
        return [(0.5, start, 0.8)] + (rep < 3 ? [(-0.5, start + 1.1, 1.2)] : [])
      }, at: times, random: &random)
    func segments(_ values: [Double], order: PhaseOrder) -> [RepSegmenter.Segment] {
      segmentHeight(values, times: times, drifts: true, order: order)
    }
    let squats = segments(squat, order: .eccentricFirst)
    #expect(squats.map(\.flattened) == [.eccentric, nil, nil, nil, nil])
    let pulls = segments(deadlift, order: .concentricFirst)
    #expect(pulls.map(\.flattened) == [nil, nil, nil, .eccentric])
    // The squats' own eccentrics are timed within 0.1 s of their 2 s.
    for squat in squats.dropFirst() {
      #expect(abs(squat.eccentric.upperBound - squat.eccentric.lowerBound - 2) < 0.1)
    }
    let imputed = ImuRepMeasurer.imputingFlattenedPhases(squats)[0].eccentric
    var others = squats.dropFirst().map { $0.eccentric.upperBound - $0.eccentric.lowerBound }
    #expect(imputed.upperBound == squats[0].eccentric.upperBound)
    #expect(
      imputed.upperBound - imputed.lowerBound == OrderStatistic.select(&others, rank: 2))
  }
}

/// A half-cosine step of the load's height: metres, start and duration in seconds.
private typealias Step = (meters: Double, start: Double, duration: Double)

/// The sum of `steps` at `times`, each from 0 to its metres over its duration, plus 1 mm of
/// Gaussian noise.
private func easedSteps(_ steps: [Step], at times: [Double], random: inout SeededRandom)
  -> [Double]
{
  times.map { t in
    steps.reduce(0) { height, step in
      let share = min(max((t - step.start) / step.duration, 0), 1)
      return height + step.meters * (0.5 - 0.5 * cos(Double.pi * share))
    } + 0.001 * random.gaussian()
  }
}

/// The reps the segmenter finds in a height signal over all of `times`, its noise given as
/// 1 mm, with at least 5 cm of travel and 0.5 s a rep.
private func segmentHeight(_ values: [Double], times: [Double], drifts: Bool, order: PhaseOrder)
  -> [RepSegmenter.Segment]
{
  RepSegmenter(settings: .init(minimumTravel: 0.05, minimumRepSeconds: 0.5)).segment(
    height: RepSegmenter.Signal(values: values, noise: 0.001, drifts: drifts), times: times,
    range: 0..<times.count, order: order)
}
