/// MediaPipe Pose's 33 landmarks, in file order: the `mediapipe33` format's columns are each
/// name's `_x`, `_y`, `_z` and `_visibility`.
package enum MediaPipeLandmarks {
  package static let names = [
    "nose", "left_eye_inner", "left_eye", "left_eye_outer", "right_eye_inner", "right_eye",
    "right_eye_outer", "left_ear", "right_ear", "mouth_left", "mouth_right", "left_shoulder",
    "right_shoulder", "left_elbow", "right_elbow", "left_wrist", "right_wrist", "left_pinky",
    "right_pinky", "left_index", "right_index", "left_thumb", "right_thumb", "left_hip",
    "right_hip", "left_knee", "right_knee", "left_ankle", "right_ankle", "left_heel",
    "right_heel", "left_foot_index", "right_foot_index",
  ]
}

/// Keypoint layouts of the pose formats, mapped onto the canonical joints.
/// Joints a layout lacks (Vision's `neck` and `root`) are derived from the shoulders and hips.
enum Skeleton: String, CaseIterable {
  case vision19
  case mediapipe33
  case coco17
  /// OpenPose BODY_25: nose, neck, right arm, left arm, mid-hip, right leg, left leg, face, feet.
  case body25 = "body_25"
  /// OpenPose's experimental BODY_25B (what Pose2Sim writes): COCO order, then neck and head.
  case body25B = "body_25b"
  /// OpenPose COCO-18: BODY_25 without mid-hip and feet.
  case coco18

  /// Keypoint names in file order ("" for points with no canonical joint).
  var keypoints: [String] {
    switch self {
    case .vision19: return Joint.allCases.map(\.rawValue)
    case .mediapipe33: return MediaPipeLandmarks.names
    case .coco17:
      return [
        "nose", "left_eye", "right_eye", "left_ear", "right_ear", "left_shoulder",
        "right_shoulder", "left_elbow", "right_elbow", "left_wrist", "right_wrist", "left_hip",
        "right_hip", "left_knee", "right_knee", "left_ankle", "right_ankle",
      ]
    case .body25:
      return [
        "nose", "neck", "right_shoulder", "right_elbow", "right_wrist", "left_shoulder",
        "left_elbow", "left_wrist", "root", "right_hip", "right_knee", "right_ankle", "left_hip",
        "left_knee", "left_ankle", "right_eye", "left_eye", "right_ear", "left_ear",
        "left_big_toe", "left_small_toe", "left_heel", "right_big_toe", "right_small_toe",
        "right_heel",
      ]
    case .body25B:
      return Skeleton.coco17.keypoints + [
        "neck", "head_top", "left_big_toe", "left_small_toe", "left_heel", "right_big_toe",
        "right_small_toe", "right_heel",
      ]
    case .coco18:
      return Array(Skeleton.body25.keypoints.prefix(8))
        + [
          "right_hip", "right_knee", "right_ankle", "left_hip", "left_knee", "left_ankle",
          "right_eye", "left_eye", "right_ear", "left_ear",
        ]
    }
  }

  /// For each keypoint index, the canonical joint it is (nil for points we do not use).
  var joints: [Joint?] { keypoints.map { Joint(rawValue: $0) } }
}

extension Joint {
  /// Canonical joints from marker or keypoint names in the spellings of TRC files and other
  /// tools (RHip, r_hip, RightHip, Hip, MidHip, Pelvis...), compared without case or separators.
  static func fromMarkerName(_ name: String) -> Joint? {
    let key = name.lowercased().filter { $0.isLetter }
    if let direct = markerAliases[key] { return direct }
    return Joint.allCases.first { $0.rawValue.filter(\.isLetter) == key }
  }

  private static let markerAliases: [String: Joint] = {
    var aliases: [String: Joint] = [
      "hip": .root, "midhip": .root, "pelvis": .root, "root": .root, "neck": .neck,
      "nose": .nose,
    ]
    let sided: [(String, String)] = [
      ("shoulder", "Shoulder"), ("elbow", "Elbow"), ("wrist", "Wrist"), ("hip", "Hip"),
      ("knee", "Knee"), ("ankle", "Ankle"), ("eye", "Eye"), ("ear", "Ear"),
    ]
    for (part, _) in sided {
      for (short, long) in [("l", "left"), ("r", "right")] {
        let joint = Joint(rawValue: "\(long)_\(part)")
        aliases[short + part] = joint
        aliases[long + part] = joint
      }
    }
    return aliases
  }()
}
