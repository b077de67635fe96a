/// The accuracy tables as Markdown: a header, one row of cells per group ("–" where a value was
/// not measured), then, after a blank line, a line per target saying whether it was met.
enum MarkdownTable {
  static func render(header: [String], rows: [[String]], checks: [AccuracyReport.TargetCheck])
    -> String
  {
    var lines = [
      "| " + header.joined(separator: " | ") + " |",
      "|" + String(repeating: " --- |", count: header.count),
    ]
    for cells in rows {
      lines.append("| " + cells.map { $0.isEmpty ? "–" : $0 }.joined(separator: " | ") + " |")
    }
    if !checks.isEmpty { lines.append("") }
    for check in checks {
      lines.append(
        "- \(check.passed ? "met" : "MISSED"): \(check.name) \(check.measured) (target \(check.target))"
      )
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
