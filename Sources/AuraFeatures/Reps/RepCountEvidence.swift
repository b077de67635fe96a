import AuraDomain
import AuraSupport
import Foundation

/// The evidence behind a set's rep count, gathered apart from the counter that found the reps:
/// the set's rhythm over its whole span (the period its clearest signal repeats at) and how
/// long the signal moves at that rhythm, which together give a count of their own; and the
/// reps' lengths. `confidence` is how often counts with such evidence were exact on real
/// recordings (`RepCountCalibration`); `verdict` says why a count is not to be published.
package struct RepCountEvidence: Codable, Sendable, Equatable {
  /// The reps found (on one side, for a limb that sees one side of an alternating exercise).
  package var reps: Int
  /// The period of the clearest rhythm among the set's signals over its span, seconds, and its
  /// autocorrelation there (0-1); nil where no signal repeats.
  package var period: Double?
  package var strength: Double?
  /// The reps the rhythm gives: how long the signal moves at it, over its period.
  package var repsByPeriod: Double?
  /// The longest rep between the set's first and last, seconds, which may hold the rest
  /// before and after the set; the shorter of two; a lone rep's own (of a limb that lifts
  /// every other rep, half its own cycle: one rep of each side).
  package var longestRep: Double?
  /// How far the load travels in the set's median rep, metres (its height's range over the
  /// rep), for a sensor that rides the load; nil elsewhere.
  package var travel: Double?
  /// How many of the set's own signals repeat clearly over the samples it was counted in
  /// (`RepCountCheck.Check.signalCounts`), and how many of those count its reps' number of
  /// cycles: a height that drifts, an axis that pulses twice a rep and one the bar's roll
  /// moves gravity out of err each on its own.
  package var rhythmicSignals = 0
  package var agreeingSignals = 0
  /// The share of counts with this evidence that were exact on the tuning splits of real
  /// recordings (`RepCountCalibration`), 0-1.
  package var confidence = 0.0

  /// The longest rep of any exercise counted, seconds: a slow rep of a 4-1-2 tempo takes 7 s;
  /// a "rep" far longer is reps taken for one, or a rest.
  package static let longestPlausibleRep = 10.0
  /// How far the reps found may fall short of the rhythm's count, and exceed it: a set's first
  /// and last reps start and end at rest, which the moving stretch holds only in part.
  package static let periodAgreement = -0.5...1.0
  /// The share of the set's larger swings (90th percentile over one period) a stretch must
  /// swing by to count as moving.
  static let movingShare = 0.25

  /// Whether the rhythm's count agrees with the reps found.
  package var periodAgrees: Bool {
    guard let repsByPeriod else { return false }
    return Self.periodAgreement.contains(Double(reps) - repsByPeriod)
  }

  /// Whether the set was found in its recording rather than given its bounds.
  package var boundsFound = true
  /// What recorded the signals the reps were counted on.
  package var sensor = RepCountCalibration.Sensor.camera
  /// Whether the recording lost part of the set (packets of samples, `LostPackets`, or the
  /// movement on most of it): reps made then are not in it.
  package var partLost = false

  /// Whether the reps were timed on one side of an alternating exercise by a sensor that sees
  /// that side only and counts it alone (a camera's near arm, one dumbbell): the set holds
  /// about twice them.
  package var oneSideOfAlternating = false

  /// The class the count's error was calibrated in (`RepCountCalibration.halfWidths`).
  package var errorClass: RepCountCalibration.ErrorClass {
    .init(
      sensor: sensor, boundsFound: boundsFound,
      evidence: partLost ? .partLost : periodAgrees ? .rhythmAgrees : .rhythmDisagrees)
  }

  /// Why the count is not to be published whatever its confidence, or nil: no rep, one rep
  /// found across a stretch that repeats (within given bounds a single may be one, the set-up
  /// repeating around it), or a rep longer than any exercise's.
  package var implausibility: String? {
    if reps == 0 { return "no reps found" }
    if reps == 1, boundsFound, let repsByPeriod, repsByPeriod >= 2.5 {
      return String(
        format: "one rep was found, but the movement repeats about %.0f times", repsByPeriod)
    }
    if let longestRep, longestRep > Self.longestPlausibleRep {
      return String(
        format: "a rep of %.0f s is longer than any exercise's (%.0f s at most): reps were "
          + "taken for one", longestRep, Self.longestPlausibleRep)
    }
    return nil
  }

  /// The evidence for `reps` found over `span` (samples of a grid at `sampleRateHz`) on
  /// `signals`, read as `reading` says; `boundsFound` where the set was found in its recording
  /// rather than given its bounds. `known`: each signal's rhythm over `span`, where the
  /// check has read them already (`RepCountCheck.Check.rhythms`).
  static func gather(
    reps: [RepSegmenter.Segment], span: Range<Int>, signals: [[Double]],
    reading: RepCountCheck.Reading, signalCounts: [Int] = [], boundsFound: Bool,
    sampleRateHz: Double, rhythms known: [RepRhythm?]? = nil
  ) -> RepCountEvidence {
    var evidence = RepCountEvidence(
      reps: reps.count, boundsFound: boundsFound, sensor: reading.sensor)
    evidence.rhythmicSignals = signalCounts.count
    evidence.agreeingSignals = signalCounts.count { $0 == reps.count }
    let inOrder = reps.map { Double($0.samples.count - 1) / sampleRateHz }
    let inner = inOrder.count >= 3 ? Array(inOrder.dropFirst().dropLast()) : inOrder
    evidence.longestRep = (inOrder.count == 2 ? inner.min() : inner.max()).map {
      $0 / Double(reading.repsPerCycle)
    }
    let lengths = inOrder.sorted()
    let typicalRep = lengths.isEmpty ? nil : lengths[lengths.count / 2]
    // Each signal's rhythm, clearest first; the evidence is the first whose count agrees with
    // the reps found, else the clearest's. A signal may lock onto twice the rep (an
    // acceleration that pulses twice a rep, a sway over two), and another read it right.
    let found =
      known
      ?? signals.map {
        RepRhythm(
          $0, range: span, sampleRateHz: sampleRateHz, periods: reading.periods,
          midrange: reading.midrange)
      }
    let rhythms = zip(found, signals).compactMap { rhythm, values in
      rhythm.map { ($0, values) }
    }.sorted { $0.0.strength > $1.0.strength }
    for (index, (rhythm, values)) in rhythms.enumerated()
    where index == 0 || rhythm.strength >= reading.clearRhythm {
      // A period twice the reps' typical length is two reps to a cycle: read at half of it.
      let period =
        typicalRep.map { abs(log(rhythm.period / 2 / $0)) < abs(log(rhythm.period / $0)) }
          == true ? rhythm.period / 2 : rhythm.period
      var candidate = evidence
      candidate.period = period
      candidate.strength = rhythm.strength
      candidate.repsByPeriod =
        movingSeconds(values, span: span, period: period, sampleRateHz: sampleRateHz) / period
      if index == 0 { evidence = candidate }
      if candidate.periodAgrees {
        evidence = candidate
        break
      }
    }
    evidence.confidence = RepCountCalibration.confidence(
      sensor: reading.sensor, boundsFound: boundsFound, periodAgrees: evidence.periodAgrees)
    return evidence
  }

  /// How long `values` move over `span`, seconds: the longest stretch whose swing within a
  /// period (about the moving mean over a period) reaches `movingShare` of the span's larger
  /// swings, pauses shorter than a period bridged, less the half period the swing's window
  /// reaches past the movement at each end.
  static func movingSeconds(
    _ values: [Double], span: Range<Int>, period: Double, sampleRateHz: Double
  ) -> Double {
    let factor = max(1, Int(sampleRateHz / RepRhythm.analysisRateHz))
    let rate = sampleRateHz / Double(factor)
    guard let x = RepRhythm.bridged(RepRhythm.blockMeans(values[span], factor: factor)) else {
      return 0
    }
    let lag = max(1, Int((period * rate).rounded()))
    let level = SignalFilter.movingMean(x, half: lag / 2)
    let centred = zip(x, level).map { $0 - $1 }
    let (low, high) = SetDetector.slidingExtremes(centred, radius: lag / 2)
    let swing = zip(low, high).map { $1 - $0 }
    var sorted = swing
    let mark =
      movingShare * OrderStatistic.select(&sorted, rank: Int(Double(swing.count - 1) * 0.9))
    guard
      let moving = SetDetector.stretches(swing.map { $0 >= mark }, joinGap: lag).max(by: {
        $0.count < $1.count
      })
    else { return 0 }
    return max(0, (Double(moving.count) - Double(lag) / 2) / rate)
  }
}
