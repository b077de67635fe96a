import AuraAggregation
import AuraDomain
import AuraIngest

/// One athlete's published rows besides their sessions: what a publication writes as soon as
/// the athlete is aggregated (`SessionWriter.write(athlete:)`), so that no run holds every
/// athlete's aggregates at once.
package struct AthleteRows: Sendable {
  package var athlete: Athlete
  /// The athlete's aggregates (`Aggregator.aggregate`).
  package var results: AggregateResults
  /// When the profile was created and updated: the start of their first and last published
  /// session; for an athlete without sessions, the start of the dataset's latest session.
  /// Times from the data, never the clock, so that the same inputs publish the same rows.
  package var firstSeen: String
  package var lastSeen: String
  package var wellness: [WellnessDay]
  package var nutrition: [NutritionDay]
  package var morpho: [MorphoRecord]
  /// Why the leaderboards leave the athlete off, if they do.
  package var exclusion: LeaderboardExclusion?

  package init(
    athlete: Athlete, results: AggregateResults, firstSeen: String, lastSeen: String,
    wellness: [WellnessDay], nutrition: [NutritionDay], morpho: [MorphoRecord],
    exclusion: LeaderboardExclusion?
  ) {
    self.athlete = athlete
    self.results = results
    self.firstSeen = firstSeen
    self.lastSeen = lastSeen
    self.wellness = wellness
    self.nutrition = nutrition
    self.morpho = morpho
    self.exclusion = exclusion
  }
}
