import AuraDomain

/// Unit names of IMU files and manifests, turned into factors to SI at the edge.
enum ImuUnits {
  /// Standard gravity in m/s² per g.
  static let standardGravity = 9.80665

  /// Factor from `unit` to m/s² (g or m/s²).
  static func acceleration(_ unit: String?, path: String) throws -> Double {
    switch unit?.lowercased().replacingOccurrences(of: " ", with: "") {
    case "g": return standardGravity
    case "m/s2", "m/s^2", "m/s²", "mps2", "ms^-2": return 1
    case nil:
      throw DatasetProblem(path: path, line: 0, reason: "no accelerometer unit (g or m/s2) given")
    case let other?:
      throw DatasetProblem(path: path, line: 0, reason: "unknown accelerometer unit '\(other)'")
    }
  }

  /// Factor from `unit` to rad/s (deg/s or rad/s).
  static func angularRate(_ unit: String?, path: String) throws -> Double {
    switch unit?.lowercased().replacingOccurrences(of: " ", with: "") {
    case "deg/s", "dps", "°/s", "degrees/s": return Double.pi / 180
    case "rad/s", "rps": return 1
    case nil:
      throw DatasetProblem(path: path, line: 0, reason: "no gyroscope unit (deg/s or rad/s) given")
    case let other?:
      throw DatasetProblem(path: path, line: 0, reason: "unknown gyroscope unit '\(other)'")
    }
  }

  /// Splits a header cell such as "Accelerometer X (g)" into its name and unit.
  static func nameAndUnit(_ cell: String) -> (name: String, unit: String?) {
    guard cell.hasSuffix(")"), let open = cell.lastIndex(of: "(") else { return (cell, nil) }
    let name = cell[..<open].trimmingCharacters(in: .whitespaces)
    let unit = cell[cell.index(after: open)..<cell.index(before: cell.endIndex)]
    return (name, String(unit))
  }

  /// The index and unit of the first header cell whose name (before any unit) is `name`,
  /// compared without case.
  static func column(_ name: String, in header: [String]) -> (index: Int, unit: String?)? {
    for (index, cell) in header.enumerated() {
      let parsed = nameAndUnit(cell)
      if parsed.name.lowercased() == name.lowercased() { return (index, parsed.unit) }
    }
    return nil
  }
}
