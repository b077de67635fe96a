import AuraDomain
import AuraSupport
import Foundation

/// Reads the dataset-wide files: athletes.csv (required), coaches, wellness (and Apple Health
/// exports), nutrition, morpho and custom exercises (optional). A bad row (an id that is not
/// one, a value outside its plausible range, a second row for the same key) is reported with
/// its file, line and reason and skipped; the rest is read.
package enum DatasetTablesReader {
  /// Reads every table under `root`. Throws only when athletes.csv is missing or unusable.
  package static func read(root: URL) throws -> DatasetTables {
    // athletes.csv is read after coaches.csv, whose ids its coach links are checked against;
    // the problems are listed as the files are named: athletes', coaches', then the rest.
    var coachProblems: [DatasetProblem] = []
    var addressProblems: [DatasetProblem] = []
    let coaches = readOptional(
      root: root, file: "coaches.csv", problems: &coachProblems, key: Self.coachKey
    ) { table, row in
      let coach = Coach(
        id: try id(table, row, "coach_id"), name: try required(table, row, "name"),
        email: email(table, row, kept: "the coach", problems: &addressProblems))
      // Nobody goes unmailed silently: a coach is mailed their athletes' week.
      if field(table, row, "email") == nil {
        addressProblems.append(
          DatasetProblem(
            path: table.path, line: row.line,
            reason:
              "coach '\(coach.id)' has no email: their athletes' week is not mailed to them"))
      }
      return coach
    }
    var problems: [DatasetProblem] = []
    // Said after the other tables' problems, as the coaches' links are checked last.
    var linkProblems: [DatasetProblem] = []
    let knownAthletes = try readAthletes(
      root: root, coaches: coaches, problems: &problems, linkProblems: &linkProblems)
    problems += coachProblems + addressProblems
    let perAthlete = readPerAthleteTables(root: root, athletes: knownAthletes, problems: &problems)
    let exercises = readOptional(
      root: root, file: "exercises.csv", problems: &problems, key: { "exercise_id '\($0.id)'" },
      CustomExerciseRow.definition)
    problems += linkProblems
    return DatasetTables(
      athletes: knownAthletes, coaches: coaches,
      wellness: perAthlete.wellness, nutrition: perAthlete.nutrition, morpho: perAthlete.morpho,
      exercises: exercises, problems: problems)
  }

  /// The rows of an optional table that `make` accepts; a row whose `key` (described for
  /// messages) an earlier row has is a duplicate and is skipped.
  static func readOptional<T>(
    root: URL, file: String, problems: inout [DatasetProblem], key: (T) -> String,
    _ make: (CSVTable, CSVTable.Row) throws -> T
  ) -> [T] {
    var values: [T] = []
    readOptional(
      root: root, file: file, problems: &problems, key: key, make: make,
      accept: { values.append($0) })
    return values
  }

  /// Hands each row of an optional table that `make` accepts to `accept`, in file order; a
  /// row whose `key` (described for messages) an earlier row has is a duplicate and is
  /// skipped.
  static func readOptional<T>(
    root: URL, file: String, problems: inout [DatasetProblem], key: (T) -> String,
    make: (CSVTable, CSVTable.Row) throws -> T, accept: (T) -> Void
  ) {
    let url = root.appendingPathComponent(file)
    guard FileManager.default.fileExists(atPath: url.path) else { return }
    guard SafePath.isInside(url, datasetRoot: root) else {
      problems.append(
        DatasetProblem(path: file, line: 0, reason: "is a link that leaves the dataset: not read"))
      return
    }
    do {
      // Read in chunks: a row's text lives only while `make` reads it.
      try checkSize(url, path: file)
      var firstLine: [String: Int] = [:]
      var rowProblems: [DatasetProblem] = []
      let table = try CSVReader.forEachTableRow(file: url, path: file) { table, row in
        do {
          let value = try make(table, row)
          let described = key(value)
          if let first = firstLine[described] {
            throw DatasetProblem(
              path: table.path, line: row.line,
              reason: "duplicate row for \(described) (the first is on line \(first))")
          }
          firstLine[described] = row.line
          accept(value)
        } catch let problem as DatasetProblem {
          rowProblems.append(problem)
        }
      }
      problems += table.readProblems
      problems += grouped(rowProblems)
    } catch let problem as DatasetProblem {
      problems.append(problem)
    } catch {
      problems.append(
        DatasetProblem(path: file, line: 0, reason: "unreadable: \(ErrorMessage.reason(error))"))
    }
  }

  /// Throws a problem naming the file where it is over the size a recording may be
  /// (`FileSizeLimit`); a table is then not read at all.
  static func checkSize(_ url: URL, path: String) throws {
    if let problem = FileSizeLimit.problem(url, kind: "table") {
      throw DatasetProblem(path: path, line: 0, reason: "\(problem): not read")
    }
  }

  /// Rows set aside for the same reason (every day of an athlete athletes.csv does not hold)
  /// as one problem with their count and lines: one cause, one line.
  static func grouped(_ problems: [DatasetProblem]) -> [DatasetProblem] {
    var order: [String] = []
    var byReason: [String: [DatasetProblem]] = [:]
    for problem in problems {
      if byReason[problem.reason] == nil { order.append(problem.reason) }
      byReason[problem.reason, default: []].append(problem)
    }
    return order.map { reason in
      let same = byReason[reason]!
      guard same.count > 1, let first = same.first, let last = same.last else { return same[0] }
      return DatasetProblem(
        path: first.path, line: first.line,
        reason: "\(reason) (\(same.count) rows, lines \(first.line)-\(last.line))",
        athleteId: first.athleteId, missingAthlete: first.missingAthlete, rows: same.count,
        lastLine: last.line)
    }
  }

  /// How a row of coaches.csv is keyed.
  static func coachKey(_ coach: Coach) -> String { "coach_id '\(coach.id)'" }

  /// How a row of a per-athlete, per-day table is keyed.
  static func athleteDay(_ row: some AthleteDayRow) -> String {
    "athlete '\(row.athleteId)' on \(row.date)"
  }

  /// Athletes whose coach is not in coaches.csv lose the link, with a problem naming them: a
  /// report for a coach nobody named would be a page for nobody. Where coaches.csv gives no
  /// coach at all (absent, header only, refused, or every row set aside) that is one cause,
  /// stated once, and every athlete is kept without a coach.
  static func linkCoaches(
    _ athletes: [Athlete], _ coaches: [Coach], problems: inout [DatasetProblem]
  ) -> [Athlete] {
    let known = Set(coaches.map(\.id))
    let unknown = athletes.filter { $0.coachId.map { !known.contains($0) } ?? false }
    guard !unknown.isEmpty else { return athletes }
    if coaches.isEmpty {
      let named = Set(unknown.compactMap(\.coachId)).sorted()
      let shown = named.prefix(5).map { "'\($0)'" }.joined(separator: ", ")
      problems.append(
        DatasetProblem(
          path: "coaches.csv", line: 0,
          reason:
            "gives no coach (missing, empty, or every row set aside) while athletes.csv names \(named.count) (\(shown)\(named.count > 5 ? ", …" : "")); \(unknown.count) athletes are kept without a coach"
        ))
    } else {
      for athlete in unknown {
        problems.append(
          DatasetProblem(
            path: "athletes.csv", line: 0,
            reason:
              "athlete '\(athlete.id)': coach_id '\(athlete.coachId!)' is not in coaches.csv; the athlete is kept without a coach"
          ))
      }
    }
    return athletes.map { athlete in
      guard let coach = athlete.coachId, !known.contains(coach) else { return athlete }
      var unlinked = athlete
      unlinked.coachId = nil
      return unlinked
    }
  }

  /// The row's `athlete_id`, which must be an athlete of athletes.csv: a day of an athlete the
  /// run does not publish would be a row that refers to nobody.
  static func athlete(_ table: CSVTable, _ row: CSVTable.Row, among known: AthleteRoster) throws
    -> String
  {
    let athlete = try id(table, row, "athlete_id")
    guard known.contains(id: athlete) else {
      throw DatasetProblem(
        path: table.path, line: row.line,
        reason:
          "athlete_id '\(athlete)' is not an athlete of athletes.csv (or its row there was set aside)",
        missingAthlete: athlete)
    }
    return athlete
  }

  /// The row's username; an empty one keeps the athlete, shown by their id, with a problem
  /// saying so (a missing name must not take the athlete's sessions and days with it).
  static func username(
    _ table: CSVTable, _ row: CSVTable.Row, problems: inout [DatasetProblem]
  ) throws -> String {
    _ = try table.column("username")
    if let name = try optionalText(table, row, "username") { return name }
    let id = try id(table, row, "athlete_id")
    problems.append(
      DatasetProblem(
        path: table.path, line: row.line,
        reason: "empty username; the athlete is kept and shown as '\(id)'"))
    return id
  }

  /// An optional field of athletes.csv: its value, or nil with its problem and that the
  /// athlete is kept without it. One bad optional value never sets an athlete aside, and with
  /// them every session and day they have.
  static func kept<T>(
    _ problems: inout [DatasetProblem], without: String = "it", _ read: () throws -> T?
  ) -> T? {
    do { return try read() } catch let problem as DatasetProblem {
      problems.append(
        DatasetProblem(
          path: problem.path, line: problem.line,
          reason: "\(problem.reason); the athlete is kept without \(without)"))
      return nil
    } catch {
      return nil
    }
  }

  /// The row's `email`, where it is one plain address (`EmailAddress`); otherwise nil, with
  /// a problem saying why and that the row is kept without it (nobody is mailed at it).
  static func email(
    _ table: CSVTable, _ row: CSVTable.Row, kept: String, problems: inout [DatasetProblem]
  ) -> String? {
    guard let text = field(table, row, "email") else { return nil }
    guard let problem = EmailAddress.problem(text) else { return text }
    problems.append(
      DatasetProblem(
        path: table.path, line: row.line,
        reason:
          "column 'email': \(EntityId.quoted(text)) \(problem); \(kept) is kept without an email and is not mailed"
      ))
    return nil
  }

  /// A required id (`EntityId`).
  static func id(_ table: CSVTable, _ row: CSVTable.Row, _ column: String) throws -> String {
    let text = try required(table, row, column)
    if let problem = EntityId.problem(text) {
      throw DatasetProblem(
        path: table.path, line: row.line,
        reason: "column '\(column)': \(EntityId.quoted(text)) \(problem)")
    }
    return text
  }

  static func field(_ table: CSVTable, _ row: CSVTable.Row, _ column: String) -> String? {
    guard let index = table.optionalColumn(column), index < row.fields.count else { return nil }
    let value = row.fields[index]
    return value.isEmpty ? nil : value
  }

  /// A text field, nil when empty. Text holds no NUL: PostgreSQL cannot store one, and C
  /// strings end at it, so a name would be published cut short.
  static func optionalText(_ table: CSVTable, _ row: CSVTable.Row, _ column: String) throws
    -> String?
  {
    guard let value = field(table, row, column) else { return nil }
    guard !value.utf8.contains(0) else {
      throw DatasetProblem(
        path: table.path, line: row.line,
        reason: "column '\(column)': \(EntityId.quoted(value)) holds a NUL character")
    }
    return value
  }

  static func required(_ table: CSVTable, _ row: CSVTable.Row, _ column: String) throws -> String {
    _ = try table.column(column)
    guard let value = try optionalText(table, row, column) else {
      throw DatasetProblem(
        path: table.path, line: row.line, reason: "empty required field '\(column)'")
    }
    return value
  }

  static func number(_ table: CSVTable, _ row: CSVTable.Row, _ column: String) throws -> Double? {
    guard let text = field(table, row, column) else { return nil }
    guard let value = Double(text), value.isFinite else {
      throw DatasetProblem(
        path: table.path, line: row.line,
        reason: "column '\(column)': \(EntityId.quoted(text)) is not a finite number")
    }
    if let problem = PlausibleRange.problem(column, value) {
      throw DatasetProblem(
        path: table.path, line: row.line, reason: "column '\(column)': \(problem)")
    }
    return value
  }

  static func date(_ table: CSVTable, _ row: CSVTable.Row, _ column: String) throws -> String {
    let text = try required(table, row, column)
    guard ISODates.day(text) != nil else {
      throw DatasetProblem(
        path: table.path, line: row.line,
        reason: "column '\(column)': \(EntityId.quoted(text)) is not an ISO date")
    }
    if let problem = PlausibleRange.dateProblem(text)
      ?? ISODates.day(text).flatMap({ RunDay.problem(day: $0) })
    {
      throw DatasetProblem(
        path: table.path, line: row.line, reason: "column '\(column)': \(problem)")
    }
    return String(text.prefix(10))
  }

  /// The athlete's date of birth, checked as `date` is; a bad one is left out with a problem
  /// (the athlete is kept).
  static func birthDate(
    _ table: CSVTable, _ row: CSVTable.Row, problems: inout [DatasetProblem]
  ) -> String? {
    guard field(table, row, "date_of_birth") != nil else { return nil }
    do { return try date(table, row, "date_of_birth") } catch let problem as DatasetProblem {
      problems.append(
        DatasetProblem(
          path: problem.path, line: problem.line,
          reason: problem.reason + "; the athlete is kept without it"))
      return nil
    } catch { return nil }
  }

  static func oneOf(_ table: CSVTable, _ row: CSVTable.Row, _ column: String, _ allowed: [String])
    throws
    -> String?
  {
    guard let text = field(table, row, column) else { return nil }
    let lowered = text.lowercased()
    guard allowed.contains(lowered) else {
      throw DatasetProblem(
        path: table.path, line: row.line,
        reason: "column '\(column)': '\(text)' is not one of \(allowed.joined(separator: "|"))")
    }
    return lowered
  }
}
