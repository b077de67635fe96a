/// Where a muscle's weekly sets fall against its volume landmarks (Renaissance Periodization's
/// MEV, MAV and MRV). The raw values are what the tables publish.
package enum VolumeBand: String, Codable, Sendable, CaseIterable {
  case belowMEV = "below_mev"
  case mevToMAV = "mev_to_mav"
  case mav
  /// Above MAV, still under MRV.
  case mavToMRV = "above_mav"
  case aboveMRV = "above_mrv"
  /// The muscle has no landmarks.
  case unknown

  /// How reports name the band.
  package var label: String {
    switch self {
    case .belowMEV: return "below MEV"
    case .mevToMAV: return "MEV–MAV"
    case .mav: return "MAV"
    case .mavToMRV: return "MAV–MRV"
    case .aboveMRV: return "above MRV"
    case .unknown: return "unknown"
    }
  }

  /// Outside the productive range: under MEV or over MRV.
  package var isOutside: Bool { self == .belowMEV || self == .aboveMRV }
}
