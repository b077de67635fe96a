import AuraDomain
import AuraFeatures
import AuraTestSupport
import Foundation
import Testing

@testable import AuraIngest
@testable import AuraSynth

/// Packets of samples lost without a gap in the timestamps are found from the signal alone:
/// it jumps at their edges, a whole number of packets apart.
@Suite struct LostPacketsTests {
  /// `x`, `y`, `z` without every other packet of `size` samples after the first `keep` ones,
  /// as an app that numbers the samples it received would write them.
  static func droppingPackets(
    _ axes: (x: [Double], y: [Double], z: [Double]), size: Int, from keep: Int = 0
  ) -> (x: [Double], y: [Double], z: [Double]) {
    let kept = axes.x.indices.filter { $0 < keep || ((($0 - keep) / size) % 2 == 0) }
    return (kept.map { axes.x[$0] }, kept.map { axes.y[$0] }, kept.map { axes.z[$0] })
  }

  /// A forearm curling every 2.9 s at 50 Hz for `seconds`, in g, with sensor noise. (A
  /// packet of 112 samples lasts 2.24 s: a rep of that length would hide its loss.)
  static func curls(seconds: Double, seed: UInt64) -> (x: [Double], y: [Double], z: [Double]) {
    var random = SeededRandom(seed: seed)
    let rate = 50.0
    var axes: (x: [Double], y: [Double], z: [Double]) = ([], [], [])
    for i in 0..<Int(seconds * rate) {
      let angle = 0.2 + 2 * (0.5 - 0.5 * cos(2 * Double.pi * Double(i) / rate / 2.9))
      axes.x.append(cos(angle) + 0.03 * random.gaussian())
      axes.y.append(sin(angle) + 0.03 * random.gaussian())
      axes.z.append(0.1 + 0.03 * random.gaussian())
    }
    return axes
  }

  @Test(.enabled(if: TestSupport.hasRealData, "../shared/realdata is absent"))
  func aRealRecordingLosesNothingUntilItsPacketsAreDropped() throws {
    let url = TestSupport.realData.appendingPathComponent("fusion-imu/sensor_data.csv")
    let imu = try XioReader.read(
      data: try Data(contentsOf: url), path: "fusion-imu/sensor_data.csv",
      reference: RecordingReference(kind: .imu, path: "x", format: "xio"))
    #expect(imu.quality.lostPackets == nil)
    #expect(!imu.quality.notes.contains { $0.contains("packets") })
    let axes = (imu.accelX, imu.accelY, imu.accelZ)
    // Its first 30 s lie still, where a lost packet leaves no mark; from then on the hand moves.
    for size in [50, 112, 200] {
      let lost = Self.droppingPackets(axes, size: size, from: 3000)
      let found = LostPackets.find(x: lost.x, y: lost.y, z: lost.z)
      #expect(found?.packetSamples == size, "packets of \(size): \(String(describing: found))")
    }
  }

  @Test func curlsAtEveryRateAndHeldSampleKeepTheirPackets() {
    let axes = Self.curls(seconds: 40, seed: 1)
    #expect(LostPackets.find(x: axes.x, y: axes.y, z: axes.z) == nil)
    // Each sample written twice (a 25 Hz sensor in a 50 Hz file): half the steps are zero.
    let held = (
      axes.x.flatMap { [$0, $0] }, axes.y.flatMap { [$0, $0] }, axes.z.flatMap { [$0, $0] }
    )
    #expect(LostPackets.find(x: held.0, y: held.1, z: held.2) == nil)
    // Every other packet of 112 lost: found, with its size.
    let lost = Self.droppingPackets(axes, size: 112)
    #expect(LostPackets.find(x: lost.x, y: lost.y, z: lost.z)?.packetSamples == 112)
  }

