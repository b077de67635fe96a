import AuraDomain
import Foundation

/// Reads `generic` IMU CSV: `t,ax,ay,az,gx,gy,gz[,mx,my,mz]`, converting the manifest's
/// `accel_unit` (g, m/s2) and `gyro_unit` (deg/s, rad/s) to m/s² and rad/s at the edge.
enum GenericImuReader {
  static func read(data: Data, path: String, reference: RecordingReference) throws -> ImuSeries {
    let accelScale = try ImuUnits.acceleration(reference.accelUnit, path: path)
    let gyroScale = try ImuUnits.angularRate(reference.gyroUnit, path: path)
    let names = ["t", "ax", "ay", "az", "gx", "gy", "gz"]
    let table = try NumericTable.read(data: data, path: path) { header in
      try names.map { name in
        guard let index = header.firstIndex(of: name) else {
          throw DatasetProblem(
            path: path, line: 1, reason: "missing required column '\(name)' for format generic")
        }
        return index
      }
    }
    let t = table.column(0)
    let accel = ImuStream(
      times: t, lines: table.lines, x: table.column(1).map { $0 * accelScale },
      y: table.column(2).map { $0 * accelScale }, z: table.column(3).map { $0 * accelScale })
    let gyro = ImuStream(
      times: t, lines: table.lines, x: table.column(4).map { $0 * gyroScale },
      y: table.column(5).map { $0 * gyroScale }, z: table.column(6).map { $0 * gyroScale })
    return try ImuAssembler(
      path: path, format: "generic", placement: reference.placement ?? "barbell"
    ).assemble(accel: accel, gyro: gyro)
  }
}
