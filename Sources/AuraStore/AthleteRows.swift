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
  /// Start times of their published sessions, in start order.
  package var sessionStarts: [String]
  /// The start of the dataset's latest published session: the times of an athlete without
  /// sessions.
  package var dataEnd: String
  package var wellness: [WellnessDay]
  package var nutrition: [NutritionDay]
  package var morpho: [MorphoRecord]
  /// Why the leaderboards leave the athlete off, if they do.
  package var exclusion: LeaderboardExclusion?

  package init(
    athlete: Athlete, results: AggregateResults, sessionStarts: [String], dataEnd: String,
    wellness: [WellnessDay], nutrition: [NutritionDay], morpho: [MorphoRecord],
    exclusion: LeaderboardExclusion?
  ) {
    self.athlete = athlete
    self.results = results
    self.sessionStarts = sessionStarts
    self.dataEnd = dataEnd
    self.wellness = wellness
    self.nutrition = nutrition
    self.morpho = morpho
    self.exclusion = exclusion
  }
}
