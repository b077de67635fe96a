/// The landing page of a run's reports: a link to every coach's and athlete's report.
struct ReportIndex {
  var window: String
  var coaches: [Link]
  /// Athletes the data holds more than their athletes.csv row of.
  var athletes: [Link]
  /// A line on the athletes of whom the data holds nothing, where there are any: listed one by
  /// one they would be most of a platform's index.
  var nothingRecorded: String?
  /// Every input the run set aside, whoever it belongs to.
  var quarantined: [Problem]

  struct Problem {
    var path, line, reason: String
  }

  static func nothingRecorded(_ count: Int) -> String? {
    guard count > 0 else { return nil }
    return
      "\(count) athlete\(count == 1 ? "" : "s") with nothing in the data but their athletes.csv row (no session, wellness, nutrition or body-scan row): not listed here; each has a page saying so (athletes/<id>.html), and the user_profile table lists them."
  }

  /// A report, by its path without extension (both `.html` and `.md` exist).
  struct Link {
    var name, path: String
  }
}
