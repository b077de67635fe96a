/// A reason an athlete needs the coach's attention: the roster's flags (`coach_roster.flags`,
/// set by the aggregation stage) and the run's set-aside inputs (the reports add it). The
/// raw value is the published spelling.
package enum AttentionFlag: String, Codable, Sendable, CaseIterable, Comparable {
  case lowReadiness = "low_readiness"
  case velocityLoss = "velocity_loss"
  case formDropping = "form_dropping"
  case missedSessions = "missed_sessions"
  case checkEntry = "check_entry"
  /// An input of the athlete's the run could not read; never in `coach_roster.flags`.
  case quarantined

  /// How soon the coach should act on it.
  package var severity: AttentionSeverity {
    switch self {
    case .lowReadiness, .velocityLoss: .act
    case .formDropping, .missedSessions: .watch
    case .checkEntry, .quarantined: .check
    }
  }

  /// The flag as a coach reads it.
  package var label: String {
    switch self {
    case .lowReadiness: "low readiness"
    case .velocityLoss: "velocity loss past threshold"
    case .formDropping: "form dropping"
    case .missedSessions: "no sessions in 7 days"
    case .checkEntry: "check an entry"
    case .quarantined: "input set aside"
    }
  }

  /// Most urgent first: by severity, then in declaration order (how soon each can hurt).
  package static func < (a: AttentionFlag, b: AttentionFlag) -> Bool {
    (a.severity, allCases.firstIndex(of: a)!) < (b.severity, allCases.firstIndex(of: b)!)
  }

  /// The flags of a `coach_roster.flags` value ("low_readiness,velocity_loss"); spellings
  /// this build does not know (a newer release's) are left out.
  package static func parse(_ list: String?) -> [AttentionFlag] {
    (list ?? "").split(separator: ",").compactMap { AttentionFlag(rawValue: String($0)) }
  }
}

/// How soon a flag needs the coach, most urgent first.
package enum AttentionSeverity: Int, Sendable, Comparable, CaseIterable {
  /// This week's training should change: the athlete is under-recovered or went nearer
  /// failure than planned.
  case act
  /// A trend to raise at the next session: form slipping, sessions missed.
  case watch
  /// A number or file to fix: it is kept out of what counts until then.
  case check

  package static func < (a: AttentionSeverity, b: AttentionSeverity) -> Bool {
    a.rawValue < b.rawValue
  }

  /// The word a page and a mail show for it.
  package var word: String {
    switch self {
    case .act: "act"
    case .watch: "watch"
    case .check: "check"
    }
  }

  /// What the level asks of the coach, for the page's legend.
  package var meaning: String {
    switch self {
    case .act: "change this week's training"
    case .watch: "raise it at the next session"
    case .check: "fix a number or file"
    }
  }
}
