import AuraDomain

/// The words of a weekly email: its subject, and a short plain-text and HTML body (the
/// roster, who needs attention and why). The HTML comes from the reports' Mustache library
/// (escaped as the reports are) and reads the same in any mail client: a table and inline
/// styles, no SVG, no script.
package struct WeeklyEmail: Sendable {
  package var subject, text, html: String

  /// Renders emails; holds the compiled templates.
  package struct Writer: Sendable {
    private let renderer: ReportRenderer

    package init() throws { renderer = try ReportRenderer() }

    package func email(_ brief: WeeklyBrief) -> WeeklyEmail {
      WeeklyEmail(
        subject: WeeklyEmail.subject(brief), text: WeeklyEmail.text(brief),
        html: renderer.html("email", brief))
    }
  }

  static func subject(_ brief: WeeklyBrief) -> String {
    guard brief.coach else { return "Your training week \(brief.isoWeek)" }
    let athletes = brief.lines.count == 1 ? "1 athlete" : "\(brief.lines.count) athletes"
    let flagged = brief.lines.filter { !$0.flags.isEmpty }.count
    let act = brief.lines.filter { $0.severity == AttentionSeverity.act.word }.count
    let attention =
      flagged == 0
      ? "none need attention"
      : "\(flagged) need attention" + (act > 0 ? ", \(act) to act on" : "")
    return "Weekly report \(brief.isoWeek): \(athletes), \(attention)"
  }

  static func text(_ brief: WeeklyBrief) -> String {
    var lines = ["\(brief.name),", ""]
    if brief.attention.isEmpty {
      lines.append(
        brief.coach ? "Nobody needs attention this week." : "Nothing needs attention this week.")
    } else {
      lines.append("Needs attention:")
      lines += brief.attention.map { "- \($0)" }
    }
    lines.append("")
    if brief.coach {
      lines += ["Your athletes, \(brief.window):", ""]
      for line in brief.lines {
        lines.append(
          "- \(line.athlete): readiness \(line.readiness), \(line.sessions) sessions this week, LP \(line.leaguePoints), \(line.volume)"
            + (line.link.map { "\n  \($0)" } ?? ""))
      }
    } else if let line = brief.lines.first {
      lines += [
        "Your week, \(brief.window):", "", "- readiness \(line.readiness)",
        "- \(line.sessions) sessions this week", "- LP \(line.leaguePoints)", "- \(line.volume)",
      ]
    }
    lines += [
      "",
      brief.reportURL.map { "The full report: \($0)" }
        ?? "The full report is attached: open it in a browser.", "",
      "-- ", "AuraLift Analytics, run \(brief.runId)",
    ]
    return lines.joined(separator: "\n") + "\n"
  }
}
