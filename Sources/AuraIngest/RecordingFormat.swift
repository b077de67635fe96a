import AuraDomain
import Foundation

/// What a recording records: body keypoints from a camera, or an inertial sensor's streams.
package enum RecordingKind: String, Codable, Sendable, CaseIterable {
  case pose, imu
}

/// The recording formats of the dataset contract.
package enum RecordingFormat: String, CaseIterable, Sendable {
  case vision19, mediapipe33, coco17, openpose, trc
  case generic, sensorlogger, metawear, xio, smartweights

  package var kind: RecordingKind {
    switch self {
    case .vision19, .mediapipe33, .coco17, .openpose, .trc: return .pose
    case .generic, .sensorlogger, .metawear, .xio, .smartweights: return .imu
    }
  }

  /// The format a file or folder looks like, from its name, first bytes or CSV header; nil when
  /// it looks like none of them.
  package static func detect(url: URL) -> RecordingFormat? {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
      return nil
    }
    if isFolder.boolValue {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
      if names.contains("Gyroscope.csv") || names.contains("Accelerometer.csv") {
        return .sensorlogger
      }
      if names.contains(where: { $0.hasSuffix(".json") }) { return .openpose }
      if let csv = names.sorted().first(where: { $0.lowercased().hasSuffix(".csv") }) {
        return detect(url: url.appendingPathComponent(csv)) == .metawear ? .metawear : nil
      }
      return nil
    }
    // Mapped, not read: only the pages of the first line are touched (the readers map the
    // file again).
    guard let head = try? Data(contentsOf: url, options: .alwaysMapped) else { return nil }
    return detect(head: head)
  }

  /// The format from a file's first bytes.
  static func detect(head: Data) -> RecordingFormat? {
    head.withUnsafeBytes { detect(bytes: $0[...]) }
  }

  private static func detect(bytes: Slice<UnsafeRawBufferPointer>) -> RecordingFormat? {
    var bytes = bytes
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    // Only the first non-blank line matters, split and trimmed as bytes: Foundation's
    // `trimmingCharacters` goes through NSString for every column name.
    bytes = bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    let lineEnd = bytes.firstIndex { $0 == 0x0A || $0 == 0x0D } ?? bytes.endIndex
    let firstLine = bytes[..<lineEnd]
    if firstLine.starts(with: "PathFileType".utf8) { return .trc }
    if firstLine.first == UInt8(ascii: "[") { return .vision19 }
    guard !firstLine.isEmpty else { return nil }
    func isPadding(_ byte: UInt8) -> Bool {
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\t")
    }
    let header = Set(
      firstLine.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map {
        let end = ($0.lastIndex { !isPadding($0) } ?? $0.startIndex - 1) + 1
        return String(decoding: $0[..<end].drop(while: isPadding), as: UTF8.self)
      })
    if header.contains("xCoord"), header.contains("dateTime") { return .smartweights }
    if header.contains(where: { $0.hasPrefix("Gyroscope X") || $0.hasPrefix("Accelerometer X") }) {
      return .xio
    }
    if header.contains(where: { $0.hasPrefix("x-axis") }) { return .metawear }
    if header.contains("seconds_elapsed") { return .sensorlogger }
    if header.isSuperset(of: ["t", "ax", "ay", "az"]) { return .generic }
    if header.contains(where: { $0.hasSuffix("_visibility") }) { return .mediapipe33 }
    if header.contains(where: { $0.hasSuffix("_c") }) {
      return header.contains("root_x") || header.contains("neck_x") ? .vision19 : .coco17
    }
    return nil
  }
}
