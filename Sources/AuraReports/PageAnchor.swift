/// The ids of the athlete page's parts a flag can point at, so that a coach's tap lands on
/// the very set, entry or day it is about. Ids keep letters, digits, `-`, `_` and `.` of the
/// session id and replace anything else with `_`, which a fragment carries unescaped.
enum PageAnchor {
  /// A session's heading among the week's sessions.
  static func session(_ sessionId: String) -> String { "session-\(safe(sessionId))" }

  /// A set's row in its session's table.
  static func set(_ sessionId: String, _ setNumber: Int) -> String {
    "set-\(safe(sessionId))-\(setNumber)"
  }

  /// A suspect entry's line under "Entries to check".
  static func entry(_ sessionId: String, _ setNumber: Int) -> String {
    "check-\(safe(sessionId))-\(setNumber)"
  }

  private static func safe(_ id: String) -> String {
    String(
      id.unicodeScalars.map {
        ("0"..."9").contains($0) || ("a"..."z").contains($0) || ("A"..."Z").contains($0)
          || "-_.".unicodeScalars.contains($0) ? Character($0) : "_"
      })
  }
}
