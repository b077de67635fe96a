import AuraDomain
import Foundation

/// athletes.csv: streamed row by row and left on disk (`AthleteRoster`), since a platform's
/// table holds millions of athletes.
extension DatasetTablesReader {
  /// The athletes of `root`'s athletes.csv; their rows' problems in `problems` (after the
  /// lines that could not be read, as when the table was read whole) and their coach links'
  /// to `coaches` in `linkProblems`.
  static func readAthletes(
    root: URL, coaches: [Coach], problems: inout [DatasetProblem],
    linkProblems: inout [DatasetProblem]
  ) throws -> AthleteRoster {
    let url = root.appendingPathComponent("athletes.csv")
    guard SafePath.isInside(url, datasetRoot: root) else {
      throw DatasetProblem(
        path: "athletes.csv", line: 0, reason: "is a link that leaves the dataset")
    }
    guard FileManager.default.fileExists(atPath: url.path) else {
      throw DatasetProblem(
        path: "athletes.csv", line: 0, reason: "required file is missing or unreadable")
    }
    try checkSize(url, path: "athletes.csv")
    let knownCoaches = Set(coaches.map(\.id))
    var rowsProblems: [DatasetProblem] = []
    var entries: [AthleteTableFile.Entry] = []
    var unknownCoach: [(line: Int, athlete: Athlete)] = []
    var checkedColumns = false
    func checkColumns(_ table: CSVTable) throws {
      guard !checkedColumns else { return }
      _ = try table.column("athlete_id")
      _ = try table.column("username")
      checkedColumns = true
    }
    let read = try CSVReader.forEachTableRow(file: url, path: "athletes.csv") { table, row in
      try checkColumns(table)
      let rowProblems = rowsProblems.count
      do {
        let athlete = try athleteRow(table, row, problems: &rowsProblems)
        // What the row lost belongs beside the athlete it was kept for (unless the id
        // repeats: `setAsideRepeats`).
        for index in rowProblems..<rowsProblems.count { rowsProblems[index].athleteId = athlete.id }
        if let coach = athlete.coachId, !knownCoaches.contains(coach) {
          unknownCoach.append((row.line, athlete))
        }
        entries.append(
          .init(
            id: athlete.id, offset: row.bytes.lowerBound, length: Int32(row.bytes.count),
            line: Int32(row.line)))
      } catch let problem as DatasetProblem {
        rowsProblems.append(problem)
      }
    }
    try checkColumns(read)
    let repeats = setAsideRepeats(&entries, problems: &rowsProblems)
    problems += read.readProblems + rowsProblems
    _ = linkCoaches(
      unknownCoach.filter { !repeats.contains($0.line) }.map(\.athlete), coaches,
      problems: &linkProblems)
    return AthleteRoster(
      file: try AthleteTableFile(url: url, header: read, entries: entries, coaches: knownCoaches))
  }

  /// Sorts `entries` by id and sets aside every row whose id an earlier line has, with a
  /// problem placed after that row's own (whose athlete it no longer names), as a reader
  /// keeping a set of the ids seen would; returns their lines. Sorting, not a set, finds them:
  /// the entries are sorted for the roster anyway, and a set of a million ids is not held.
  private static func setAsideRepeats(
    _ entries: inout [AthleteTableFile.Entry], problems: inout [DatasetProblem]
  ) -> Set<Int> {
    entries.sort { ($0.id, $0.line) < ($1.id, $1.line) }
    var repeats: [Int: String] = [:]
    var kept = 0
    for index in entries.indices {
      if kept > 0, entries[kept - 1].id == entries[index].id {
        repeats[Int(entries[index].line)] = entries[index].id
        continue
      }
      entries[kept] = entries[index]
      kept += 1
    }
    entries.removeLast(entries.count - kept)
    guard !repeats.isEmpty else { return [] }
    var placed: [DatasetProblem] = []
    var pending = repeats.keys.sorted()[...]
    func placeRepeats(through line: Int) {
      while let next = pending.first, next <= line {
        placed.append(
          DatasetProblem(
            path: "athletes.csv", line: next, reason: "duplicate athlete_id '\(repeats[next]!)'"))
        pending.removeFirst()
      }
    }
    for var problem in problems {
      placeRepeats(through: problem.line - 1)
      if repeats[problem.line] != nil { problem.athleteId = nil }
      placed.append(problem)
    }
    placeRepeats(through: Int.max)
    problems = placed
    return Set(repeats.keys)
  }

  /// One row of athletes.csv as an athlete, what it lost in `problems`; throws where the row
  /// cannot be one. The roster reads a row again with it, so both readings agree.
  static func athleteRow(_ table: CSVTable, _ row: CSVTable.Row, problems: inout [DatasetProblem])
    throws -> Athlete
  {
    var coachId = try optionalText(table, row, "coach_id")
    if let coach = coachId, let problem = EntityId.problem(coach) {
      problems.append(
        DatasetProblem(
          path: table.path, line: row.line,
          reason:
            "column 'coach_id': \(EntityId.quoted(coach)) \(problem); the athlete is kept without a coach"
        ))
      coachId = nil
    }
    return Athlete(
      id: try id(table, row, "athlete_id"),
      username: try username(table, row, problems: &problems),
      email: email(table, row, kept: "the athlete", problems: &problems),
      dateOfBirth: birthDate(table, row, problems: &problems),
      biologicalSex: kept(&problems) {
        try oneOf(table, row, "biological_sex", ["male", "female", "other"])
      },
      heightCm: kept(&problems, without: "a height: pose scale assumes 175 cm") {
        try number(table, row, "height_cm")
      },
      weightKg: kept(
        &problems,
        without: "a bodyweight: no DOTS or strength-to-weight, and off the leaderboard"
      ) { try number(table, row, "weight_kg") },
      bodyFatPercent: kept(&problems) { try number(table, row, "body_fat_pct") },
      coachId: coachId,
      guildName: try optionalText(table, row, "guild_name"),
      guildTag: try optionalText(table, row, "guild_tag"),
      guildRole: kept(&problems) {
        try oneOf(table, row, "guild_role", ["member", "officer", "leader"])
      })
  }
}
