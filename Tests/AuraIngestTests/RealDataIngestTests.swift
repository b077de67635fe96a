import AuraDomain
import AuraTestSupport
import Foundation
import Testing

@testable import AuraIngest

/// The real public recordings in ../shared/realdata parse, with plausible values.
@Suite(.enabled(if: TestSupport.hasRealData, "../shared/realdata is absent"))
struct RealDataIngestTests {
  static func reference(kind: RecordingKind, format: String, fps: Double? = nil)
    -> RecordingReference
  {
    RecordingReference(kind: kind, path: "x", format: format, fps: fps)
  }

  @Test func fusionIMUReadsAsXio() throws {
    let url = TestSupport.realData.appendingPathComponent("fusion-imu/sensor_data.csv")
    #expect(RecordingFormat.detect(url: url) == .xio)
    let imu = try XioReader.read(
      data: try Data(contentsOf: url), path: "fusion-imu/sensor_data.csv",
      reference: Self.reference(kind: .imu, format: "xio"))
    #expect(abs(imu.quality.sampleRateHz - 100) < 1)
    #expect(imu.times.count > 13_000)
    // The device lies still at first: 1 g of specific force, almost no rotation.
    let g =
      (imu.accelX[0] * imu.accelX[0] + imu.accelY[0] * imu.accelY[0]
      + imu.accelZ[0] * imu.accelZ[0]).squareRoot()
    #expect(abs(g - 9.78) < 0.1)
    #expect(abs(imu.gyroY[0] - (-0.1517251 * Double.pi / 180)) < 1e-9)
  }

  @Test func pose2simOpenPoseFramesFollowOnePerson() throws {
    let folder = TestSupport.realData.appendingPathComponent("pose2sim-demo/pose/cam01_json")
    #expect(RecordingFormat.detect(url: folder) == .openpose)
    let pose = try OpenPoseFolderReader.read(
      folder: folder, path: "cam01_json",
      reference: Self.reference(kind: .pose, format: "openpose", fps: 60),
      minimumConfidence: 0.3)
    #expect(pose.quality.notes.contains("keypoint layout body_25b"))
    #expect(pose.times.count == 100)
    #expect(abs(pose.quality.sampleRateHz - 60) < 0.01)
    // The followed person never jumps: the hip moves less than 40 px between frames.
    let root = try #require(pose.joints[.root])
    let steps = zip(root.x.dropFirst(), root.x).map { abs($0 - $1) }.filter(\.isFinite)
    #expect(steps.max() ?? 0 < 40)
  }

  @Test func pose2simTRCReadsWorldMetres() throws {
    let url = TestSupport.realData.appendingPathComponent(
      "pose2sim-demo/pose-3d/S00_P00_T01_BalancingTrial_0-100.trc")
    #expect(RecordingFormat.detect(url: url) == .trc)
    let pose = try TRCReader.read(
      data: try Data(contentsOf: url), path: "trial.trc",
      reference: Self.reference(kind: .pose, format: "trc"), minimumConfidence: 0.3)
    #expect(pose.space == .world && pose.pixelsPerMeter == 1)
    #expect(pose.times.count == 100 && abs(pose.quality.sampleRateHz - 60) < 0.01)
    let knee = try #require(pose.joints[.rightKnee])
    #expect(abs(knee.y[0] - 0.4931) < 0.001 && knee.z != nil)
    // Root is derived from the two hips: it sits between them.
    let root = try #require(pose.joints[.root])
    let left = try #require(pose.joints[.leftHip])
    let right = try #require(pose.joints[.rightHip])
    #expect(abs(root.y[0] - (left.y[0] + right.y[0]) / 2) < 1e-12)
  }

  @Test(arguments: ["bicep_good_1", "bicep_good_2", "bicep_bad_1", "bicep_bad_2"])
  func poseTrainerCOCO18WithTheOldKey(clip: String) throws {
    let folder = TestSupport.realData.appendingPathComponent("pose-trainer-bicep/\(clip)")
    let pose = try OpenPoseFolderReader.read(
      folder: folder, path: clip,
      reference: Self.reference(kind: .pose, format: "openpose", fps: 30), minimumConfidence: 0.1)
    #expect(pose.quality.notes.contains("keypoint layout coco18"))
    #expect(pose.times.count > 30)
    // Elbow flexion of the better-seen arm spans a real curl.
    var best = 0.0
    for (shoulder, elbow, wrist) in [
      (Joint.rightShoulder, Joint.rightElbow, Joint.rightWrist),
      (.leftShoulder, .leftElbow, .leftWrist),
    ] {
      guard let s = pose.joints[shoulder], let e = pose.joints[elbow], let w = pose.joints[wrist]
      else { continue }
      var angles: [Double] = []
      for i in pose.times.indices where s.x[i].isFinite && e.x[i].isFinite && w.x[i].isFinite {
        let a = atan2(s.y[i] - e.y[i], s.x[i] - e.x[i])
        let b = atan2(w.y[i] - e.y[i], w.x[i] - e.x[i])
        var angle = abs(a - b) * 180 / .pi
        if angle > 180 { angle = 360 - angle }
        angles.append(angle)
      }
      angles.sort()
      guard angles.count > 10 else { continue }
      best = max(best, angles[angles.count * 95 / 100] - angles[angles.count * 5 / 100])
    }
    #expect(best > 60, "\(clip): elbow range \(best)°")
  }
}
