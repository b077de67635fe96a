import AuraDomain
import Foundation

/// The athletes of athletes.csv in id order, each id once: an athlete is found by a binary
/// search, so that no set or dictionary of every athlete's id is built beside them. Read from
/// a file, the roster keeps each athlete's id and where their row is, and reads and parses the
/// row again when the athlete is asked for: a platform's table holds millions of rows, and
/// memory then holds 32 bytes of each.
package struct AthleteRoster: RandomAccessCollection, Sendable {
  private enum Storage: Sendable {
    case rows([Athlete])
    case file(AthleteTableFile)
  }

  private let storage: Storage

  /// `athletes` sorted by id, in place; their ids are unique (athletes.csv's reader sets a
  /// repeated one aside).
  package init(_ athletes: consuming [Athlete]) {
    var rows = athletes
    rows.sort { $0.id < $1.id }
    storage = .rows(rows)
  }

  init(file: AthleteTableFile) { storage = .file(file) }

  package var startIndex: Int { 0 }
  package var endIndex: Int {
    switch storage {
    case .rows(let rows): rows.count
    case .file(let file): file.entries.count
    }
  }

  package subscript(position: Int) -> Athlete {
    switch storage {
    case .rows(let rows): rows[position]
    case .file(let file): file.athlete(at: position)
    }
  }

  private func id(at position: Int) -> String {
    switch storage {
    case .rows(let rows): rows[position].id
    case .file(let file): file.entries[position].id
    }
  }

  /// The position of the athlete `id`, nil where athletes.csv has none.
  package func index(of id: String) -> Int? {
    var low = 0
    var high = endIndex
    while low < high {
      let middle = (low + high) / 2
      if self.id(at: middle) < id { low = middle + 1 } else { high = middle }
    }
    return low < endIndex && self.id(at: low) == id ? low : nil
  }

  package func contains(id: String) -> Bool { index(of: id) != nil }

  package subscript(id id: String) -> Athlete? { index(of: id).map { self[$0] } }
}

/// athletes.csv left on disk: each athlete's id and their row's place in the file, in id order.
/// A row is read again (`pread`) and parsed as the table's reader parsed it, its coach link
/// checked against the same coaches.
final class AthleteTableFile: Sendable {
  struct Entry: Sendable {
    let id: String
    let offset: Int
    let length: Int32
    let line: Int32
  }

  let entries: [Entry]
  private let descriptor: Int32
  private let path: String
  private let header: CSVTable
  private let coaches: Set<String>

  /// Opens `url`, whose data rows are `entries` (sorted by id, each id once) under `header`;
  /// athletes whose coach is not one of `coaches` are read without one.
  init(url: URL, header: CSVTable, entries: consuming [Entry], coaches: Set<String>) throws {
    descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw DatasetProblem(
        path: header.path, line: 0, reason: "unreadable: \(String(cString: strerror(errno)))")
    }
    self.entries = entries
    path = url.path
    self.header = CSVTable(path: header.path, header: header.header, rows: [])
    self.coaches = coaches
  }

  deinit { close(descriptor) }

  /// The athlete at `position`, read from the file. The run stops, naming the file, where the
  /// row is no longer the one read at first: the file was rewritten in place while the run
  /// read it, and what it would publish would mix the two.
  func athlete(at position: Int) -> Athlete {
    let entry = entries[position]
    var bytes = [UInt8](repeating: 0, count: Int(entry.length))
    let read = bytes.withUnsafeMutableBytes {
      pread(descriptor, $0.baseAddress, $0.count, off_t(entry.offset))
    }
    var athlete: Athlete? = nil
    if read == Int(entry.length) {
      var ignored: [DatasetProblem] = []
      try? CSVReader.forEachRow(in: Data(bytes), path: header.path) { row in
        guard athlete == nil else { return }
        let fields = CSVReader.tableFields(row, path: header.path, problems: &ignored)
        athlete = try DatasetTablesReader.athleteRow(
          header, CSVTable.Row(line: Int(entry.line), fields: fields), problems: &ignored)
      }
    }
    guard var athlete, athlete.id == entry.id else {
      fatalError("\(path) changed while the run read it (line \(entry.line)): run again")
    }
    if let coach = athlete.coachId, !coaches.contains(coach) { athlete.coachId = nil }
    return athlete
  }
}
