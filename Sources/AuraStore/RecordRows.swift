import GRDB

/// Decodes flat records (text, integer, real and Boolean properties, optional or not) from the
/// rows of one query, each property from the column of its snake_case name
/// (`lpChangeThisWeek` from `lp_change_this_week`). The columns are matched to names once per query:
/// GRDB's own Codable decoding converts and matches every column name again on every row, which
/// was most of the reports' database time.
enum RecordRows {
  static func fetchAll<Record: Decodable>(
    _ type: Record.Type, _ db: Database, sql: String, arguments: StatementArguments
  ) throws -> [Record] {
    let statement = try db.cachedStatement(sql: sql)
    statement.arguments = arguments
    var columns: [String: Int] = [:]
    for (index, name) in statement.columnNames.enumerated() {
      columns[propertyName(ofColumn: name)] = index
    }
    var records: [Record] = []
    let rows = try Row.fetchCursor(statement)
    while let row = try rows.next() {
      records.append(try Record(from: RowDecoder(row: row, columns: columns)))
    }
    return records
  }

  /// `lp_change_this_week` → `lpChangeThisWeek`.
  static func propertyName(ofColumn column: String) -> String {
    let words = column.split(separator: "_", omittingEmptySubsequences: true)
    guard let first = words.first else { return column }
    return words.dropFirst().reduce(String(first)) { name, word in
      name + word.prefix(1).uppercased() + word.dropFirst()
    }
  }
}

/// One row, its columns by property name.
private struct RowDecoder: Decoder {
  let row: Row
  let columns: [String: Int]
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(RowColumns<Key>(row: row, columns: columns))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    throw unsupported("a row is not a list")
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    throw unsupported("a row is not a single value")
  }
}

/// What a row cannot be decoded as.
private func unsupported(_ reason: String) -> DecodingError {
  .typeMismatch(Row.self, .init(codingPath: [], debugDescription: reason))
}

/// A row's columns as a record's properties.
private struct RowColumns<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let row: Row
  let columns: [String: Int]
  var codingPath: [any CodingKey] { [] }
  var allKeys: [Key] { columns.keys.compactMap { Key(stringValue: $0) } }

  func contains(_ key: Key) -> Bool { columns[key.stringValue] != nil }

  private func index(_ key: Key) throws -> Int {
    guard let index = columns[key.stringValue] else {
      throw DecodingError.keyNotFound(
        key, .init(codingPath: [], debugDescription: "the query has no column for it"))
    }
    return index
  }

  private func value<Value: DatabaseValueConvertible & StatementColumnConvertible>(_ key: Key)
    throws -> Value
  {
    try row.decode(Value.self, atIndex: try index(key))
  }

  func decodeNil(forKey key: Key) throws -> Bool { row.hasNull(atIndex: try index(key)) }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(key) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(key) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(key) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(key) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(key) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(key) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(key) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(key) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(key) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(key) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(key) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(key) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(key) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(key) }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    throw unsupported("\(key.stringValue): a column holds no \(T.self)")
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
    throws -> KeyedDecodingContainer<NestedKey>
  {
    throw unsupported("\(key.stringValue): a column holds no record")
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    throw unsupported("\(key.stringValue): a column holds no list")
  }

  func superDecoder() throws -> any Decoder { throw unsupported("records do not inherit") }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    throw unsupported("records do not inherit")
  }
}
