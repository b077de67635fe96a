/// The 9 rank tiers of AuraLift's ladder, lowest first (`RankTier`).
package enum RankTier: String, CaseIterable, Codable, Sendable {
  case iron, bronze, silver, gold, platinum, diamond, master, grandmaster, challenger

  /// The tier reached with `leaguePoints`, given the LP at which each tier above iron starts
  /// (8 ascending thresholds: bronze ... challenger).
  package static func tier(forLeaguePoints leaguePoints: Int, thresholds: [Int]) -> RankTier {
    var tier = RankTier.iron
    for (index, threshold) in thresholds.enumerated() where leaguePoints >= threshold {
      tier = RankTier.allCases[min(index + 1, RankTier.allCases.count - 1)]
    }
    return tier
  }
}

/// `EquipmentType` of the AuraLift model.
package enum EquipmentType: String, Codable, Sendable, CaseIterable {
  case barbell, dumbbell, cable, machine, smithMachine, bodyweight, band, kettlebell
}
