import AuraDomain
import CSimdJSON
import Foundation

/// A reusable simdjson parser. Values it returns are valid until its next `parse`.
/// Not thread-safe: use one per reader.
final class JSONDocumentParser {
  private let parser: OpaquePointer

  init() {
    guard let parser = aura_json_parser_new() else { fatalError("out of memory") }
    self.parser = parser
  }

  deinit { aura_json_parser_free(parser) }

  /// Parses `data`, or throws a `DatasetProblem` naming `path` and simdjson's reason.
  func parse(_ data: Data, path: String) throws -> JSONValue {
    var root = aura_json_value()
    var message = [CChar](repeating: 0, count: 256)
    let ok = data.withUnsafeBytes { raw in
      aura_json_parse(
        parser, raw.baseAddress?.assumingMemoryBound(to: CChar.self), raw.count, &root, &message,
        message.count)
    }
    guard ok == 1 else {
      let reason = String(
        decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) },
        as: UTF8.self)
      throw DatasetProblem(path: path, line: 0, reason: "malformed JSON: \(reason)")
    }
    return JSONValue(raw: root)
  }
}

/// A JSON value inside a parsed document.
struct JSONValue {
  fileprivate let raw: aura_json_value

  var isArray: Bool { aura_json_kind_of(raw) == AURA_JSON_ARRAY }
  var isObject: Bool { aura_json_kind_of(raw) == AURA_JSON_OBJECT }

  /// The number, or nil for any other kind.
  var number: Double? {
    var value = 0.0
    return aura_json_number(raw, &value) == 1 ? value : nil
  }

  var string: String? {
    var length = 0
    guard let bytes = aura_json_string(raw, &length) else { return nil }
    return String(
      decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
  }

  /// The member named `key` of an object.
  subscript(key: String) -> JSONValue? {
    var key = key
    var out = aura_json_value()
    let found = key.withUTF8 { utf8 in
      utf8.withMemoryRebound(to: CChar.self) {
        aura_json_field(raw, $0.baseAddress, $0.count, &out)
      }
    }
    return found == 1 ? JSONValue(raw: out) : nil
  }

  /// The elements of an array (empty for anything else).
  var elements: [JSONValue] {
    let count = aura_json_count(raw)
    guard isArray, count > 0 else { return [] }
    var buffer = [aura_json_value](repeating: aura_json_value(), count: count)
    _ = aura_json_elements(raw, &buffer, count)
    return buffer.map(JSONValue.init(raw:))
  }

  /// A numeric array's values, NaN for non-numbers; nil when this is not an array.
  var numbers: [Double]? {
    guard isArray else { return nil }
    let count = aura_json_count(raw)
    var buffer = [Double](repeating: .nan, count: count)
    _ = aura_json_numbers(raw, &buffer, count)
    return buffer
  }

  /// An object's members in document order (empty for anything else).
  var entries: [(key: String, value: JSONValue)] {
    let count = aura_json_count(raw)
    guard isObject, count > 0 else { return [] }
    var keys = [UnsafePointer<CChar>?](repeating: nil, count: count)
    var lengths = [Int](repeating: 0, count: count)
    var values = [aura_json_value](repeating: aura_json_value(), count: count)
    _ = aura_json_entries(raw, &keys, &lengths, &values, count)
    return (0..<count).map { index in
      let key = String(
        decoding: UnsafeRawBufferPointer(start: keys[index], count: lengths[index]), as: UTF8.self)
      return (key, JSONValue(raw: values[index]))
    }
  }
}
