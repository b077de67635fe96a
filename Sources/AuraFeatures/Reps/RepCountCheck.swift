import AuraDomain
import Foundation

/// Whether the recording supports a set's rep count. Two counters that fail differently are
/// set against each other: the reps found one by one (`RepSegmenter`) and the set's rhythm
/// (`RepRhythm`) on the most periodic of its signals, the exercise's own first. Where the
/// movement repeats clearly and the rhythm counts more than a rep more, its cycles are the
/// reps (continuous reps with no stillness between them are what the one-by-one counter
/// misses). Where most of the set was not seen, or the rhythm's swings do not fit its period,
/// the count is published as unknown with the reason, not as a number.
enum RepCountCheck {
  /// How a set's own signals are read for its rhythm.
  struct Reading: Equatable, Sendable {
    /// Rep periods the rhythm is looked for at, seconds.
    var periods: ClosedRange<Double>
    /// The autocorrelation at the period from which the rhythm's count replaces the reps found
    /// one by one.
    var clearRhythm: Double
    /// Which extreme of the rhythm's signal a rep turns at.
    var turns: RhythmReps.Side
    /// Whether swings are read about the moving midrange rather than the mean (`RepRhythm`).
    var midrange = false
    /// Whether the set is found within the span (a whole recording, or a stretch found active
    /// in it, rather than the set's own bounds): the reps are counted only where the signals
    /// repeat (`RepeatingStretch`), each signal taken about its moving mean over their period
    /// there (`RepRhythm`), so that the changes of posture around the reps weigh nothing.
    var findsSet = false
    /// What records the signals, for the count's calibration (`RepCountCalibration`).
    var sensor = RepCountCalibration.Sensor.camera
    /// The set's reps in each cycle of the signals: 2 for a limb that lifts every other rep.
    var repsPerCycle = 1

    /// The load's own signals (a joint's angle, the height of the bar or a point of the
    /// body): down to fast bodyweight reps (sit-ups and jumping jacks every half second), with
    /// room below them, since a period is found only as a peak of the autocorrelation within
    /// the range.
    static let load = Reading(periods: 0.4...8, clearRhythm: 0.5, turns: .byTiming)
    /// The accelerometer axes of an IMU worn on a limb, which swing with the limb alone (no
    /// camera sway, no other body part; its threshold chosen on the muvr wrist sets' tuning
    /// split), but whose sign says nothing of the load's way, and which can swing twice a rep
    /// as the forearm passes the same angle to gravity rising and lowering. A rep a watch
    /// counts takes 0.8 s or more (the real wrist sets checked take a second a rep or more),
    /// while a walk's steps jolt it every 0.5-0.6 s and a rep's own jolts come as fast: below
    /// 0.8 s those would be read as reps. A watch records what the wrist does around the set
    /// as well: the set is where the axes repeat.
    static let limb = Reading(
      periods: 0.8...8, clearRhythm: 0.3, turns: .fewerExtremes, findsSet: true, sensor: .limb)
    /// An IMU on the load (a bar or a dumbbell): its height first, then its accelerometer's
    /// axes and magnitudes (`ImuRhythmSignals.loadCandidates`), whose sign says nothing of
    /// the load's way. A loaded rep takes 0.8 s or more.
    static let loadImu = Reading(
      periods: 0.8...8, clearRhythm: 0.3, turns: .fewerExtremes, findsSet: true,
      sensor: .loadImu)
    /// A limb that lifts every other rep of an alternating exercise: its own rhythm is half
    /// the set's, at twice the periods, and it rests through the other side's reps. Its set
    /// is read over the whole span: its rests last as long as the other side takes, so one
    /// period of its swings need not repeat the last.
    static let oneSide = Reading(
      periods: (2 * limb.periods.lowerBound)...(2 * limb.periods.upperBound),
      clearRhythm: limb.clearRhythm, turns: .briefExcursions, midrange: true, sensor: .limb,
      repsPerCycle: 2)
  }
  /// The autocorrelation at the period from which the rhythm of the rest of the body, whose
  /// points may swing in step with anything (breathing, balance, a camera's sway), replaces
  /// the reps found one by one.
  static let clearBodyRhythm = 0.7
  /// The share of a set's samples that must be seen.
  static let seenShare = 0.5

  /// What the signals say of a count.
  enum Verdict: Equatable {
    /// Nothing contradicts the reps found one by one.
    case supported
    /// The rhythm found on `signal` is clear and counts otherwise: its cycles are the set's reps.
    case rhythm(RhythmReps, signal: [Double])
    /// The recording does not support a count, for this reason.
    case unknown(String)
  }

  /// What the signals say of a count, and the cycles each of the set's own signals that
  /// repeats clearly counts over the samples the set was counted in: agreement across them is
  /// evidence of its own (`RepCountEvidence.agreeingSignals`).
  struct Check {
    var verdict: Verdict
    var signalCounts: [Int] = []
    /// Whether the recording lost the movement on most of the set: the reps found are a part.
    var movementLost = false
    /// The rhythm of each of the set's own signals over the whole range, as given: nil where
    /// the check read them over a stretch of it or with walks bridged.
    var rhythms: [RepRhythm?]? = nil
    /// The swings counted where they disagree with the rhythm's period: the verdict is then
    /// unknown, and where no rep was found one by one they are what the recording says of
    /// the count (`SetFeatures.swings`).
    var swings: Int? = nil
  }

