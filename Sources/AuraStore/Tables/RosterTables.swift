// Whole-roster tables, rewritten by every publication: the coach's roster, the leaderboards
// and guild standings.
extension PublishedTable {
  static let coachRoster = PublishedTable(
    "coach_roster",
    about:
      "An athlete's line on their coach's roster, as of the data's last day; counts are of that day's ISO week (Monday to that day).",
    key: ["athlete_id"],
    [
      .text("coach_id", "The coach.", references: "coach.id"),
      .text("athlete_id", "The athlete.", references: "user_profile.id", required: true),
      .integer(
        "sessions_this_week", "Sessions in the ISO week, to the data's last day.", required: true),
      .day("last_session_date", "Day of the athlete's last session."),
      .real("readiness", "Latest readiness.", unit: "0-100"),
      .day("readiness_date", "Day of that readiness."),
      .integer("current_lp", "League points.", required: true),
      .text(
        "tier", "Rank tier.",
        values: "iron, bronze, silver, gold, platinum, diamond, master, grandmaster, challenger",
        required: true),
      .integer("lp_change_this_week", "LP gained or lost in the ISO week.", required: true),
      .integer("new_records_this_week", "Personal records set in the ISO week.", required: true),
      .text(
        "flags",
        "What needs the coach's attention, comma-separated; NULL when nothing does. low_readiness: the latest readiness is below aggregation.roster.low_readiness; velocity_loss: aggregation.roster.velocity_loss_far_sets sets of the ISO week have a velocity loss aggregation.roster.velocity_loss_margin_pts points or more past features.velocity_loss_threshold_pct; form_dropping: the week's mean form score is more than aggregation.roster.form_drop_pts below that of the 21 days before its Monday; missed_sessions: no session in the 7 days to the data's last day; check_entry: a set of the 28 days to the data's last day is kept out of what counts until someone checks it (workout_set.entry_check). Volume outside MEV-MRV is not a flag.",
        values: "low_readiness, velocity_loss, form_dropping, missed_sessions, check_entry"),
      .text("iso_week", "The ISO week the counts are of.", values: "YYYY-Www (ISO 8601 week)"),
    ])

  static let leaderboard = PublishedTable(
    "leaderboard", about: "A place on a leaderboard: overall, or within a guild.",
    key: ["scope", "rank"],
    [
      .text("scope", "The board.", values: "overall, guild:<name>", required: true),
      .integer("rank", "Place, from 1.", required: true),
      .athlete("athlete_id"),
      .integer("current_lp", "League points.", required: true),
      .text(
        "tier", "Rank tier.",
        values: "iron, bronze, silver, gold, platinum, diamond, master, grandmaster, challenger",
        required: true),
      .real(
        "strength_points", "The athlete's latest ranking_record.strength_to_weight_ratio.",
        unit: "points"),
      .integer("total_xp", "Experience points.", required: true),
    ])

  static let leaderboardExclusion = PublishedTable(
    "leaderboard_exclusion", about: "An athlete left off the leaderboards, and why.",
    key: ["athlete_id"],
    [
      .athlete("athlete_id"),
      .text("reason", "Why.", values: "no sessions, no bodyweight", required: true),
    ])

  static let departedAthlete = PublishedTable(
    "departed_athlete",
    about:
      "An athlete of an earlier publication who is no longer in athletes.csv, with the coach they had: their coach's page names them for 28 days from the day they were first missed.",
    key: ["athlete_id"],
    [
      .text("athlete_id", "The athlete, as the earlier publication had them.", required: true),
      .text("username", "Their name then.", required: true),
      .text("coach_id", "Their coach then; NULL where they had none."),
      .text(
        "since", "The day of the first run that did not find them in athletes.csv.",
        values: "ISO 8601 date", required: true),
    ])

  static let guildStanding = PublishedTable(
    "guild_standing", about: "A guild's standing from its members' LP.", key: ["guild_name"],
    [
      .text("guild_name", "The guild.", required: true),
      .text("guild_tag", "Short tag."),
      .integer("rank", "Place, from 1, by total LP.", required: true),
      .integer("members", "Members.", required: true),
      .integer("total_lp", "Members' LP summed.", required: true),
      .real("average_lp", "Members' mean LP.", unit: "LP", required: true),
    ])
}
