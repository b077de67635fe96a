import AuraDomain
import AuraIngest

/// Leaderboards over the whole roster, overall and per guild, and guild standings. Athletes
/// rank by LP, then strength points, then total XP, then athlete id (so ties always resolve
/// the same way). An athlete without sessions or without a bodyweight is left off, with the
/// reason listed.
package enum Leaderboard {
  package static func build(
    athletes: [Athlete], standings: [AthleteStanding], rankings: [RankingSnapshot],
    sessionsPerAthlete: [String: Int]
  ) -> (
    entries: [LeaderboardEntry], exclusions: [LeaderboardExclusion], guilds: [GuildStanding]
  ) {
    let standing = Dictionary(standings.map { ($0.athleteId, $0) }, uniquingKeysWith: { a, _ in a })
    var strength: [String: Double] = [:]
    for snapshot in rankings.sorted(by: { $0.recordDate < $1.recordDate }) {
      if let points = snapshot.strengthToWeightRatio { strength[snapshot.athleteId] = points }
    }
    var exclusions: [LeaderboardExclusion] = []
    var ranked: [(Athlete, AthleteStanding)] = []
    for athlete in athletes.sorted(by: { $0.id < $1.id }) {
      if (sessionsPerAthlete[athlete.id] ?? 0) == 0 {
        exclusions.append(.init(athleteId: athlete.id, reason: "no sessions"))
      } else if athlete.weightKg == nil {
        exclusions.append(.init(athleteId: athlete.id, reason: "no bodyweight"))
      } else if let entry = standing[athlete.id] {
        ranked.append((athlete, entry))
      }
    }
    func order(_ a: (Athlete, AthleteStanding), _ b: (Athlete, AthleteStanding)) -> Bool {
      let left = (a.1.leaguePoints, strength[a.0.id] ?? -1, a.1.totalXP)
      let right = (b.1.leaguePoints, strength[b.0.id] ?? -1, b.1.totalXP)
      return left != right ? left > right : a.0.id < b.0.id
    }
    func board(_ scope: String, _ members: [(Athlete, AthleteStanding)]) -> [LeaderboardEntry] {
      members.sorted(by: order).enumerated().map { index, member in
        LeaderboardEntry(
          scope: scope, rank: index + 1, athleteId: member.0.id,
          leaguePoints: member.1.leaguePoints, tier: member.1.tier,
          strengthPoints: strength[member.0.id], totalXP: member.1.totalXP)
      }
    }
    let byGuild = Dictionary(grouping: ranked.filter { $0.0.guildName != nil }) { $0.0.guildName! }
    var entries = board("overall", ranked)
    for guild in byGuild.keys.sorted() { entries += board("guild:" + guild, byGuild[guild]!) }
    let guilds = byGuild.map { name, members -> GuildStanding in
      let total = members.reduce(0) { $0 + $1.1.leaguePoints }
      return GuildStanding(
        guildName: name, guildTag: members.compactMap(\.0.guildTag).first, rank: 0,
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
    return (entries, exclusions, guilds)
  }
}
