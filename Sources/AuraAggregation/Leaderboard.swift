import AuraDomain
import AuraIngest

/// Leaderboards over the whole roster, overall and per guild, and guild standings. Athletes
/// rank by LP, then strength points, then total XP, then athlete id (so ties always resolve
/// the same way). An athlete without sessions or without a bodyweight is left off, with the
/// reason listed.
package enum Leaderboard {
  /// An athlete the leaderboards rank: what ranking needs of them, so that a run keeps this
  /// much per ranked athlete rather than their aggregates.
  package struct Candidate: Sendable {
    package var athleteId: String
    package var guildName: String?
    package var guildTag: String?
    package var standing: AthleteStanding
    /// Their latest ranking snapshot's strength points.
    package var strength: Double?
  }

  /// Where `athlete` stands for the leaderboards: left off (with the reason) without sessions
  /// or without a bodyweight, else a candidate; nil without a standing. `rankings` are theirs.
  package static func place(
    _ athlete: Athlete, standing: AthleteStanding?, rankings: [RankingSnapshot], sessions: Int
  ) -> (candidate: Candidate?, exclusion: LeaderboardExclusion?) {
    if sessions == 0 { return (nil, .init(athleteId: athlete.id, reason: "no sessions")) }
    if athlete.weightKg == nil {
      return (nil, .init(athleteId: athlete.id, reason: "no bodyweight"))
    }
    guard let standing else { return (nil, nil) }
    let strength = rankings.sorted { $0.recordDate < $1.recordDate }
      .last { $0.strengthToWeightRatio != nil }?.strengthToWeightRatio
    return (
      Candidate(
        athleteId: athlete.id, guildName: athlete.guildName, guildTag: athlete.guildTag,
        standing: standing, strength: strength), nil
    )
  }

  /// The overall and per-guild boards, and the guilds' standings, of `ranked` (in athlete-id
  /// order: a guild's tag is that of its first member who has one).
  package static func boards(_ ranked: [Candidate]) -> (
    entries: [LeaderboardEntry], guilds: [GuildStanding]
  ) {
    func order(_ a: Candidate, _ b: Candidate) -> Bool {
      let left = (a.standing.leaguePoints, a.strength ?? -1, a.standing.totalXP)
      let right = (b.standing.leaguePoints, b.strength ?? -1, b.standing.totalXP)
      return left != right ? left > right : a.athleteId < b.athleteId
    }
    func board(_ scope: String, _ members: [Candidate]) -> [LeaderboardEntry] {
      members.sorted(by: order).enumerated().map { index, member in
        LeaderboardEntry(
          scope: scope, rank: index + 1, athleteId: member.athleteId,
          leaguePoints: member.standing.leaguePoints, tier: member.standing.tier,
          strengthPoints: member.strength, totalXP: member.standing.totalXP)
      }
    }
    let byGuild = Dictionary(grouping: ranked.filter { $0.guildName != nil }) { $0.guildName! }
    var entries = board("overall", ranked)
    for guild in byGuild.keys.sorted() { entries += board("guild:" + guild, byGuild[guild]!) }
    let guilds = byGuild.map { name, members -> GuildStanding in
      let total = members.reduce(0) { $0 + $1.standing.leaguePoints }
      return GuildStanding(
        guildName: name, guildTag: members.compactMap(\.guildTag).first, rank: 0,
        members: members.count, totalLeaguePoints: total,
        averageLeaguePoints: (Double(total) / Double(members.count) * 10).rounded() / 10)
    }
    .sorted {
      ($0.totalLeaguePoints, $0.averageLeaguePoints) != (
        $1.totalLeaguePoints, $1.averageLeaguePoints
      )
        ? ($0.totalLeaguePoints, $0.averageLeaguePoints) > (
          $1.totalLeaguePoints, $1.averageLeaguePoints
        )
        : $0.guildName < $1.guildName
    }
    .enumerated().map { index, guild in
      var ranked = guild
      ranked.rank = index + 1
      return ranked
    }
    return (entries, guilds)
  }
}