  /// The check of `reps` reps found over `range` of the signals of an exercise moving in
  /// `order`: its `own` (its timing signal first), read as `reading` says, then, only where
  /// none of those repeats clearly, the rest of the `body`'s. `walking` marks the samples
  /// where a watch's wearer walks (`WalkingSteps`). Each of the set's own signals that
  /// repeats clearly counts its cycles. On an IMU that rides the load, a count more than half of them give is
  /// the rhythm's, else the clearest one's: its height drifts, an axis pulses twice a rep, and
  /// the bar's roll moves gravity out of another, each on its own.
  static func check(
    reps: Int, own: [[Double]], reading: Reading = .load, body: () -> [[Double]] = { [] },
    walking: [Bool]? = nil, order: PhaseOrder, range: Range<Int>, sampleRateHz: Double
  ) -> Check {
    guard !range.isEmpty, var first = own.first else { return Check(verdict: .supported) }
    let seen = first[range].count { $0.isFinite }
    if Double(seen) < seenShare * Double(range.count) {
      return Check(
        verdict: .unknown(
          String(
            format: "the recording lost the movement on %.0f %% of the set",
            100 * (1 - Double(seen) / Double(range.count)))), movementLost: true)
    }
    var own = own
    var bridged = false
    var stretch =
      reading.findsSet
      ? RepeatingStretch(own, range: range, sampleRateHz: sampleRateHz, periods: reading.periods)
      : nil
    // A walk repeats as reps do: where the stretch found is mostly a walk, or none is found
    // and the span holds one, the set is looked for again with the walks bridged.
    func mostlyWalking(_ samples: Range<Int>, _ walking: [Bool]) -> Bool {
      2 * samples.count { walking[$0] } > samples.count
    }
    if reading.findsSet, let walking,
      stretch.map({ mostlyWalking($0.samples, walking) }) ?? range.contains(where: { walking[$0] })
    {
      bridged = true
      own = WalkingSteps.bridged(own, over: walking)
      first = own[0]
      stretch = RepeatingStretch(
        own, range: range, sampleRateHz: sampleRateHz, periods: reading.periods)
    }
    let counted = stretch?.samples ?? range
    func rhythm(_ values: [Double]) -> RepRhythm? {
      RepRhythm(
        values, range: counted, sampleRateHz: sampleRateHz, periods: reading.periods,
        midrange: reading.midrange, levelledOver: stretch?.period)
    }
    func rhythms(_ signals: [[Double]], above threshold: Double, found: [RepRhythm?]? = nil)
      -> [(RhythmReps, [Double])]
    {
      zip(signals, found ?? signals.map(rhythm)).compactMap { values, rhythm in
        rhythm.flatMap { rhythm in
          guard rhythm.strength >= threshold else { return nil }
          // Where a limb's set was found, its ends may hold the set-up and put-down. A load's
          // ends are its first and last reps: the bar turns there as at every rep, and its
          // height, read without a rest to level it by, lies furthest out there.
          let kept =
            reading.findsSet && reading.sensor == .limb
            ? rhythm.withoutPostureEdges(on: values) : rhythm
          return (
            RhythmReps(
              kept, signal: values, side: reading.turns, timing: first, order: order,
              range: counted),
            values
          )
        }
      }
    }
    let ownRhythms = own.map(rhythm)
    let voters = rhythms(own, above: reading.clearRhythm, found: ownRhythms)
    let signalCounts = voters.map { $0.0.turns.count }
    // Read over the whole range of the signals given, as the evidence reads them.
    let asGiven = stretch == nil && !bridged ? ownRhythms : nil
    // On a load, the count more than half the signals give, else the clearest signal's; the
    // clearest of those that give it is the one the reps are cut from. A limb's axes swing
    // together with the forearm: where they part, most of them are no likelier right than
    // the clearest.
    let strongest: ([(RhythmReps, [Double])]) -> (RhythmReps, [Double])? = {
      $0.max { $0.0.rhythm.strength < $1.0.rhythm.strength }
    }
    let majority =
      reading.sensor == .loadImu
      ? Dictionary(grouping: voters) { $0.0.turns.count }.values.first {
        2 * $0.count > voters.count
      } : nil
    let elected = strongest(majority ?? voters)
    guard
      let (cycles, signal) = elected ?? strongest(rhythms(body(), above: clearBodyRhythm))
    else { return Check(verdict: .supported, signalCounts: signalCounts, rhythms: asGiven) }
    func checked(_ verdict: Verdict) -> Check {
      Check(verdict: verdict, signalCounts: signalCounts, rhythms: asGiven)
    }
    let count = cycles.turns.count
    // The rhythm recovers reps the one-by-one counter merged; it takes none away from those
    // it found moving through the set's travel, since a rhythm can also lock onto a slower
    // sway or a multiple of the rep. Nor does it replace them where the load's signals part
    // and one of them counts as many: an axis that pulses twice a rep is then the clearest.
    guard count >= 3, count - reps > 1,
      majority != nil || !(reading.sensor == .loadImu && signalCounts.contains(reps))
    else { return checked(.supported) }
    // More turns than periods fit in the set: the swings are not the rhythm's.
    let periodsInSet = Double(counted.count) / sampleRateHz / cycles.rhythm.period
    guard Double(count) <= periodsInSet + 1 else {
      var disagreeing = checked(
        .unknown(
          String(
            format: "its rhythm (a rep every %.1f s) and its swings (%d) disagree, and %d reps "
              + "were found one by one", cycles.rhythm.period, count, reps)))
      disagreeing.swings = count
      return disagreeing
    }
    return checked(.rhythm(cycles, signal: signal))
  }
}
