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
  package static func byAthlete(_ tables: DatasetTables) -> AthleteBodies {
    var scans: [String: (date: String, cm: Double)] = [:]
    let morpho = tables.morphoByAthlete
    for scan in morpho.athleteIds.lazy.flatMap({ morpho.rows(of: $0) }) {
      guard let tibia = scan.tibiaCm, let femur = scan.femurCm, let torso = scan.torsoCm,
        tibia > 0, femur > 0, torso > 0
      else { continue }
      if let latest = scans[scan.athleteId], latest.date > scan.date { continue }
      scans[scan.athleteId] = (scan.date, tibia + femur + torso)
    }
    return AthleteBodies(athletes: tables.athletes, legAndTrunkCm: scans.mapValues(\.cm))
  }

  /// Both lengths as text, for a content key ("-" where unknown).
  package var keyText: String {
    "height \(heightCm.map { "\($0)" } ?? "-") leg+trunk \(legAndTrunkCm.map { "\($0)" } ?? "-")"
  }
}

/// Each athlete's body dimensions, made when asked from their row and their scans: nothing is
/// held per athlete but the rows themselves.
package struct AthleteBodies: Sendable {
  let athletes: AthleteRoster
  /// Shank + thigh + trunk of each athlete's latest complete scan.
  let legAndTrunkCm: [String: Double]

  /// The athlete's dimensions; nil for an id athletes.csv lacks.
  package subscript(athleteId: String) -> BodyDimensions? {
    athletes[id: athleteId].map {
      BodyDimensions(heightCm: $0.heightCm, legAndTrunkCm: legAndTrunkCm[athleteId])
    }
  }
}
