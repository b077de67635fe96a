/// A parameter's value as an experiment's record keeps it: a JSON number, string, boolean or
/// list of numbers, so that pandas and jq read it as its type. Records written before values
/// were typed hold strings; they read back as the value the string describes.
package struct RecordedParameter: Codable, Sendable, Equatable {
  package var value: ParameterValue

  package init(_ value: ParameterValue) { self.value = value }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch value {
    case .number(let number): try container.encode(number)
    case .text(let text): try container.encode(text)
    case .flag(let flag): try container.encode(flag)
    case .list(let list): try container.encode(list)
    }
  }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let flag = try? container.decode(Bool.self) {
      value = .flag(flag)
    } else if let number = try? container.decode(Double.self) {
      value = .number(number)
    } else if let list = try? container.decode([Double].self) {
      value = .list(list)
    } else {
      value = ParameterValue(described: try container.decode(String.self))
    }
  }
}
