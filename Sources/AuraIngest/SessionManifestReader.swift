import AuraDomain
import Foundation

/// A recording named by session.json.
package struct RecordingReference: Codable, Sendable, Equatable {
  package var kind: RecordingKind
  /// Relative to the session folder.
  package var path: String
  /// Declared format; nil when the manifest leaves it out (then detected from the file).
  package var format: String?
  package var fps: Double?
  package var view: String?
  package var imageWidth: Double?
  package var imageHeight: Double?
  package var pixelsPerMeter: Double?
  package var placement: ImuPlacement?
  package var accelUnit: String?
  package var gyroUnit: String?
  /// OpenPose keypoint layout (body_25, body_25b, coco18); detected when absent.
  package var skeleton: String?

  package init(
    kind: RecordingKind, path: String, format: String?, fps: Double? = nil, view: String? = nil,
    imageWidth: Double? = nil, imageHeight: Double? = nil, pixelsPerMeter: Double? = nil,
    placement: ImuPlacement? = nil, accelUnit: String? = nil, gyroUnit: String? = nil,
    skeleton: String? = nil
  ) {
    self.kind = kind
    self.path = path
    self.format = format
    self.fps = fps
    self.view = view
    self.imageWidth = imageWidth
    self.imageHeight = imageHeight
    self.pixelsPerMeter = pixelsPerMeter
    self.placement = placement
    self.accelUnit = accelUnit
    self.gyroUnit = gyroUnit
    self.skeleton = skeleton
  }
}

