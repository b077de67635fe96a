import AuraDomain
import Foundation

/// Reads `generic` IMU CSV: `t,ax,ay,az,gx,gy,gz[,mx,my,mz]`, converting the manifest's
/// `accel_unit` (g, m/s2) and `gyro_unit` (deg/s, rad/s) to m/s² and rad/s at the edge.
enum GenericImuReader {
  static func read(data: Data, path: String, reference: RecordingReference) throws -> ImuSeries {
    let accelScale = try ImuUnits.acceleration(reference.accelUnit, path: path)
    let gyroScale = try ImuUnits.angularRate(reference.gyroUnit, path: path)
    let names = ["t", "ax", "ay", "az", "gx", "gy", "gz"]
    var table = try NumericTable.read(data: data, path: path) { header in
      try names.map { name in
        guard let index = header.firstIndex(of: name) else {
          throw DatasetProblem(
            path: path, line: 1, reason: "missing required column '\(name)' for format generic")
        }
        return index
      }
    }
    let t = table.take(0)
    let accel = ImuStream(
      times: t, lines: table.lines, x: table.take(1, scaledBy: accelScale),
      y: table.take(2, scaledBy: accelScale), z: table.take(3, scaledBy: accelScale))
    let gyro = ImuStream(
      times: t, lines: table.lines, x: table.take(4, scaledBy: gyroScale),
      y: table.take(5, scaledBy: gyroScale), z: table.take(6, scaledBy: gyroScale))
    return try ImuAssembler(
      path: path, format: "generic", placement: reference.placement ?? "barbell"
    ).assemble(accel: accel, gyro: gyro)
  }
}
