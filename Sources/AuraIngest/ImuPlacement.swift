/// Where an IMU is worn, as a manifest's recording names it (`placement`).
package enum ImuPlacement: String, Codable, Sendable, CaseIterable, CustomStringConvertible {
  case barbell, dumbbell, wrist, forearm, hip, chest

  /// Whether the sensor turns with a limb rather than riding the load: its height is not the
  /// load's, and its reps are read on the accelerometer's axes.
  package var turnsWithLimb: Bool { self == .wrist || self == .forearm }

  package var description: String { rawValue }

  /// Every value, as the manifest's contract lists them.
  package static let listed = allCases.map(\.rawValue).joined(separator: ", ")
}
