import AuraDomain
import AuraSupport
import Foundation

/// Limb lengths measured on a pose recording, and the AuraLift MorphoScan ratios.
///
/// Each length is the 90th percentile over frames of the joint-to-joint distance on the side
/// facing the camera: a segment turned out of the image plane only ever looks shorter, so a
/// high percentile is nearer its true length than the median, and unlike the maximum it is not
/// set by one noisy frame. Lengths are in centimetres through the pose scale, so where the scale
/// itself came from the athlete's height, they share its assumptions.
package struct PoseMorpho: Codable, Sendable, Equatable {
  package var torsoCm: Double
  package var femurCm: Double
  package var tibiaCm: Double
  package var humerusCm: Double
  package var forearmCm: Double

  package var femurToTorso: Double { femurCm / torsoCm }
  package var tibiaToFemur: Double { tibiaCm / femurCm }
  package var humerusToTorso: Double { humerusCm / torsoCm }

  init?(_ signals: PoseSignals) {
    func length(_ a: PoseSignals.BodyPoint, _ b: PoseSignals.BodyPoint) -> Double? {
      let (first, second) = (signals[a], signals[b])
      var values = signals.times.indices.map { PoseSignals.distance(first, second, $0) }
        .filter(\.isFinite)
      guard values.count >= 10 else { return nil }
      return OrderStatistic.select(&values, rank: Int(Double(values.count - 1) * 0.9)) * 100
    }
    guard let torso = length(.hip, .shoulder), let femur = length(.hip, .knee),
      let tibia = length(.knee, .ankle), let humerus = length(.shoulder, .elbow),
      let forearm = length(.elbow, .wrist), torso > 0, femur > 0
    else { return nil }
    torsoCm = torso
    femurCm = femur
    tibiaCm = tibia
    humerusCm = humerus
    forearmCm = forearm
  }
}
