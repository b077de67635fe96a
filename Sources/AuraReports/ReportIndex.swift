/// The landing page of a run's reports: a link to every coach's and athlete's report.
struct ReportIndex {
  var window: String
  var coaches: [Link]
  var athletes: [Link]
  /// Every input the run set aside, whoever it belongs to.
  var quarantined: [Problem]

  struct Problem {
    var path, line, reason: String
  }

  /// A report, by its path without extension (both `.html` and `.md` exist).
  struct Link {
    var name, path: String
  }
}
