import AuraDomain
import AuraTestSupport
import Foundation
import Testing

@testable import AuraIngest

/// A small deterministic generator for property tests (xorshift64*).
struct TestRandom {
  var state: UInt64
  init(seed: UInt64) { state = seed | 1 }
  mutating func next() -> UInt64 {
    state ^= state >> 12
    state ^= state << 25
    state ^= state >> 27
    return state &* 2_685_821_657_736_338_717
  }
  mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }
}

/// The fast numeric scanner agrees with libcsv to the bit, and no parser crashes, hangs or
/// throws anything but a `DatasetProblem` on random or mutated input.
@Suite(.timeLimit(.minutes(2))) struct ParserPropertyTests {
  static let sampleDataset = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../datasets/sample").standardizedFileURL

  static func allColumns(_ header: [String]) -> [Int] { Array(header.indices) }

  static func expectSame(_ a: NumericTable, _ b: NumericTable) {
    #expect(a.header == b.header && a.lines == b.lines && a.values.count == b.values.count)
    let same = zip(a.values.joined(), b.values.joined()).allSatisfy {
      $0.bitPattern == $1.bitPattern || ($0.isNaN && $1.isNaN)
    }
    #expect(same)
  }

  @Test func scannerMatchesLibCSVOnARealRecording() throws {
    let url = Self.sampleDataset.appendingPathComponent("sessions/s-000001/pose.csv")
    let data = try Data(contentsOf: url)
    let fast = try NumericTable.read(data: data, path: "pose.csv", select: Self.allColumns)
    #expect(fast.usedFastPath)
    #expect(fast.rowCount > 100)
    let slow = try NumericTable.readWithLibCSV(
      data: data, path: "pose.csv", select: Self.allColumns)
    Self.expectSame(fast, slow)
  }

  @Test func scannerMatchesLibCSVOnEveryNumberSpelling() throws {
    var random = TestRandom(seed: 7)
    let spellings: [(inout TestRandom) -> String] = [
      { "\($0.below(1000))" },
      { r in "-\(r.below(100)).\(r.below(100_000))" },
      { r in "\(r.below(10)).\(r.below(10))e\(r.below(40) - 20)" },
      { r in "\(r.next())\(r.next() % 1000)" },  // more than 19 digits
      { r in "0.\(String(repeating: "0", count: r.below(30)))\(r.below(999) + 1)" },
      { r in "+\(r.below(50))E+\(r.below(300))" },
      { _ in "" },
      { r in "\(r.below(9)).\(r.below(9))e-\(300 + r.below(30))" },  // subnormal
    ]
    var text = "a,b,c,d\n"
    for row in 0..<2000 {
      text += (0..<4).map { _ in spellings[random.below(spellings.count)](&random) }
        .joined(separator: ",")
      text += row % 7 == 0 ? "\r\n" : "\n"
    }
    let data = Data(text.utf8)
    let fast = try NumericTable.read(data: data, path: "n.csv", select: Self.allColumns)
    #expect(fast.usedFastPath)
    let slow = try NumericTable.readWithLibCSV(data: data, path: "n.csv", select: Self.allColumns)
    Self.expectSame(fast, slow)
  }

  @Test func quotedFilesFallBackToLibCSV() throws {
    let data = Data("t,x\n0,\"1.5\"\n1,2\n".utf8)
    let table = try NumericTable.read(data: data, path: "q.csv", select: Self.allColumns)
    #expect(!table.usedFastPath)
    #expect(table.values == [[0, 1], [1.5, 2]])
  }

  // MARK: fuzzing

  /// Random bytes, and valid input with bytes flipped, delimiters and quotes inserted, lines
  /// duplicated or cut: every parser answers with a value or a DatasetProblem.
  static func fuzz(
    seed valid: String, iterations: Int = 250, _ parse: (Data) throws -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var random = TestRandom(seed: UInt64(valid.utf8.count) &* 31 &+ 5)
    let base = Array(valid.utf8)
    let specials: [UInt8] = Array(",\"\n\r\t{}[]:-.eE0 ".utf8) + [0, 0xFF, 0xEF]
    for iteration in 0..<iterations {
      var bytes: [UInt8]
      if iteration % 5 == 0 {
        bytes = (0..<random.below(400)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      } else {
        bytes = base
        for _ in 0..<(1 + random.below(6)) where !bytes.isEmpty {
          let at = random.below(bytes.count)
          switch random.below(5) {
          case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
          case 1: bytes.insert(specials[random.below(specials.count)], at: at)
          case 2: bytes.removeSubrange(at..<min(bytes.count, at + random.below(40)))
          case 3: bytes = Array(bytes.prefix(at))
          default:
            let end = min(bytes.count, at + random.below(80))
            bytes.insert(contentsOf: bytes[at..<end], at: at)
          }
        }
      }
      do {
        try parse(Data(bytes))
      } catch is DatasetProblem {
      } catch {
        Issue.record("not a DatasetProblem: \(error)", sourceLocation: sourceLocation)
      }
    }
  }

  static let vision19CSV: String = {
    let names = Joint.allCases.map(\.rawValue)
    var text = "t," + names.map { "\($0)_x,\($0)_y,\($0)_c" }.joined(separator: ",") + "\n"
    for frame in 0..<6 {
      text += "\(Double(frame) / 30)" + String(repeating: ",0.5,0.4,0.9", count: names.count) + "\n"
    }
    return text
  }()

  static let imuReference = RecordingReference(
    kind: .imu, path: "x", format: "generic", accelUnit: "g", gyroUnit: "deg/s")
  static let poseReference = RecordingReference(
    kind: .pose, path: "x", format: "vision19", fps: 30, imageWidth: 1080, imageHeight: 1920)

  @Test func fuzzNumericCSVAndGenericIMU() {
    Self.fuzz(seed: "t,ax,ay,az,gx,gy,gz\n0,0,0,1,0,0,0\n0.01,0.1,0,1,0,0,2\n0.02,0,0,1,0,1,0\n") {
      _ = try GenericImuReader.read(data: $0, path: "bar.csv", reference: Self.imuReference)
    }
  }

  @Test func fuzzKeypointCSV() {
    Self.fuzz(seed: Self.vision19CSV) {
      _ = try KeypointCSVReader.read(
        data: $0, path: "pose.csv", skeleton: .vision19, reference: Self.poseReference,
        minimumConfidence: 0.3)
    }
  }

  /// A reader asked for some joints keeps only those, and leaves the other columns unparsed:
  /// a bad value in a column nobody asked for is no error, and no neck is derived.
  @Test func keypointColumnsOfJointsNotAskedForAreSkipped() throws {
    let limbs: Set<Joint> = [.leftHip, .leftKnee, .leftAnkle]
    var lines = Self.vision19CSV.components(separatedBy: "\n")
    // Frame 2's nose x (the first column after t) becomes text.
    lines[3] = lines[3].replacingCharacters(in: lines[3].range(of: ",0.5,")!, with: ",oops,")
    func read(_ joints: Set<Joint>) throws -> PoseSeries {
      try KeypointCSVReader.read(
        data: Data(lines.joined(separator: "\n").utf8), path: "pose.csv", skeleton: .vision19,
        reference: Self.poseReference, minimumConfidence: 0.3, joints: joints)
    }
    let pose = try read(limbs)
    #expect(Set(pose.joints.keys) == limbs)
    #expect(pose.times.count == 6)
    #expect(pose.joints[.leftKnee]!.x.allSatisfy { abs($0 - 540) < 1e-9 })
    #expect(throws: DatasetProblem.self) { try read(Set(Joint.allCases)) }
  }

  @Test func fuzzVision19JSON() {
    let frames = (0..<4).map {
      "{\"t\":\(Double($0) / 30),\"joints\":{\"left_knee\":[0.5,0.4,0.9],\"left_hip\":[0.5,0.6,0.9]}}"
    }
    Self.fuzz(seed: "[" + frames.joined(separator: ",") + "]") {
      _ = try Vision19JSONReader.read(
        data: $0, path: "pose.json", reference: Self.poseReference, minimumConfidence: 0.3)
    }
  }

  @Test func fuzzOpenPoseFrames() throws {
    let folder = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(folder) }
    let person = (0..<18).map { "\(100 + $0 * 10),\(200 + $0 * 5),0.8" }.joined(separator: ",")
    let frame = "{\"version\":1.1,\"people\":[{\"pose_keypoints\":[\(person)]}]}"
    for index in 0..<3 {
      try Data(frame.utf8).write(
        to: folder.appendingPathComponent(String(format: "c_%012d_keypoints.json", index)))
    }
    let target = folder.appendingPathComponent(String(format: "c_%012d_keypoints.json", 1))
    Self.fuzz(seed: frame, iterations: 120) { data in
      try data.write(to: target)
      _ = try OpenPoseFolderReader.read(
        folder: folder, path: "keypoints", reference: Self.poseReference, minimumConfidence: 0.3)
    }
  }

  @Test func fuzzTRC() {
    let trc = """
      PathFileType\t4\t(X/Y/Z)\tx.trc
      DataRate\tCameraRate\tNumFrames\tNumMarkers\tUnits\tOrigDataRate\tOrigDataStartFrame\tOrigNumFrames
      60\t60\t3\t2\tm\t60\t0\t3
      Frame#\tTime\tRHip\t\t\tRKnee\t\t\t
      \t\tX1\tY1\tZ1\tX2\tY2\tZ2
      1\t0.0\t0.1\t0.9\t-1.4\t0.1\t0.5\t-1.4
      2\t0.0166\t0.1\t0.91\t-1.4\t0.1\t0.5\t-1.4
      3\t0.0333\t0.1\t0.92\t-1.4\t0.1\t0.5\t-1.4

      """
    Self.fuzz(seed: trc) {
      _ = try TRCReader.read(
        data: $0, path: "x.trc", reference: Self.poseReference, minimumConfidence: 0.3)
    }
  }

  @Test func fuzzIMUVendorFormats() {
    Self.fuzz(
      seed:
        "Time (s),Gyroscope X (deg/s),Gyroscope Y (deg/s),Gyroscope Z (deg/s),Accelerometer X (g),Accelerometer Y (g),Accelerometer Z (g)\n0,0,0,0,0,0,1\n0.01,0,0,0,0,0,1\n0.02,0,0,0,0,0,1\n"
    ) { _ = try XioReader.read(data: $0, path: "x.csv", reference: Self.imuReference) }
    Self.fuzz(
      seed:
        "time,seconds_elapsed,z,y,x\n1698321234123456789,0,9.8,0,0\n1698321234133456789,0.01,9.8,0,0\n"
    ) { _ = try SensorLoggerReader.readFile(data: $0, path: "Gyroscope.csv") }
    Self.fuzz(
      seed:
        "workout_id,user_id,speed,velocity,angle,dateTime,xCoord,yCoord,zCoord\n1,7,0,0,0,2026-11-02T18:03:00.000Z,0,0,1\n1,7,0,0,0,2026-11-02T18:03:00.020Z,0,0,1\n1,7,0,0,0,2026-11-02T18:03:00.040Z,0,0,1\n"
    ) { _ = try SmartWeightsReader.read(data: $0, path: "sw.csv", reference: Self.imuReference) }
  }

  @Test func fuzzSessionManifest() {
    Self.fuzz(
      seed: """
        {"session_id": "s-1", "athlete_id": "a-1", "start_time": "2026-11-02T18:03:00Z",
         "sets": [{"set_number": 1, "exercise": "back_squat", "load_kg": 100, "start_s": 1,
                   "end_s": 9, "reps": 5, "rpe": 8, "target_tempo": "3-1-1"}],
         "recordings": [{"kind": "pose", "path": "pose.csv", "format": "vision19", "fps": 30}]}
        """
    ) { _ = try SessionManifestReader.read(data: $0, path: "session.json", catalog: .builtIn) }
  }

  /// The ASCII shortcut trims exactly as Foundation does: random cells of letters, spaces,
  /// tabs, newlines, non-breaking and ideographic spaces and accented letters at either end.
  @Test func whitespaceTrimmingMatchesFoundation() {
    var random = TestRandom(seed: 11)
    let pieces = ["a", "Z", "7", " ", "\t", "\n", "\r", "\u{00A0}", "\u{3000}", "é", "_x", ","]
    var cells = ["", " ", "\t", "\u{00A0}", "left_knee_x", " left_knee_x ", "\tt\t"]
    for _ in 0..<2000 {
      cells.append((0..<random.below(6)).map { _ in pieces[random.below(pieces.count)] }.joined())
    }
    var trimmedSome = 0
    for cell in cells {
      let expected = cell.trimmingCharacters(in: .whitespaces)
      #expect(cell.trimmingWhitespace == expected, "\(Array(cell.unicodeScalars))")
      if expected != cell { trimmedSome += 1 }
    }
    #expect(trimmedSome > 100)
  }

  /// Recordings are recognised by their header with names padded by spaces, tabs or quotes,
  /// after a byte order mark and blank lines, as spreadsheet exports write them.
  @Test func formatsAreDetectedFromPaddedHeaders() {
    func detect(_ text: String) -> RecordingFormat? {
      RecordingFormat.detect(head: Data(text.utf8))
    }
    #expect(detect("\u{FEFF}\n\n \"t\", ax ,\t\"ay\"\t,az\r\n0,1,2,3") == .generic)
    #expect(detect("\"dateTime\",\"xCoord\",\"yCoord\"\n") == .smartweights)
    #expect(detect("t,nose_x,nose_y,nose_c,\" neck_x \"\n") == .vision19)
    #expect(detect("t,nose_x,nose_y,nose_c\n") == .coco17)
    #expect(detect("frame,nose_x,nose_visibility") == .mediapipe33)
    #expect(detect("\"Time (s)\",\" Gyroscope X (deg/s)\"\n") == .xio)
    #expect(detect("PathFileType\t4\t(X/Y/Z)\tsquat.trc\n") == .trc)
    #expect(detect("  [{\"t\": 0}]") == .vision19)
    #expect(detect("t,\"\",a x,ay,az\n") == nil)
    #expect(detect("\n\r\n ") == nil)
  }
}
