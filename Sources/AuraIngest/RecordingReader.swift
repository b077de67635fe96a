import AuraDomain
import Foundation

/// Reads one recording file or folder outside a dataset's session layout (benchmarks, tools).
package enum RecordingReader {
  /// The canonical pose series of a pose recording at `url`.
  package static func readPose(
    url: URL, reference: RecordingReference, minimumConfidence: Double
  ) throws -> PoseSeries {
    let recording = try RecordingDispatcher.open(
      reference, at: url, path: url.lastPathComponent, manifestPath: url.lastPathComponent,
      index: 0)
    return try RecordingDispatcher.readPose(
      recording, path: url.lastPathComponent, reference: reference,
      minimumConfidence: minimumConfidence)
  }

  /// The canonical IMU series of an IMU recording at `url`.
  package static func readImu(url: URL, reference: RecordingReference) throws -> ImuSeries {
    let recording = try RecordingDispatcher.open(
      reference, at: url, path: url.lastPathComponent, manifestPath: url.lastPathComponent,
      index: 0)
    return try RecordingDispatcher.readImu(
      recording, path: url.lastPathComponent, reference: reference)
  }
}
