import AuraIngest

/// What calibrates a pose recording's scale when its manifest gives none: the athlete's
/// shank + thigh + trunk as a body scan measured them (tibia, femur and torso from the latest
/// morpho.csv row with all three), else their height.
package struct BodyDimensions: Sendable, Hashable {
  package var heightCm: Double?
  package var legAndTrunkCm: Double?

  package init(heightCm: Double?, legAndTrunkCm: Double? = nil) {
    self.heightCm = heightCm
    self.legAndTrunkCm = legAndTrunkCm
  }

  /// Every athlete of `tables` (athletes.csv) with their height and latest complete scan.
  package static func byAthlete(_ tables: DatasetTables) -> [String: BodyDimensions] {
    var scans: [String: (date: String, cm: Double)] = [:]
    for scan in tables.morpho {
      guard let tibia = scan.tibiaCm, let femur = scan.femurCm, let torso = scan.torsoCm,
        tibia > 0, femur > 0, torso > 0
      else { continue }
      if let latest = scans[scan.athleteId], latest.date > scan.date { continue }
      scans[scan.athleteId] = (scan.date, tibia + femur + torso)
    }
    var bodies: [String: BodyDimensions] = [:]
    for athlete in tables.athletes where bodies[athlete.id] == nil {
      bodies[athlete.id] = BodyDimensions(
        heightCm: athlete.heightCm, legAndTrunkCm: scans[athlete.id]?.cm)
    }
    return bodies
  }

  /// Both lengths as text, for a content key ("-" where unknown).
  package var keyText: String {
    "height \(heightCm.map { "\($0)" } ?? "-") leg+trunk \(legAndTrunkCm.map { "\($0)" } ?? "-")"
  }
}
