import AuraTestSupport
import Foundation
import Testing

@testable import AuraFeatures

/// Every set a count was found for carries the reps it holds at 90 % (`reps_low`,
/// `reps_high`), calibrated on real recordings (`RepCountCalibration.halfWidths`).
@Suite struct RepsIntervalTests {
  @Test func anIntervalIsTheCountWidenedByItsClassNeverBelowOneRep() {
    let bar = RepCountCalibration.ErrorClass(
      sensor: .loadImu, boundsFound: false, evidence: .rhythmAgrees)
    // A bar's count whose rhythm agrees was right on every tuning set: one number. A bar's
    // sets count as found, whatever their bounds: none of the real ones came with any.
    #expect(bar.boundsFound)
    #expect(RepCountCalibration.interval(count: 8, in: bar) == 8...8)
    let watch = RepCountCalibration.ErrorClass(
      sensor: .limb, boundsFound: false, evidence: .rhythmAgrees)
    #expect(RepCountCalibration.interval(count: 10, in: watch) == 8...12)
    #expect(RepCountCalibration.interval(count: 1, in: watch) == 1...3)
    // No real source had a part of a camera's set lost: the widest calibrated half-width.
    let lost = RepCountCalibration.ErrorClass(
      sensor: .camera, boundsFound: false, evidence: .partLost)
    #expect(RepCountCalibration.interval(count: 4, in: lost) == 1...21)
    #expect("\(watch)" == "limb/given/rhythm agrees")
  }

  @Test func everyClassWasCalibratedOnEnoughSetsOrTakesItsLargestError() {
    for (errorClass, calibration) in RepCountCalibration.halfWidths {
      #expect(calibration.sets >= 5, "\(errorClass)")
      #expect((0...20).contains(calibration.reps), "\(errorClass)")
    }
  }

  /// One contract within given bounds too: a watch's count of a set whose bounds the app's
  /// buttons gave was exact on 73 % of the real Apple Watch tuning sets whose rhythm agrees
  /// (43 % of the others), short of `features.min_reps_confidence` (0.9), so it is published as
  /// unknown with the reason, and as its range; the logged count stands in.
  @Test func aWatchsCountWithinGivenBoundsIsARangeNotANumber() throws {
    let (folder, truth) = try TestSupport.generatedDataset(
      athletes: 2, sessions: 3, seed: 17, logOnlyShare: 0, imuPlacements: ["wrist"])
    defer { TestSupport.remove(folder) }
    var (sets, held) = (0, 0)
    for session in truth.sessions {
      // A session without a watch recording has nothing for it to count.
      guard try TestSupport.keepImuOnly(session.sessionId, in: folder) else { continue }
      let features = try TestSupport.features(session.sessionId, in: folder)
      for setTruth in session.sets {
        let set = try #require(features.sets.first { $0.setNumber == setTruth.setNumber })
        guard let evidence = set.countEvidence else { continue }
        sets += 1
        #expect(!evidence.boundsFound && evidence.sensor == .limb)
        #expect(set.publishedRepCount == nil, "set \(setTruth.setNumber): \(set.reps.count)")
        #expect(
          set.repCountUnknown?.contains("does not show them clearly enough") == true,
          "\(set.repCountUnknown ?? "published")")
        let interval = try #require(set.repsInterval)
        held += interval.contains(setTruth.reps) ? 1 : 0
        // The logged count stands in downstream.
        #expect(set.repCount == setTruth.reps)
      }
    }
    #expect(sets >= 8)
    #expect(Double(held) >= 0.9 * Double(sets), "\(held) of \(sets)")
  }

  /// The generator's bars as the real ones go (rolling, continuous reps), from the IMU alone:
  /// every set found has an interval that holds its published count, and the intervals hold
  /// the true count as often as the real held-out bar sets' did.
  @Test func generatedBarSetsHoldTheirTrueCount() throws {
    let sets = try GeneratedBarFailuresTests.sets(seed: 41, pose: false)
    var (found, held) = (0, 0)
    for (truth, set) in sets where set.countEvidence != nil {
      let interval = try #require(set.repsInterval)
      found += 1
      held += interval.contains(truth.reps) ? 1 : 0
      if let published = set.publishedRepCount { #expect(interval.contains(published)) }
    }
    #expect(found >= sets.count * 3 / 4)
    #expect(Double(held) >= 0.9 * Double(found), "\(held) of \(found)")
  }
}

/// A set in which no rep was found one by one, while its rhythm's swings disagree with its
/// period, still says something of its count: its swings, published as a range around them and
/// never as a count (on the real tuning sets of that kind the swings were at most 6 reps off).
@Suite struct SwingsIntervalTests {
  static func set(swings: Int?, repsPerMeasuredRep: Int = 1) -> SetFeatures {
    var set = SetFeatures(
      setNumber: 1, exerciseId: "lat_pulldown", loadKg: 40, loggedReps: 8, loggedRPE: nil,
      targetTempo: nil, source: .imu, reps: [])
    set.repCountUnknown = "its rhythm (a rep every 4.1 s) and its swings (10) disagree"
    set.swings = swings.map { .init(count: $0) }
    set.repsPerMeasuredRep = repsPerMeasuredRep
    return set
  }

  @Test func aSetWithoutRepsButWithSwingsHasARangeAroundThem() {
    #expect(Self.set(swings: 10).repsInterval == 4...16)
    #expect(Self.set(swings: 3).repsInterval == 1...9)
    // One wrist's swings of an alternating exercise are one side's: doubled, as a count's are.
    #expect(Self.set(swings: 10, repsPerMeasuredRep: 2).repsInterval == 7...33)
    // A recording that lost packets lost swings too: no tuning set had that, so the widest.
    var lost = Self.set(swings: 4)
    lost.swings?.partLost = true
    #expect(lost.repsInterval == 1...21)
  }

  /// A set its recording shows neither a rep nor swings of (found empty, or not found and kept
  /// as logged, with why) gets the no-count range; a logbook set, none; a count, never that.
  @Test func aSetTheRecordingShowsNothingOfHasTheNoCountRange() {
    #expect(Self.set(swings: nil).repsInterval == 1...14)
    var notFound = Self.set(swings: nil)
    notFound.source = .log
    notFound.repCountUnknown = "the wrist's accelerometer shows no clear rhythm"
    #expect(notFound.repsInterval == 1...14)
    #expect(notFound.publishedRepCount == nil)
    var logged = notFound
    logged.repCountUnknown = nil
    #expect(logged.repsInterval == nil)
    #expect(logged.publishedRepCount == 8)
  }

  @Test func theRangeIsNeverACount() {
    let set = Self.set(swings: 10)
    #expect(set.publishedRepCount == nil)
    // The logged reps stand in downstream, not the swings.
    #expect(set.repCount == 8)
    #expect(RepCountCalibration.swingsHalfWidth.sets >= 5)
  }
}