/// Decodes and checks a session.json: required fields, exercise names, set numbering.
package enum SessionManifestReader {
  /// The manifest and its recording references. `path` is relative to the dataset, for messages.
  package static func read(data: Data, path: String, catalog: ExerciseCatalog) throws -> (
    SessionManifest, [RecordingReference]
  ) {
    let raw = try decoded(data, path: path)
    guard let startTime = SessionTime(raw.start_time) else {
      throw DatasetProblem(
        path: path, line: 0,
        reason: "$.start_time: \(EntityId.quoted(raw.start_time)) is not ISO 8601")
    }
    if let problem = PlausibleRange.dateProblem(raw.start_time) {
      throw DatasetProblem(path: path, line: 0, reason: "$.start_time: \(problem)")
    }
    for (field, id) in [("session_id", raw.session_id), ("athlete_id", raw.athlete_id)] {
      if let problem = EntityId.problem(id) {
        throw DatasetProblem(
          path: path, line: 0, reason: "$.\(field): \(EntityId.quoted(id)) \(problem)")
      }
    }
    var sets: [ManifestSet] = []
    var numbers = Set<Int>()
    for (index, set) in (raw.sets ?? []).enumerated() {
      let location = "$.sets[\(index)]"
      guard let exercise = catalog.resolve(set.exercise) else {
        throw DatasetProblem(
          path: path, line: 0, reason: "\(location).exercise: unknown exercise '\(set.exercise)'")
      }
      guard numbers.insert(set.set_number).inserted else {
        throw DatasetProblem(
          path: path, line: 0, reason: "\(location).set_number: duplicate \(set.set_number)")
      }
      sets.append(try checked(set, exercise: exercise, at: location, path: path))
    }
    if let end = raw.end_time, ISODates.timestamp(end) == nil {
      throw DatasetProblem(
        path: path, line: 0, reason: "$.end_time: \(EntityId.quoted(end)) is not ISO 8601")
    }
    // Every recording's numbers are checked before any recording's kind and placement.
    for (index, recording) in (raw.recordings ?? []).enumerated() {
      for (name, value) in [
        ("fps", recording.fps), ("image_width", recording.image_width),
        ("image_height", recording.image_height),
        ("scale.pixels_per_meter", recording.scale?.pixels_per_meter),
      ] {
        if let value, let problem = PlausibleRange.problem(name, value) {
          throw DatasetProblem(
            path: path, line: 0, reason: "$.recordings[\(index)].\(name): \(problem)")
        }
      }
    }
    let recordings = try (raw.recordings ?? []).enumerated().map { index, recording in
      try reference(recording, at: "$.recordings[\(index)]", path: path)
    }
    let manifest = SessionManifest(
      sessionId: raw.session_id, athleteId: raw.athlete_id, startTime: startTime,
      endTime: raw.end_time,
      notes: raw.notes, sets: sets.sorted { $0.setNumber < $1.setNumber })
    return (manifest, recordings)
  }

  /// The manifest's JSON decoded, or the problem with its line and column where the JSON is
  /// malformed, or the field a value is missing from or of the wrong type in.
  private static func decoded(_ data: Data, path: String) throws -> RawManifest {
    do {
      return try JSONDecoder().decode(RawManifest.self, from: data)
    } catch let error as DecodingError {
      if let syntax = JSONSyntaxError.find(in: data) {
        throw DatasetProblem(
          path: path, line: syntax.line,
          reason: "malformed JSON at column \(syntax.column): \(syntax.reason)")
      }
      throw DatasetProblem(path: path, line: 0, reason: describe(error))
    } catch {
      throw DatasetProblem(
        path: path, line: 0, reason: "malformed JSON: \(error.localizedDescription)")
    }
  }

  /// One set of the manifest (at `location`, "$.sets[i]") of a known `exercise`, checked:
  /// bounds in order, plausible numbers, a tempo and a form label that parse.
  private static func checked(
    _ set: RawManifest.RawSet, exercise: ExerciseDefinition, at location: String, path: String
  ) throws -> ManifestSet {
    if let start = set.start_s, let end = set.end_s, !(end > start) {
      throw DatasetProblem(
        path: path, line: 0, reason: "\(location): end_s \(end) is not after start_s \(start)")
    }
    for (name, value) in [
      ("load_kg", set.load_kg), ("rpe", set.rpe), ("start_s", set.start_s), ("end_s", set.end_s),
      ("reps", set.reps.map(Double.init)),
    ] {
      if let value, let problem = PlausibleRange.problem(name, value) {
        throw DatasetProblem(path: path, line: 0, reason: "\(location).\(name): \(problem)")
      }
    }
    var tempo: Tempo? = nil
    if let notation = set.target_tempo {
      guard let parsed = Tempo(notation: notation) else {
        throw DatasetProblem(
          path: path, line: 0,
          reason: "\(location).target_tempo: '\(notation)' is not e-p-c seconds")
      }
      tempo = parsed
    }
    if let label = set.form_label, !["good", "bad"].contains(label) {
      throw DatasetProblem(
        path: path, line: 0, reason: "\(location).form_label: '\(label)' is not good or bad")
    }
    return ManifestSet(
      setNumber: set.set_number, exerciseId: exercise.id, loadKg: set.load_kg,
      startSeconds: set.start_s,
      endSeconds: set.end_s, reps: set.reps, rpe: set.rpe, targetTempo: tempo,
      formLabel: set.form_label, failed: set.failed,
      loadConfirmed: set.load_confirmed ?? false)
  }

  /// One recording of the manifest (at `location`, "$.recordings[i]") with a known kind and
  /// placement.
  private static func reference(
    _ recording: RawManifest.RawRecording, at location: String, path: String
  ) throws -> RecordingReference {
    guard let kind = RecordingKind(rawValue: recording.kind) else {
      throw DatasetProblem(
        path: path, line: 0,
        reason: "\(location).kind: \(EntityId.quoted(recording.kind)) is not pose or imu")
    }
    var placement: ImuPlacement? = nil
    if let named = recording.placement {
      guard let known = ImuPlacement(rawValue: named) else {
        throw DatasetProblem(
          path: path, line: 0,
          reason:
            "\(location).placement: \(EntityId.quoted(named)) is not one of \(ImuPlacement.listed)"
        )
      }
      placement = known
    }
    return RecordingReference(
      kind: kind, path: recording.path, format: recording.format, fps: recording.fps,
      view: recording.view, imageWidth: recording.image_width,
      imageHeight: recording.image_height,
      pixelsPerMeter: recording.scale?.pixels_per_meter, placement: placement,
      accelUnit: recording.accel_unit, gyroUnit: recording.gyro_unit,
      skeleton: recording.skeleton)
  }

  static func describe(_ error: DecodingError) -> String {
    func jsonPath(_ path: [CodingKey]) -> String {
      "$" + path.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
    }
    switch error {
    case .keyNotFound(let key, let context):
      return "\(jsonPath(context.codingPath + [key])): required field is missing"
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return "\(jsonPath(context.codingPath)): \(context.debugDescription)"
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty
        ? "malformed JSON" : "\(jsonPath(context.codingPath)): \(context.debugDescription)"
    @unknown default:
      return "malformed JSON"
    }
  }
}

// Field names follow session.json's snake_case (docs/dataset.md).
// swift-format-ignore: AlwaysUseLowerCamelCase
private struct RawManifest: Decodable {
  struct RawSet: Decodable {
    var set_number: Int
    var exercise: String
    var load_kg: Double?
    var start_s: Double?
    var end_s: Double?
    var reps: Int?
    var rpe: Double?
    var target_tempo: String?
    var form_label: String?
    var failed: Bool?
    var load_confirmed: Bool?
  }
  struct RawScale: Decodable {
    var pixels_per_meter: Double?
    var method: String?
  }
  struct RawRecording: Decodable {
    var kind: String
    var path: String
    var format: String?
    var fps: Double?
    var view: String?
    var image_width: Double?
    var image_height: Double?
    var scale: RawScale?
    var placement: String?
    var accel_unit: String?
    var gyro_unit: String?
    var skeleton: String?
  }
  var session_id: String
  var athlete_id: String
  var start_time: String
  var end_time: String?
  var notes: String?
  var sets: [RawSet]?
  var recordings: [RawRecording]?
}
