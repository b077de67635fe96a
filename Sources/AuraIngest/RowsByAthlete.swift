import AuraSupport
import Foundation

/// The rows of a per-athlete table (wellness, nutrition, morpho), set aside on disk as they are
/// read (`ScratchFile`, each row in its `ScratchRow` form) and read back one athlete at a
/// time: memory holds one entry an athlete (their id and where their rows are), and an
/// athlete's rows only while they are used. An athlete's rows come back in the order they were
/// read.
package struct RowsByAthlete<Row: ScratchRow>: Sendable {
  struct Entry: Sendable {
    let athleteId: String
    let offset: Int
    let length: Int
    let rows: Int
  }

  /// One an athlete, in id order; each athlete's rows lie together in `file`.
  private let entries: [Entry]
  private let file: ScratchFile?

  /// No rows.
  package init() {
    entries = []
    file = nil
  }

  /// `rows`, each of the athlete `athleteId` names.
  package init(_ rows: [Row]) {
    let builder = Builder()
    for row in rows { builder.append(row) }
    self = builder.finish()
  }

  fileprivate init(entries: [Entry], file: ScratchFile?) {
    self.entries = entries
    self.file = file
  }

  /// The athletes with a row, in id order.
  package var athleteIds: some RandomAccessCollection<String> { entries.lazy.map(\.athleteId) }

  /// How many rows there are.
  package var count: Int { entries.reduce(0) { $0 + $1.rows } }

  package var isEmpty: Bool { entries.isEmpty }

  /// Whether the rows are held on disk (false where no scratch file could be made).
  package var isOnDisk: Bool { file?.isOnDisk ?? true }

  /// The rows of the athlete `athleteId`, in the order read; none where they have none.
  package func rows(of athleteId: String) -> [Row] {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if entries[middle].athleteId < athleteId { low = middle + 1 } else { high = middle }
    }
    guard low < entries.count, entries[low].athleteId == athleteId else { return [] }
    return rows(entries[low])
  }

  /// Every row, athletes in id order.
  package var all: [Row] { entries.flatMap { rows($0) } }

  private func rows(_ entry: Entry) -> [Row] {
    guard let file else { return [] }
    var reader = ScratchRowReader(file.read(offset: entry.offset, length: entry.length))
    return (0..<entry.rows).map { _ in Row(from: &reader) }
  }

  /// Sets rows aside as they are read; `finish` gathers each athlete's rows together (once).
  package final class Builder {
    private let writer = ScratchFile.Writer()
    /// One row's bytes, emptied for each row rather than allocated.
    private var bytes = ScratchRowWriter()
    /// Where the rows went, in the order written: an athlete's rows read one after the other
    /// share a run.
    private var runs: [(athleteId: String, offset: Int, length: Int, rows: Int)] = []
    private var athletes = Set<String>()

    package init() {}

    package func append(_ row: Row) {
      bytes.clear()
      row.write(to: &bytes)
      let offset = writer.count
      writer.append(bytes.bytes)
      let length = bytes.bytes.count
      let athleteId = row.athleteId
      if let last = runs.last, last.athleteId == athleteId {
        runs[runs.count - 1] = (athleteId, last.offset, last.length + length, last.rows + 1)
      } else {
        runs.append((athleteId, offset, length, 1))
        athletes.insert(athleteId)
      }
    }

    /// The rows, each athlete's together: as written where every athlete's rows came one
    /// after the other (a table sorted or grouped by athlete), else copied into a second
    /// scratch file athlete by athlete.
    package func finish() -> RowsByAthlete {
      let first = writer.finish()
      guard !runs.isEmpty else { return RowsByAthlete() }
      let order = runs.indices.sorted { (runs[$0].athleteId, $0) < (runs[$1].athleteId, $1) }
      guard runs.count > athletes.count else {
        return RowsByAthlete(
          entries: order.map {
            Entry(
              athleteId: runs[$0].athleteId, offset: runs[$0].offset, length: runs[$0].length,
              rows: runs[$0].rows)
          }, file: first)
      }
      let grouped = ScratchFile.Writer()
      var entries: [Entry] = []
      entries.reserveCapacity(athletes.count)
      for index in order {
        let run = runs[index]
        grouped.append(first.read(offset: run.offset, length: run.length))
        if let last = entries.last, last.athleteId == run.athleteId {
          entries[entries.count - 1] = Entry(
            athleteId: last.athleteId, offset: last.offset, length: last.length + run.length,
            rows: last.rows + run.rows)
        } else {
          entries.append(
            Entry(
              athleteId: run.athleteId, offset: grouped.count - run.length, length: run.length,
              rows: run.rows))
        }
      }
      return RowsByAthlete(entries: entries, file: grouped.finish())
    }
  }
}
