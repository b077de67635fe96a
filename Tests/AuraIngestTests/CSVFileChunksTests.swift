import AuraDomain
import Foundation
import Testing

@testable import AuraIngest

/// A table read from its file in chunks reads as the same table read whole: the same rows,
/// lines, byte ranges and problems, wherever a chunk ends (inside a quoted field over two
/// lines, inside a line too long to keep, before a last line without its line feed).
@Suite struct CSVFileChunksTests {
  struct Read: Equatable {
    var header: [String]
    var rows: [[String]]
    var lines: [Int]
    var bytes: [Range<Int>]
    var problems: [String]
  }

  /// What `reading` reports of a table, row by row.
  func read(_ reading: ((CSVTable, CSVTable.Row) throws -> Void) throws -> CSVTable) throws
    -> Read
  {
    var read = Read(header: [], rows: [], lines: [], bytes: [], problems: [])
    let table = try reading { _, row in
      read.rows.append(row.fields)
      read.lines.append(row.line)
      read.bytes.append(row.bytes)
    }
    read.header = table.header
    read.problems = table.readProblems.map(\.description)
    return read
  }

  /// A wellness export as spreadsheets write them: a byte order mark, CRLF, quoted notes
  /// with commas and line breaks, blank lines, one line of 1.3 MB (over the megabyte a
  /// line may be), and no line feed after the last row.
  func export(rows: Int, longLineAt: Int) -> Data {
    var text = "\u{FEFF}athlete_id,date,hrv_ms,sleep_hours,note\r\n"
    for index in 0..<rows {
      let day = String(format: "2026-%02d-%02d", 1 + index % 12, 1 + index % 28)
      let note =
        index % 7 == 0
        ? "\"slept badly,\r\nwoke at 4\"" : index % 5 == 0 ? "\"said \"\"fine\"\"\"" : ""
      text += "a-\(index % 300),\(day),\(40 + index % 50).5,\(6 + index % 3),\(note)\r\n"
      if index % 97 == 0 { text += "\r\n" }
      if index == longLineAt {
        text += "a-1,2026-01-01," + String(repeating: "7", count: 1_300_000) + ",8,\r\n"
      }
    }
    text += "a-9,2026-12-31,50,7,last"
    return Data(text.utf8)
  }

  @Test func readsTheSameTableAsReadingItWhole() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "chunks-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // Rows of about 40 bytes: 30,000 of them span several 256 KB chunks, and the long line
    // starts in one chunk and ends three later.
    for (rows, longLineAt) in [(30_000, 4_000), (30_000, 29_999), (10, 3)] {
      let data = export(rows: rows, longLineAt: longLineAt)
      let url = folder.appendingPathComponent("wellness-\(rows)-\(longLineAt).csv")
      try data.write(to: url)
      let whole = try read { try CSVReader.forEachTableRow(in: data, path: "wellness.csv", $0) }
      let chunks = try read { try CSVReader.forEachTableRow(file: url, path: "wellness.csv", $0) }
      #expect(chunks == whole)
      #expect(whole.header == ["athlete_id", "date", "hrv_ms", "sleep_hours", "note"])
      #expect(whole.rows.count == rows + 1)
      #expect(whole.rows.last == ["a-9", "2026-12-31", "50", "7", "last"])
      #expect(whole.rows[7][4] == "slept badly,\r\nwoke at 4")
      #expect(whole.problems.count == 1)
      #expect(whole.problems.first?.contains("line is longer than 1048576 bytes") == true)
      // Each row's bytes are where the row is in the file.
      let row = whole.bytes[7]
      #expect(String(decoding: data[row], as: UTF8.self).hasPrefix("a-7,"))
    }
  }

  @Test func namesTheFileAndLineOfALongLineItCannotSkip() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "long-\(UUID().uuidString).csv")
    try Data(("a,b\n1,2\n" + String(repeating: "9", count: 600_000) + "\n3,4\n").utf8).write(
      to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    var seen = 0
    #expect {
      try CSVReader.forEachRow(file: url, path: "bar.csv", maxLineBytes: 500_000) { _ in
        seen += 1
      }
    } throws: { error in
      (error as? DatasetProblem)?.description == "bar.csv:3: line is longer than 500000 bytes"
    }
    #expect(seen == 2)
  }

  @Test func namesAFileItCannotOpen() {
    #expect {
      try CSVReader.forEachRow(file: URL(fileURLWithPath: "/nonexistent/x.csv"), path: "x.csv") {
        _ in
      }
    } throws: { error in
      (error as? DatasetProblem)?.description.hasPrefix("x.csv: unreadable") == true
    }
  }
}