  /// A short file of whole packets (muvr's watch app wrote 4-6 of 112 samples for a set): a
  /// loss at 3 of 3 edges, among the jolts of a loaded forearm, stands out from chance only
  /// where the lattice is known to start at the first sample.
  @Test func aShortFileOfWholePacketsShowsItsLossAtFewEdges() {
    var axes = Self.curls(seconds: 36, seed: 3)
    var random = SeededRandom(seed: 4)
    for _ in 0..<40 {
      let start = random.integer(0...(axes.x.count - 3))
      for i in start..<(start + 3) { axes.x[i] += 0.5 }
    }
    let lost = Self.droppingPackets(axes, size: 112)
    let whole = (Array(lost.x.prefix(448)), Array(lost.y.prefix(448)), Array(lost.z.prefix(448)))
    // Found on the packets' lattice, or on a finer one that holds their edges and, by chance,
    // a few jolts more.
    let found = LostPackets.find(x: whole.0, y: whole.1, z: whole.2)
    #expect(
      found.map { 112 % $0.packetSamples == 0 } == true, "\(String(describing: found))")
    // One sample short of whole packets: the lattice could start anywhere, and chance can
    // put 3 of these jumps on one of them.
    let short = (Array(whole.0.dropLast()), Array(whole.1.dropLast()), Array(whole.2.dropLast()))
    #expect(LostPackets.find(x: short.0, y: short.1, z: short.2) == nil)
    // The same 448 samples with none lost.
    let kept = (Array(axes.x.prefix(448)), Array(axes.y.prefix(448)), Array(axes.z.prefix(448)))
    #expect(LostPackets.find(x: kept.0, y: kept.1, z: kept.2) == nil)
  }

  @Test func aWristRecordingThatLostPacketsHasNoCount() throws {
    let axes = Self.droppingPackets(Self.curls(seconds: 50, seed: 2), size: 112)
    var lines = ["t,ax,ay,az"]
    for i in axes.x.indices {
      lines.append(
        String(format: "%.3f,%.4f,%.4f,%.4f", Double(i) / 50, axes.x[i], axes.y[i], axes.z[i]))
    }
    let manifest = """
      {"session_id": "w-1", "athlete_id": "a-1", "start_time": "2026-11-02T18:03:00Z",
       "sets": [{"set_number": 1, "exercise": "biceps_curl"}],
       "recordings": [{"kind": "imu", "path": "wrist.csv", "format": "generic",
                       "placement": "wrist", "accel_unit": "g"}]}
      """
    let session = try TestSupport.features(
      ofSession: "w-1", manifest: manifest,
      recordings: ["wrist.csv": lines.joined(separator: "\n")],
      tables: ["athletes.csv": "athlete_id,username\na-1,a1\n"])
    let set = try #require(session.sets.first)
    #expect(set.publishedRepCount == nil)
    #expect(set.repCountUnknown?.contains("lost packets of samples") == true)
    #expect(session.recordings.first?.lostPackets?.packetSamples == 112)
  }

  @Test func theChanceOfSoManyJumpsOnOneLatticeIsABinomialTail() {
    #expect(abs(LostPackets.binomialTail(trials: 5, atLeast: 3, p: 0.5) - 0.5) < 1e-12)
    #expect(abs(LostPackets.binomialTail(trials: 4, atLeast: 4, p: 0.1) - 1e-4) < 1e-15)
    #expect(LostPackets.binomialTail(trials: 10_000, atLeast: 9_000, p: 0.01) < 1e-300)
    #expect(LostPackets.binomialTail(trials: 3, atLeast: 0, p: 0.2) == 1)
  }
}

