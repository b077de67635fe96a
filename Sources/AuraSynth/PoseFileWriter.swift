import Foundation

/// Writes a filmed pose in any pose format of the dataset contract, as the tools that make
/// them do (MediaPipe and COCO origins top-left, OpenPose one file per frame with zeros for
/// missing points and a bystander, TRC in world metres).
enum PoseFileWriter {
  static let formats = ["vision19", "vision19_json", "mediapipe33", "coco17", "openpose", "trc"]

  /// Writes `pose` into `folder` and returns the manifest's recording entry.
  static func write(_ pose: FilmedPose, format: String, fps: Double, to folder: URL) throws
    -> RecordingJSON
  {
    let camera = pose.camera
    var entry = RecordingJSON(
      kind: "pose", path: "pose.csv", format: format, fps: fps, view: "sagittal",
      imageWidth: camera.width, imageHeight: camera.height)
    switch format {
    case "vision19":
      try csv(pose, names: RecordedSessionSynthesizer.jointNames, suffixes: ["_x", "_y", "_c"]) {
        joint, frame in
        [pose.x[joint][frame], pose.y[joint][frame], pose.confidence[joint][frame]]
      }.write(to: folder.appendingPathComponent("pose.csv"))
    case "vision19_json":
      entry.path = "pose.json"
      entry.format = "vision19"
      try visionJSON(pose).write(to: folder.appendingPathComponent("pose.json"))
    case "mediapipe33":
      let names = mediaPipeNames.map(\.name)
      try csv(pose, names: names, suffixes: ["_x", "_y", "_z", "_visibility"]) { landmark, frame in
        let joint = mediaPipeNames[landmark].joint
        return [pose.x[joint][frame], 1 - pose.y[joint][frame], 0, pose.confidence[joint][frame]]
      }.write(to: folder.appendingPathComponent("pose.csv"))
    case "coco17":
      let cocoNames = RecordedSessionSynthesizer.jointNames.filter { $0 != "neck" && $0 != "root" }
      try csv(pose, names: cocoNames, suffixes: ["_x", "_y", "_c"], decimals: 1) {
        keypoint, frame in
        let joint = RecordedSessionSynthesizer.jointNames.firstIndex(of: cocoNames[keypoint])!
        return [
          pose.x[joint][frame] * camera.width, (1 - pose.y[joint][frame]) * camera.height,
          pose.confidence[joint][frame],
        ]
      }.write(to: folder.appendingPathComponent("pose.csv"))
    case "openpose":
      entry.path = "keypoints"
      try openPose(pose, to: folder.appendingPathComponent("keypoints"))
    case "trc":
      entry.path = "pose.trc"
      entry.imageWidth = nil
      entry.imageHeight = nil
      try trc(pose, fps: fps).write(to: folder.appendingPathComponent("pose.trc"))
    default:
      throw CocoaError(
        .featureUnsupported, userInfo: [NSDebugDescriptionErrorKey: "pose format \(format)"])
    }
    return entry
  }

  /// MediaPipe's 33 landmarks, each placed on the nearest of our 19 joints.
  private static let mediaPipeNames: [(name: String, joint: Int)] = {
    let index = { (name: String) in RecordedSessionSynthesizer.jointNames.firstIndex(of: name)! }
    let pairs: [(String, String)] = [
      ("nose", "nose"), ("left_eye_inner", "left_eye"), ("left_eye", "left_eye"),
      ("left_eye_outer", "left_eye"), ("right_eye_inner", "right_eye"), ("right_eye", "right_eye"),
      ("right_eye_outer", "right_eye"), ("left_ear", "left_ear"), ("right_ear", "right_ear"),
      ("mouth_left", "nose"), ("mouth_right", "nose"), ("left_shoulder", "left_shoulder"),
      ("right_shoulder", "right_shoulder"), ("left_elbow", "left_elbow"),
      ("right_elbow", "right_elbow"), ("left_wrist", "left_wrist"), ("right_wrist", "right_wrist"),
      ("left_pinky", "left_wrist"), ("right_pinky", "right_wrist"), ("left_index", "left_wrist"),
      ("right_index", "right_wrist"), ("left_thumb", "left_wrist"), ("right_thumb", "right_wrist"),
      ("left_hip", "left_hip"), ("right_hip", "right_hip"), ("left_knee", "left_knee"),
      ("right_knee", "right_knee"), ("left_ankle", "left_ankle"), ("right_ankle", "right_ankle"),
      ("left_heel", "left_ankle"), ("right_heel", "right_ankle"), ("left_foot_index", "left_ankle"),
      ("right_foot_index", "right_ankle"),
    ]
    return pairs.map { ($0.0, index($0.1)) }
  }()

