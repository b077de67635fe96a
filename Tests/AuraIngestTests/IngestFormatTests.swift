import AuraDomain
import AuraFeatures
import AuraSynth
import AuraTestSupport
import Foundation
import Testing

@testable import AuraIngest

/// Every format of the contract, written by the generator as the tools that make it do, read
/// back through the ingest stage and measured against the generator's truth.
@Suite struct IngestFormatTests {
  /// Reads every recorded session and counts sets whose rep count matches the truth.
  static func readAll(poseFormat: String, imuFormat: String, measure: Bool = true) throws -> (
    sessions: [IngestedSession], exact: Int, sets: Int
  ) {
    let (folder, truth) = try TestSupport.generatedDataset(
      athletes: 2, sessions: 2, seed: 21, logOnlyShare: 0, poseFormats: [poseFormat],
      imuFormats: [imuFormat])
    defer { TestSupport.remove(folder) }
    let bodies = BodyDimensions.byAthlete(try DatasetTablesReader.read(root: folder))
    let extractor = SessionFeatureExtractor(
      settings: try .init(TestSupport.parameters), catalog: .builtIn)
    var sessions: [IngestedSession] = []
    var exact = 0
    var sets = 0
    for sessionTruth in truth.sessions {
      let session = try SessionReader.read(
        folder: sessionTruth.sessionId, datasetRoot: folder, catalog: .builtIn,
        settings: try .init(TestSupport.parameters))
      sessions.append(session)
      guard measure else { continue }
      let body = bodies[session.manifest.athleteId] ?? BodyDimensions(heightCm: nil)
      let features = try extractor.extract(session, body: body)
      for setTruth in sessionTruth.sets {
        sets += 1
        if features.sets.first(where: { $0.setNumber == setTruth.setNumber })?.reps.count
          == setTruth.reps
        {
          exact += 1
        }
      }
    }
    return (sessions, exact, sets)
  }

  @Test(arguments: SynthConfig.allPoseFormats)
  func poseFormatReadsAndCountsEveryRep(format: String) throws {
    let result = try Self.readAll(poseFormat: format, imuFormat: "generic")
    let expected = format == "vision19_json" ? "vision19" : format
    for session in result.sessions {
      let pose = try #require(session.pose)
      #expect(pose.quality.format == expected)
      #expect([30.0, 60.0].contains { abs(pose.quality.sampleRateHz - $0) < 1 })
      #expect(pose.joints[.leftKnee] != nil && pose.joints[.root] != nil)
      #expect(pose.space == (format == "trc" ? .world : .image))
    }
    #expect(result.sets > 0)
    #expect(result.exact == result.sets, "\(format): \(result.exact)/\(result.sets) sets exact")
  }

  @Test(arguments: SynthConfig.allImuFormats)
  func imuFormatReadsInSIUnits(format: String) throws {
    let result = try Self.readAll(poseFormat: "vision19", imuFormat: format, measure: false)
    let imus = result.sessions.compactMap(\.imu)
    #expect(!imus.isEmpty, "the generated dataset has no IMU session")
    for imu in imus {
      #expect(imu.quality.format == format)
      #expect([50.0, 100.0, 200.0].contains { abs(imu.quality.sampleRateHz - $0) < 1 })
      // At rest and on average the accelerometer reads 1 g of specific force.
      var total = 0.0
      for i in imu.times.indices {
        let squared: Double = imu.accelX[i] * imu.accelX[i] + imu.accelY[i] * imu.accelY[i]
        total += (squared + imu.accelZ[i] * imu.accelZ[i]).squareRoot()
      }
      let magnitude = total / Double(imu.times.count)
      #expect(abs(magnitude - 9.81) < 0.4, "\(format): mean |a| \(magnitude)")
      #expect(imu.hasGyroscope == (format != "smartweights"))
      if format == "metawear" { #expect(imu.quality.resampled) }
    }
  }

  /// A device that resends its last reading under a later time (the bar-mounted sets of
  /// docs/real-data.md: a third of their rows, 3-4 ms after the reading they repeat) has its
  /// repeats dropped, so that its rate is the sensor's, not the resends'; a still sensor's
  /// first and last samples stay.
  @Test func resentReadingsAreDropped() throws {
    var lines = ["t,ax,ay,az,gx,gy,gz"]
    for i in 0..<200 {
      let t = Double(i) * 0.025
      let reading = String(format: "%.4f,0,%.4f,0.01,0,0", sin(t), 9.8 + cos(t))
      lines.append(String(format: "%.3f,", t) + reading)
      if i % 2 == 0 { lines.append(String(format: "%.3f,", t + 0.004) + reading) }
    }
    let reference = RecordingReference(
      kind: .imu, path: "bar.csv", format: "generic", placement: .barbell, accelUnit: "m/s2",
      gyroUnit: "rad/s")
    let imu = try GenericImuReader.read(
      data: Data(lines.joined(separator: "\n").utf8), path: "bar.csv", reference: reference)
    #expect(imu.quality.notes.contains { $0.contains("100 samples repeat the one before them") })
    #expect(abs(imu.quality.sampleRateHz - 40) < 1, "\(imu.quality.sampleRateHz) Hz")
    let still = [
      "t,ax,ay,az,gx,gy,gz", "0.00,0,0,9.8,0,0,0", "0.01,0,0,9.8,0,0,0",
      "0.02,0,0,9.8,0,0,0",
    ]
    let held = try GenericImuReader.read(
      data: Data(still.joined(separator: "\n").utf8), path: "bar.csv", reference: reference)
    #expect(held.times.first == 0 && held.times.last == 0.02)
  }
}