/// A camera's session whose bar IMU lost packets: the camera still counts and measures every
/// set, and the IMU's velocities, which would span the lost time, are not used.
@Suite struct LostPacketsBesideACameraTests {
  @Test func theCameraMeasuresWhereTheBarImuLostPackets() throws {
    // The same sessions, whole and with every other packet of 112 samples lost
    // (`synth --lost-packets` draws nothing at random).
    let (wholeFolder, truth) = try TestSupport.generatedDataset(
      athletes: 1, sessions: 4, seed: 3, logOnlyShare: 0, imuFormats: ["generic"])
    defer { TestSupport.remove(wholeFolder) }
    let (folder, _) = try TestSupport.generatedDataset(
      athletes: 1, sessions: 4, seed: 3, logOnlyShare: 0, imuFormats: ["generic"],
      lostPackets: true)
    defer { TestSupport.remove(folder) }
    let sessions = folder.appendingPathComponent("sessions")
    let withImu = truth.sessions.map(\.sessionId).filter {
      FileManager.default.fileExists(
        atPath: sessions.appendingPathComponent("\($0)/bar.csv").path)
    }
    let sessionId = try #require(withImu.first)
    let whole = try TestSupport.features(sessionId, in: wholeFolder)
    #expect(whole.sets.allSatisfy { $0.source == .poseAndImu })

    let lost = try TestSupport.features(sessionId, in: folder)
    #expect(lost.recordings.contains { $0.lostPackets?.packetSamples == 112 })
    #expect(lost.warnings.contains { $0.contains("lost packets") })
    for (before, after) in zip(whole.sets, lost.sets) {
      #expect(after.source == .pose)
      #expect(after.publishedRepCount == before.publishedRepCount)
      #expect(after.reps.allSatisfy { $0.meanConcentricVelocity != nil })
    }
    // Without the camera, the bar IMU alone gives no count, velocity or tempo; a set whose
    // bounds now lie past the shortened recording keeps its logged count.
    let manifestURL = sessions.appendingPathComponent("\(sessionId)/session.json")
    var manifest = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as? [String: Any])
    manifest["recordings"] = try #require(manifest["recordings"] as? [[String: Any]]).filter {
      $0["kind"] as? String == "imu"
    }
    try JSONSerialization.data(withJSONObject: manifest).write(to: manifestURL)
    let alone = try TestSupport.features(sessionId, in: folder)
    let measured = alone.sets.filter { $0.source == .imu }
    #expect(!measured.isEmpty)
    #expect(alone.sets.allSatisfy { $0.source == .imu || $0.source == .log })
    for set in measured {
      #expect(set.publishedRepCount == nil)
      #expect(set.repCountUnknown?.contains("lost packets") == true)
      #expect(set.reps.allSatisfy { $0.meanConcentricVelocity == nil })
      #expect(set.velocityLossPercent == nil)
      #expect(!set.phasesMeasured)
    }
  }

  /// The generator's packet loss (`synth --lost-packets`) on a bar IMU, in every format it
  /// writes. A lost packet shows only where the bar moves, and between sets it rests: where
  /// the loss is found its lattice is nested with the packets of 112 samples, and the camera
  /// measures the sets; it is found in over half of the recordings.
  @Test func aBarImuThatLostPacketsIsFoundWhereTheBarMoves() throws {
    let (folder, truth) = try TestSupport.generatedDataset(
      athletes: 3, sessions: 4, seed: 5, logOnlyShare: 0,
      imuFormats: SynthConfig.allImuFormats, lostPackets: true)
    defer { TestSupport.remove(folder) }
    var (recordings, found) = (0, 0)
    for session in truth.sessions {
      let features = try TestSupport.features(session.sessionId, in: folder)
      guard let imu = features.recordings.first(where: { $0.format != "vision19" }) else {
        continue
      }
      recordings += 1
      guard let lost = imu.lostPackets else { continue }
      found += 1
      // On a whole number of packets, few edges may tell the packet from every other edge.
      #expect(
        lost.packetSamples % 112 == 0 || 112 % lost.packetSamples == 0,
        "\(session.sessionId) \(imu.format): \(lost)")
      #expect(features.sets.allSatisfy { $0.source == .pose }, "\(session.sessionId)")
    }
    #expect(recordings >= 8)
    #expect(2 * found > recordings, "found in \(found) of \(recordings)")
  }
}
