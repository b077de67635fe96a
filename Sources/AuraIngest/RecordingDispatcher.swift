import AuraDomain
import Foundation

/// A recording about to be read: its format and, for a single file, its bytes, mapped once for
/// both the format's detection and the reader.
struct OpenedRecording {
  var format: RecordingFormat
  var url: URL
  /// The file's bytes; nil for a folder or a file that could not be mapped.
  var mapped: Data?
}

/// Chooses the reader for a recording: the declared format, checked against what the file looks
/// like, or the detected one where the manifest gives none.
enum RecordingDispatcher {
  static func open(
    _ recording: RecordingReference, at url: URL, path: String, manifestPath: String, index: Int
  ) throws -> OpenedRecording {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
      throw DatasetProblem(path: path, line: 0, reason: "recording is missing or unreadable")
    }
    if let problem = FileSizeLimit.problem(url, kind: "recording") {
      throw DatasetProblem(path: path, line: 0, reason: problem)
    }
    let mapped = isFolder.boolValue ? nil : try? Data(contentsOf: url, options: .alwaysMapped)
    let detected =
      isFolder.boolValue ? RecordingFormat.detect(url: url) : mapped.flatMap(RecordingFormat.detect)
    let format: RecordingFormat
    if let declared = recording.format {
      guard let known = RecordingFormat(rawValue: declared.lowercased()) else {
        throw DatasetProblem(
          path: manifestPath, line: 0,
          reason: "$.recordings[\(index)].format: unknown format '\(declared)'")
      }
      if let detected, detected != known {
        throw DatasetProblem(
          path: path, line: 1,
          reason:
            "declared format \(known.rawValue) does not match the file (it looks like \(detected.rawValue))"
        )
      }
      format = known
    } else {
      guard let detected else {
        throw DatasetProblem(
          path: path, line: 1, reason: "no format in the manifest and none recognised from the file"
        )
      }
      format = detected
    }
    guard format.kind == recording.kind else {
      throw DatasetProblem(
        path: manifestPath, line: 0,
        reason:
          "$.recordings[\(index)].kind '\(recording.kind)' but \(format.rawValue) is \(format.kind)"
      )
    }
    let needsFolder = format == .openpose || format == .sensorlogger
    if needsFolder != isFolder.boolValue, format != .metawear {
      throw DatasetProblem(
        path: path, line: 0,
        reason: "\(format.rawValue) recordings are \(needsFolder ? "folders" : "files")")
    }
    return OpenedRecording(format: format, url: url, mapped: mapped)
  }

  /// The pose series of the `joints` asked for (every joint unless told).
  static func readPose(
    _ recording: OpenedRecording, path: String, reference: RecordingReference,
    minimumConfidence: Double, joints: Set<Joint> = Set(Joint.allCases)
  ) throws -> PoseSeries {
    let url = recording.url
    func data() throws -> Data { try load(url, path, mapped: recording.mapped) }
    switch recording.format {
    case .openpose:
      return try OpenPoseFolderReader.read(
        folder: url, path: path, reference: reference, minimumConfidence: minimumConfidence,
        joints: joints)
    case .trc:
      return try TRCReader.read(
        data: try data(), path: path, reference: reference, minimumConfidence: minimumConfidence,
        joints: joints)
    case .vision19:
      let data = try data()
      if data.first(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) })
        == UInt8(ascii: "[")
      {
        return try Vision19JSONReader.read(
          data: data, path: path, reference: reference, minimumConfidence: minimumConfidence,
          joints: joints)
      }
      return try KeypointCSVReader.read(
        data: data, path: path, skeleton: .vision19, reference: reference,
        minimumConfidence: minimumConfidence, joints: joints)
    case .mediapipe33, .coco17:
      return try KeypointCSVReader.read(
        data: try data(), path: path,
        skeleton: recording.format == .coco17 ? .coco17 : .mediapipe33, reference: reference,
        minimumConfidence: minimumConfidence, joints: joints)
    default:
      preconditionFailure("\(recording.format) is not a pose format")
    }
  }

  static func readImu(
    _ recording: OpenedRecording, path: String, reference: RecordingReference
  ) throws -> ImuSeries {
    let url = recording.url
    func data() throws -> Data { try load(url, path, mapped: recording.mapped) }
    switch recording.format {
    case .generic:
      return try GenericImuReader.read(data: try data(), path: path, reference: reference)
    case .xio:
      return try XioReader.read(data: try data(), path: path, reference: reference)
    case .smartweights:
      return try SmartWeightsReader.read(data: try data(), path: path, reference: reference)
    case .metawear:
      return try MetaWearReader.read(url: url, path: path, reference: reference)
    case .sensorlogger:
      return try SensorLoggerReader.read(folder: url, path: path, reference: reference)
    default:
      preconditionFailure("\(recording.format) is not an IMU format")
    }
  }

  /// A recording file's bytes (`mapped` when the caller has them already), or a problem naming
  /// `path` when it is missing, unreadable or empty. The file is memory-mapped (no copy, no
  /// zeroed pages): datasets are read-only inputs, and a file truncated by someone else during
  /// the run stops the run, which a rerun then completes.
  static func load(_ url: URL, _ path: String, mapped: Data? = nil) throws -> Data {
    guard let data = mapped ?? (try? Data(contentsOf: url, options: .alwaysMapped)) else {
      throw DatasetProblem(path: path, line: 0, reason: "recording is missing or unreadable")
    }
    guard !data.isEmpty else { throw DatasetProblem(path: path, line: 0, reason: "empty file") }
    return data
  }
}
