/// The athletes of athletes.csv in id order, each id once: an athlete is found by a binary
/// search, so that no set or dictionary of every athlete's id is built beside the rows (a
/// platform's table holds millions).
package struct AthleteRoster: RandomAccessCollection, Sendable, Equatable {
  private let rows: [Athlete]

  /// `athletes` sorted by id, in place; their ids are unique (athletes.csv's reader sets a
  /// repeated one aside).
  package init(_ athletes: consuming [Athlete]) {
    var rows = athletes
    rows.sort { $0.id < $1.id }
    self.rows = rows
  }

  package var startIndex: Int { rows.startIndex }
  package var endIndex: Int { rows.endIndex }
  package subscript(position: Int) -> Athlete { rows[position] }

  /// The position of the athlete `id`, nil where athletes.csv has none.
  package func index(of id: String) -> Int? {
    var low = 0
    var high = rows.count
    while low < high {
      let middle = (low + high) / 2
      if rows[middle].id < id { low = middle + 1 } else { high = middle }
    }
    return low < rows.count && rows[low].id == id ? low : nil
  }

  package func contains(id: String) -> Bool { index(of: id) != nil }

  package subscript(id id: String) -> Athlete? { index(of: id).map { rows[$0] } }
}
