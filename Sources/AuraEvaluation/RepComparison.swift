import AuraFeatures
import AuraSynth
import Foundation

/// One true rep beside the rep measured for it, for looking at errors one by one.
package struct RepComparison: Sendable {
  package var sessionId: String
  package var setNumber: Int
  package var exercise: String
  package var poseFormat: String
  package var imuFormat: String
  package var truth: RepTruth
  package var measured: RepFeatures

  static let header =
    "session_id,set_number,rep_number,exercise,pose_format,imu_format,"
    + "true_start_s,start_s,true_eccentric_s,eccentric_s,true_pause_s,pause_s,"
    + "true_concentric_s,concentric_s,true_rom_deg,rom_deg,true_mcv_mps,pose_mcv_mps,imu_mcv_mps,"
    + "true_pcv_mps,pose_pcv_mps,imu_pcv_mps,interpolated_fraction"

  var csvLine: String {
    func number(_ value: Double?) -> String { value.map { String(format: "%.4f", $0) } ?? "" }
    let cells = [
      sessionId, String(setNumber), String(truth.repNumber), exercise, poseFormat, imuFormat,
      number(truth.startSeconds), number(measured.startSeconds), number(truth.eccentricSeconds),
      number(measured.eccentricSeconds), number(truth.pauseSeconds), number(measured.pauseSeconds),
      number(truth.concentricSeconds), number(measured.concentricSeconds),
      number(truth.romDegrees), number(measured.romDegrees),
      number(truth.movingMeanConcentricVelocity),
      number(measured.poseVelocity?.mean), number(measured.imuVelocity?.mean),
      number(truth.peakConcentricVelocity), number(measured.poseVelocity?.peak),
      number(measured.imuVelocity?.peak), number(measured.interpolatedFraction),
    ]
    return cells.joined(separator: ",")
  }

  /// Every comparison as CSV with a header line.
  package static func csv(_ reps: [RepComparison]) -> String {
    ([header] + reps.map(\.csvLine)).joined(separator: "\n") + "\n"
  }
}
