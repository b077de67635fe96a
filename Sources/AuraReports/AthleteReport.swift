import AuraStore
import Foundation

/// Renders the Markdown weekly report of each athlete from a published database.
public enum AthleteReport {
  /// Markdown for one athlete.
  public static func markdown(athlete: StoreReader.AthleteSummary, store: StoreReader) throws
    -> String
  {
    var out = "# \(athlete.username) (\(athlete.id))\n\n"
    out +=
      "**Rank:** \(athlete.tier.capitalized) · \(athlete.leaguePoints) LP · \(athlete.totalXP) XP\n\n"
    if let readiness = try store.latestReadiness(athleteId: athlete.id) {
      out += "## Readiness (\(readiness.date))\n\n"
      out += "| readiness | HRV | sleep | resting HR | load |\n|---|---|---|---|---|\n"
      out +=
        "| \(f(readiness.readiness)) | \(f(readiness.hrv)) | \(f(readiness.sleep)) | \(f(readiness.rhr)) | \(f(readiness.load)) |\n\n"
      out +=
        "_Components are 0-100 against your own rolling baseline; \"–\" means not enough history yet._\n\n"
    }
    out += "## Sets\n\n"
    out +=
      "| date | exercise | set | reps | load (kg) | MCV (m/s) | velocity loss (%) | ROM (°) | form | RPE | XP | source |\n"
    out += "|---|---|---|---|---|---|---|---|---|---|---|---|\n"
    var feedback: [String] = []
    for set in try store.sets(athleteId: athlete.id) {
      out +=
        "| \(set.startTime.prefix(10)) | \(set.exerciseId) | \(set.setNumber) | \(set.reps) | \(f(set.loadKg)) | \(f(set.meanVelocity, 2)) | \(f(set.velocityLoss)) | \(f(set.romDegrees)) | \(f(set.formScore)) | \(f(set.rpe)) | \(set.xp) | \(set.source) |\n"
      if let text = set.feedback {
        feedback.append(
          "- \(set.startTime.prefix(10)) \(set.exerciseId) set \(set.setNumber): "
            + text.replacingOccurrences(of: "\n", with: "; "))
      }
    }
    if !feedback.isEmpty {
      out += "\n### Form feedback\n\n" + feedback.joined(separator: "\n") + "\n"
    }
    let volume = try store.weeklyVolume(athleteId: athlete.id)
    if !volume.isEmpty {
      out +=
        "\n## Weekly sets per muscle\n\n| week | muscle | sets | volume (kg) |\n|---|---|---|---|\n"
      for row in volume {
        out += "| \(row.week) | \(row.muscle) | \(f(row.sets)) | \(f(row.volumeKg, 0)) |\n"
      }
    }
    let records = try store.personalRecords(athleteId: athlete.id)
    if !records.isEmpty {
      out +=
        "\n## Personal records\n\n| exercise | record | value (kg) | session |\n|---|---|---|---|\n"
      for r in records { out += "| \(r.exercise) | \(r.type) | \(f(r.value)) | \(r.sessionId) |\n" }
    }
    let rankings = try store.rankings(athleteId: athlete.id)
    if !rankings.isEmpty {
      out += "\n## Rank progression\n\n| week ending | tier | LP | DOTS |\n|---|---|---|---|\n"
      for r in rankings { out += "| \(r.date) | \(r.tier) | \(r.lp) | \(f(r.strength)) |\n" }
    }
    if let run = try store.run() {
      out +=
        "\n---\n_Run \(run.id) · code \(run.codeVersion) · parameters \(run.parametersHash.prefix(12)) · generated \(run.finishedAt)_\n"
    }
    return out
  }

  /// Writes `<athlete_id>.md` for every athlete into `folder`.
  public static func writeAll(store: StoreReader, folder: URL) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for athlete in try store.athletes() {
      try Data(markdown(athlete: athlete, store: store).utf8).write(
        to: folder.appendingPathComponent("\(athlete.id).md"))
    }
  }

  static func f(_ value: Double?, _ digits: Int = 1) -> String {
    guard let value else { return "–" }
    return String(format: "%.\(digits)f", value)
  }
}
