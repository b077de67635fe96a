import AuraDomain
import Foundation

/// Reads one recording file or folder outside a dataset's session layout (benchmarks, tools).
public enum RecordingReader {
  /// The canonical pose series of a pose recording at `url`.
  public static func readPose(
    url: URL, reference: RecordingReference, minimumConfidence: Double
  ) throws -> PoseSeries {
    let format = try RecordingDispatcher.format(
      of: reference, at: url, path: url.lastPathComponent, manifestPath: url.lastPathComponent,
      index: 0)
    return try RecordingDispatcher.readPose(
      format: format, url: url, path: url.lastPathComponent, reference: reference,
      minimumConfidence: minimumConfidence)
  }

  /// The canonical IMU series of an IMU recording at `url`.
  public static func readImu(url: URL, reference: RecordingReference) throws -> ImuSeries {
    let format = try RecordingDispatcher.format(
      of: reference, at: url, path: url.lastPathComponent, manifestPath: url.lastPathComponent,
      index: 0)
    return try RecordingDispatcher.readImu(
      format: format, url: url, path: url.lastPathComponent, reference: reference)
  }
}