  private static func csv(
    _ pose: FilmedPose, names: [String], suffixes: [String], decimals: Int = 4,
    values: (Int, Int) -> [Double]
  ) -> Data {
    var out =
      "t,"
      + names.map { name in suffixes.map { name + $0 }.joined(separator: ",") }
      .joined(separator: ",") + "\n"
    for frame in pose.times.indices {
      FixedPoint.append(pose.times[frame], 4, to: &out)
      for point in names.indices {
        let v = values(point, frame)
        for (k, value) in v.enumerated() {
          out += ","
          FixedPoint.append(value, k == v.count - 1 ? 2 : decimals, to: &out)
        }
      }
      out += "\n"
    }
    return Data(out.utf8)
  }

  private static func visionJSON(_ pose: FilmedPose) -> Data {
    var out = "["
    for frame in pose.times.indices {
      if frame > 0 { out += "," }
      out += "{\"t\":" + FixedPoint.text(pose.times[frame], 4) + ",\"joints\":{"
      out += RecordedSessionSynthesizer.jointNames.enumerated().map { joint, name in
        "\"\(name)\":[" + FixedPoint.text(pose.x[joint][frame], 4) + ","
          + FixedPoint.text(pose.y[joint][frame], 4) + ","
          + FixedPoint.text(pose.confidence[joint][frame], 2) + "]"
      }.joined(separator: ",")
      out += "}}"
    }
    return Data((out + "]").utf8)
  }

  /// BODY_25 frames; every fourth second a bystander stands left of the athlete and comes first
  /// in `people`, as OpenPose orders by its own scoring.
  private static func openPose(_ pose: FilmedPose, to folder: URL) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let names = [
      "nose", "neck", "right_shoulder", "right_elbow", "right_wrist", "left_shoulder",
      "left_elbow", "left_wrist", "root", "right_hip", "right_knee", "right_ankle", "left_hip",
      "left_knee", "left_ankle", "right_eye", "left_eye", "right_ear", "left_ear",
    ]
    let joints = names.map { RecordedSessionSynthesizer.jointNames.firstIndex(of: $0)! }
    let camera = pose.camera
    for frame in pose.times.indices {
      func person(shift: Double) -> String {
        var values: [String] = []
        for joint in joints {
          let c = pose.confidence[joint][frame]
          if c < 0.1 {
            values += ["0", "0", "0"]
          } else {
            values.append(FixedPoint.text(pose.x[joint][frame] * camera.width + shift, 3))
            values.append(FixedPoint.text((1 - pose.y[joint][frame]) * camera.height, 3))
            values.append(FixedPoint.text(c, 3))
          }
        }
        values += Array(repeating: "0", count: 18)  // feet points: not detected
        return "{\"person_id\":[-1],\"pose_keypoints_2d\":[\(values.joined(separator: ","))]}"
      }
      let bystander = Int(pose.times[frame] / 4) % 2 == 1
      let people = bystander ? [person(shift: -420), person(shift: 0)] : [person(shift: 0)]
      let json = "{\"version\":1.3,\"people\":[\(people.joined(separator: ","))]}"
      try Data(json.utf8).write(
        to: folder.appendingPathComponent(String(format: "clip_%012d_keypoints.json", frame)))
    }
  }

  /// World metres (Y up) from the camera's scale; the far side sits 0.3 m deeper in Z.
  private static func trc(_ pose: FilmedPose, fps: Double) -> Data {
    let names = [
      "Nose", "LEye", "REye", "LEar", "REar", "LShoulder", "RShoulder", "Neck", "LElbow",
      "RElbow", "LWrist", "RWrist", "Hip", "LHip", "RHip", "LKnee", "RKnee", "LAnkle", "RAnkle",
    ]
    let camera = pose.camera
    var out = "PathFileType\t4\t(X/Y/Z)\tpose.trc\n"
    out +=
      "DataRate\tCameraRate\tNumFrames\tNumMarkers\tUnits\tOrigDataRate\tOrigDataStartFrame\tOrigNumFrames\n"
    out +=
      "\(Int(fps))\t\(Int(fps))\t\(pose.times.count)\t\(names.count)\tm\t\(Int(fps))\t1\t\(pose.times.count)\n"
    out += "Frame#\tTime\t" + names.map { "\($0)\t\t\t" }.joined() + "\n"
    out +=
      "\t\t" + names.indices.map { "X\($0 + 1)\tY\($0 + 1)\tZ\($0 + 1)" }.joined(separator: "\t")
      + "\n\n"
    for frame in pose.times.indices {
      out += "\(frame + 1)\t" + FixedPoint.text(pose.times[frame], 4)
      for joint in names.indices {
        if pose.confidence[joint][frame] < 0.3 {
          out += "\t\t\t"
          continue
        }
        let x = (pose.x[joint][frame] * camera.width - camera.originX) / camera.pixelsPerMeter
        let y = (pose.y[joint][frame] * camera.height - camera.originY) / camera.pixelsPerMeter
        let z = names[joint].hasPrefix("R") ? 0.15 : names[joint].hasPrefix("L") ? -0.15 : 0
        for value in [x, y, z] {
          out += "\t"
          FixedPoint.append(value, 5, to: &out)
        }
      }
      out += "\n"
    }
    return Data(out.utf8)
  }
}
