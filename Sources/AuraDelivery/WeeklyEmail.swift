import AuraReports
import Foundation

/// The words of a weekly email: a short plain-text and HTML body (the roster, who needs
/// attention and why) that reads the same in any mail client (tables and inline styles, no
/// SVG, no script), with the full report attached.
enum WeeklyEmail {
  static func subject(_ brief: WeeklyBrief, coach: Bool) -> String {
    guard coach else { return "Your training week \(brief.isoWeek)" }
    let athletes = brief.lines.count == 1 ? "1 athlete" : "\(brief.lines.count) athletes"
    let names = Set(brief.attention.compactMap { $0.split(separator: ":").first })
    let attention = names.isEmpty ? "none need attention" : "\(names.count) need attention"
    return "Weekly report \(brief.isoWeek): \(athletes), \(attention)"
  }

  static func text(_ brief: WeeklyBrief, coach: Bool) -> String {
    var lines = ["\(brief.name),", ""]
    if coach {
      lines.append("Your athletes, \(brief.window):")
      lines.append("")
      for line in brief.lines {
        lines.append(
          "- \(line.athlete): readiness \(line.readiness), \(line.sessions) sessions in 7 days, LP \(line.leaguePoints), \(line.volume)"
        )
      }
    } else if let line = brief.lines.first {
      lines.append("Your week, \(brief.window):")
      lines.append("")
      lines.append("- readiness \(line.readiness)")
      lines.append("- \(line.sessions) sessions in 7 days")
      lines.append("- LP \(line.leaguePoints)")
      lines.append("- \(line.volume)")
    }
    lines.append("")
    if brief.attention.isEmpty {
      lines.append(
        coach ? "Nobody needs attention this week." : "Nothing needs attention this week.")
    } else {
      lines.append("Needs attention:")
      lines += brief.attention.map { "- \($0)" }
    }
    lines += [
      "", "The full report is attached: open it in a browser.", "",
      "-- ", "AuraLift Analytics, run \(brief.runId)",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  static func html(_ brief: WeeklyBrief, coach: Bool) -> String {
    func escaped(_ text: String) -> String {
      text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
    let cell = "style=\"padding:4px 8px;border-bottom:1px solid #ddd;text-align:left\""
    var body = [
      "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\"></head>",
      "<body style=\"font-family:-apple-system,Segoe UI,Roboto,sans-serif;font-size:15px;color:#222;max-width:600px\">",
      "<p>\(escaped(brief.name)),</p>",
      "<p>\(coach ? "Your athletes" : "Your week"), \(escaped(brief.window)):</p>",
      "<table style=\"border-collapse:collapse;width:100%\">",
      "<tr><th \(cell)>\(coach ? "Athlete" : "")</th><th \(cell)>Readiness</th><th \(cell)>Sessions (7 days)</th><th \(cell)>LP</th></tr>",
    ]
    for line in brief.lines {
      body.append(
        "<tr><td \(cell)>\(escaped(coach ? line.athlete : ""))</td><td \(cell)>\(escaped(line.readiness))</td><td \(cell)>\(escaped(line.sessions))</td><td \(cell)>\(escaped(line.leaguePoints))</td></tr>"
      )
    }
    body.append("</table>")
    if brief.attention.isEmpty {
      body.append(
        "<p>\(coach ? "Nobody needs attention this week." : "Nothing needs attention this week.")</p>"
      )
    } else {
      body.append("<p><strong>Needs attention</strong></p><ul>")
      body += brief.attention.map { "<li>\(escaped($0))</li>" }
      body.append("</ul>")
    }
    body += [
      "<p>The full report is attached: open it in a browser.</p>",
      "<p style=\"color:#777;font-size:12px\">AuraLift Analytics, run \(escaped(brief.runId))</p>",
      "</body></html>",
    ]
    return body.joined(separator: "\n") + "\n"
  }
}
