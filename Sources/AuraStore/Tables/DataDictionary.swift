import GRDB

/// The published tables described for readers: `docs/data-dictionary.md` (written by
/// `auralift dictionary`, and checked against the definitions by a test) and the rows of each
/// database's `table_doc` and `column_doc`.
package enum DataDictionary {
  package static func markdown() -> String {
    var lines = [
      "# Data dictionary",
      "",
      "Every table and column a run publishes, in `auralift.sqlite` and as `csv/<table>.csv`.",
      "Each database carries the same text in its `table_doc` and `column_doc` tables. This page",
      "is generated from the tables' definitions (`Sources/AuraStore/Tables/`) by",
      "`auralift dictionary > docs/data-dictionary.md`; a test fails when it falls behind them.",
      "",
      "Ids are text. Days are `YYYY-MM-DD`, times ISO 8601 with a zone, weeks ISO 8601",
      "(`2026-W45`), flags 0 or 1. A number without a unit is a count. \"Refers to\" names the row",
      "a value identifies; each is a declared foreign key (deferrable, checked when the",
      "publication commits) with an index on its column, but where its meaning says otherwise.",
      "NULL means unknown or not applicable, never zero.",
      "",
      "| table | what one row is |",
      "| --- | --- |",
    ]
    for table in PublishedTable.all {
      lines.append("| [`\(table.name)`](#\(table.name)) | \(cell(table.about)) |")
    }
    for table in PublishedTable.all {
      lines += ["", "## \(table.name)", "", table.about]
      if !table.key.isEmpty {
        lines += ["", "One row per " + table.key.map { "`\($0)`" }.joined(separator: ", ") + "."]
      }
      lines += [
        "", "| column | type | unit or values | refers to | meaning |",
        "| --- | --- | --- | --- | --- |",
      ]
      for column in table.columns {
        let type = column.type.rawValue + (column.required ? ", not null" : "")
        let unit = [column.unit, column.values].compactMap { $0 }.joined(separator: "; ")
        lines.append(
          "| `\(column.name)` | \(type) | \(cell(unit)) | \(column.references.map { "`\($0)`" } ?? "") | \(cell(column.meaning)) |"
        )
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `table_doc` rows, in the order of `PublishedTable.tableDoc`'s columns.
  static var tableRows: [[(any DatabaseValueConvertible)?]] {
    PublishedTable.all.map { [$0.name, $0.about, $0.key.joined(separator: ",")] }
  }

  /// `column_doc` rows, in the order of `PublishedTable.columnDoc`'s columns.
  static var columnRows: [[(any DatabaseValueConvertible)?]] {
    PublishedTable.all.flatMap { table in
      table.columns.enumerated().map { index, column -> [(any DatabaseValueConvertible)?] in
        [
          table.name, column.name, index + 1, column.type.rawValue, column.required, column.unit,
          column.values, column.references, column.meaning,
        ]
      }
    }
  }

  /// Text safe in a Markdown table cell.
  private static func cell(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|")
  }
}
