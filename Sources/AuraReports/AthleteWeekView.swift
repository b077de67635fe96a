/// Everything an athlete's weekly report shows, already formatted with units: what the
/// Markdown and HTML templates render. Charts are SVG strings, used by HTML only; Markdown
/// shows the same numbers as tables.
struct AthleteWeekView {
  var id, name, anchor, window, isoWeek: String
  /// The coach's roster page, relative to this page, where the athlete has a coach.
  var coachLink: String?
  var headline: [Fact]
  /// What the run set aside of the athlete's inputs, with file and line.
  var setAside: [String]
  /// The suspect entries of the last four weeks, each with its id (`EntryChecks`).
  var entryChecks: [EntryChecks.Entry]
  var readiness: ReadinessView?
  /// The week's latest sessions in full (at most `AthleteWeekBuilder.detailedSessions`).
  var sessions: [SessionView]
  /// Sessions of the week left out of the detail, with a sentence saying so; nil when none.
  var earlierSessions: String?
  /// The latest session with recorded (pose or IMU) sets, when none falls in the window.
  var lastRecorded: SessionView?
  var volume: VolumeView?
  var recovery: RecoveryView
  var strength: StrengthView?
  var rank: RankView?
  var records: [RecordView]
  var nutrition: [NutritionView]
  var risks: [RiskView]
  var glossary = GlossaryTemplates.view

  /// The id of an athlete's section, which the coach's roster links to.
  static func anchor(_ athleteId: String) -> String { "athlete-\(athleteId)" }
}

/// A labelled number at the top of a report.
struct Fact {
  var label, value: String
  var note: String?
}

struct ReadinessView {
  var date, score, status: String
  var insufficient: Bool
  var dial: String
  var factors: [Factor]
  var loadRatio: String?

  /// One readiness component: its 0-100 score, today's value and the personal baseline.
  struct Factor {
    var name, score, today, baseline: String
  }
}

struct SessionView {
  /// `anchor`: the session's id on the page (`PageAnchor.session`).
  var id, anchor, date, time, volume, xp, leaguePoints, form, combo: String
  var notes: String?
  var sets: [SetView]
}

struct SetView {
  /// `anchor`: the set row's id on the page (`PageAnchor.set`).
  var anchor, exercise, number, reps, load, velocity, velocityLoss, form, rom, rpe, xp: String
  /// Reported RPE and the estimate beside it: "7.5 · ≈5.0".
  var effort: String
  /// The estimated RPE alone ("5.0"), nil when there is none.
  var estimatedRPE: String?
  /// Load, velocity and loss without units, for tables that name the unit in the header.
  var loadNumber, velocityNumber, lossNumber: String
  /// Whether the set has more than its table row to show (a chart, feedback, components).
  var hasDetails: Bool
  /// The estimated effort, marked as an estimate ("≈ RPE 7.5 from velocity loss").
  var effortEstimate: String?
  var autoStopped: Bool
  /// Why the set's reps could not be counted, where they could not.
  var repsNote: String?
  /// Why the set counts toward nothing until someone checks it (`workout_set.entry_check`).
  var entryNote: String?
  var feedback: [String]
  var components: String?
  /// "86° ± 3° over 5 reps"
  var romConsistency: String?
  /// "0.65, 0.63, 0.60 m/s" for Markdown.
  var repVelocities: String?
  var velocityChart: String?
}

struct VolumeView {
  var week: String
  var partial: Bool
  var rows: [Row]
  var chart: String

  struct Row {
    var muscle, sets, volume, band, landmarks: String
    var outside: Bool
  }
}

struct RecoveryView {
  var bodyMap: String
  var low: [Muscle]

  struct Muscle {
    var name, score, lastTrained: String
  }
}

struct StrengthView {
  var rows: [Row]
  var chart: String?
  var profileNote: String

  struct Row {
    var exercise, week, e1rm, method: String
  }
}

struct RankView {
  var rows: [Row]
  var chart: String?
  var pointsFormula: String

  struct Row {
    var date, tier, leaguePoints, strength, form, velocity: String
  }
}

struct RecordView {
  var exercise, record, value, date, session: String
}

struct NutritionView {
  var week, days, calories, adherence, protein, proteinDays: String
}

struct RiskView {
  var exercise, level, reason: String
}

/// The page of an athlete of whom the data holds nothing but their athletes.csv row: no
/// session, wellness, nutrition or body-scan row, nothing set aside. It says so in a few lines
/// instead of a report of empty sections, so that a platform's many idle accounts cost a
/// short page each.
struct NothingRecordedView {
  var id, name, anchor, window: String
  var coachLink: String?
  /// "Nothing of theirs is in the data up to Wed 18 Nov: …".
  var text: String
  var rank: String
}
