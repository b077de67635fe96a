import AuraDomain
import CNumericScan
import Foundation

/// Reads an OpenSim marker file (`.trc`, as Sports2D and Pose2Sim write it): a `PathFileType`
/// line, a line of rate/count/unit names and one of their values, the marker-name line, the
/// X/Y/Z line, then tab-separated `Frame#, Time, x, y, z, ...` rows. Coordinates are world
/// positions (Y up) converted to metres; marker names map onto the canonical joints.
enum TRCReader {
  static func read(
    data: Data, path: String, reference: RecordingReference, minimumConfidence: Double,
    joints: Set<Joint> = Set(Joint.allCases)
  ) throws -> PoseSeries {
    let lines = try nonBlankLines(data, path: path)
    guard lines.count >= 5, lines[0].text.hasPrefix("PathFileType") else {
      throw DatasetProblem(
        path: path, line: 1, reason: "not a TRC file (no PathFileType header)")
    }
    let keys = fields(lines[1].text)
    let values = fields(lines[2].text)
    let unit = keys.firstIndex(of: "Units").flatMap { $0 < values.count ? values[$0] : nil } ?? "m"
    let toMetres: Double
    switch unit.lowercased() {
    case "m": toMetres = 1
    case "cm": toMetres = 0.01
    case "mm": toMetres = 0.001
    default:
      throw DatasetProblem(path: path, line: lines[2].number, reason: "unknown Units '\(unit)'")
    }
    let names = fields(lines[3].text)
    guard names.count >= 3, names[0].hasPrefix("Frame"), names[1] == "Time" else {
      throw DatasetProblem(
        path: path, line: lines[3].number, reason: "expected 'Frame#<TAB>Time<TAB>markers...'")
    }
    // Marker k's X column is where the axis line says "Xk" (writers differ in how many tabs
    // follow a marker name), else every third column from column 2.
    let (markers, unknown) = Self.markers(names, axes: fields(lines[4].text))
    guard !markers.isEmpty else {
      throw DatasetProblem(
        path: path, line: lines[3].number, reason: "no marker names a known joint")
    }
    var raw = RawPose(times: [], lines: [], tracks: [:])
    if !unknown.isEmpty { raw.notes.append("markers not used: \(unknown.joined(separator: ", "))") }
    var tracks = [JointTrack](
      repeating: JointTrack(x: [], y: [], z: [], confidence: []), count: markers.count)
    for (lineNumber, line) in lines.dropFirst(5) {
      let cells = line.split(separator: "\t", omittingEmptySubsequences: false)
      func number(_ column: Int) throws -> Double {
        guard column < cells.count else {
          throw DatasetProblem(
            path: path, line: lineNumber, reason: "truncated row: \(cells.count) fields")
        }
        var cell = cells[column]
        switch Self.number(&cell) {
        case .empty: return .nan
        case .value(let value): return value
        case .invalid, .nonFinite:
          throw DatasetProblem(
            path: path, line: lineNumber,
            reason: "column \(column + 1): '\(cell)' is not a finite number")
        }
      }
      raw.times.append(try number(1))
      raw.lines?.append(Int32(clamping: lineNumber))
      for (slot, marker) in markers.enumerated() {
        let x = try number(marker.column) * toMetres
        let y = try number(marker.column + 1) * toMetres
        let z = try number(marker.column + 2) * toMetres
        let present = x.isFinite && y.isFinite && z.isFinite
        tracks[slot].x.append(x)
        tracks[slot].y.append(y)
        tracks[slot].z?.append(z)
        tracks[slot].confidence.append(present ? 1 : 0)
      }
    }
    for (slot, marker) in markers.enumerated() { raw.tracks[marker.joint] = tracks[slot] }
    return try PoseAssembler(
      path: path, format: "trc", space: .world, reference: reference,
      minimumConfidence: minimumConfidence, keep: joints
    ).assemble(consume raw)
  }

  /// The file's lines that hold more than tabs and spaces, numbered from 1, without their
  /// carriage returns; a line over 1 MiB is refused.
  private static func nonBlankLines(_ data: Data, path: String) throws -> [(
    number: Int, text: Substring
  )] {
    var lines: [(number: Int, text: Substring)] = []
    let text = String(decoding: data, as: UTF8.self)
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      guard line.utf8.count <= 1 << 20 else {
        throw DatasetProblem(
          path: path, line: index + 1, reason: "line is longer than 1048576 bytes")
      }
      let trimmed = line.hasSuffix("\r") ? line.dropLast() : line
      if !trimmed.allSatisfy({ $0 == "\t" || $0 == " " }) { lines.append((index + 1, trimmed)) }
    }
    return lines
  }

  /// The markers (of `names`, after Frame# and Time) that name a known joint, each with its
  /// X column, and those that do not. Marker k's X column is where the axis line (`axes`)
  /// says "Xk", else every third column from column 2.
  private static func markers(_ names: [String], axes: [String]) -> (
    known: [(joint: Joint, column: Int)], unknown: [String]
  ) {
    var markers: [(joint: Joint, column: Int)] = []
    var unknown: [String] = []
    for (ordinal, name) in names.dropFirst(2).filter({ !$0.isEmpty }).enumerated() {
      let column = axes.firstIndex(of: "X\(ordinal + 1)") ?? 2 + 3 * ordinal
      if let joint = Joint.fromMarkerName(name),
        !markers.contains(where: { $0.joint == joint })
      {
        markers.append((joint, column))
      } else {
        unknown.append(name)
      }
    }
    return (markers, unknown)
  }

  /// A tab-separated cell as a number, parsed where its bytes lie; spaces around it allowed.
  private static func number(_ cell: inout Substring) -> NumberField {
    cell.withUTF8 { bytes -> NumberField in
      var start = 0
      var end = bytes.count
      while start < end, bytes[start] == 0x20 { start += 1 }
      while end > start, bytes[end - 1] == 0x20 { end -= 1 }
      guard start < end, let base = bytes.baseAddress else { return .empty }
      var value = 0.0
      guard aura_parse_double(base + start, base + end, &value) else { return .invalid }
      return value.isFinite ? .value(value) : .nonFinite
    }
  }

  private static func fields(_ line: Substring) -> [String] {
    line.split(separator: "\t", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
  }
}
