/// A tunable parameter, declared once beside the code that reads it: its dotted key, what it
/// means, its unit, the values it may take and its default. pipelines/nightly.yaml's
/// `parameters:` block and docs/input-bounds.md's table are written from these declarations
/// (`ParameterCatalog`), a pipeline file that leaves a parameter out runs with its default, and
/// a read (`ParameterSet.number(_:)`) checks the value against the declaration. A number or a
/// list of numbers cannot be declared without its range.
package struct Parameter: Sendable {
  /// The values a parameter may take.
  package enum Kind: Sendable, Equatable {
    /// A finite number within the range.
    case number(ClosedRange<Double>)
    /// A list of finite numbers, each within the range; `count` numbers where it is set.
    case list(ClosedRange<Double>, count: Int?)
    /// One of the words.
    case choice([String])
  }

  package let key: String
  package let kind: Kind
  package let defaultValue: ParameterValue
  /// The unit a number is in ("" for a count or a share, where the help says which).
  package let unit: String
  /// What the parameter changes, in one line (the pipeline file's comment).
  package let help: String
  /// What a release published before the parameter existed was computed with, for the pages
  /// of such a release (`ParameterSet.asPublished(_:)`); nil where they show none.
  package private(set) var valueBefore: ParameterValue? = nil

  /// The parameter, with what releases published before it existed were computed with.
  package func existing(before value: ParameterValue) -> Parameter {
    var parameter = self
    parameter.valueBefore = value
    return parameter
  }

  /// A number in `range`.
  package static func number(
    _ key: String, _ value: Double, in range: ClosedRange<Double>, unit: String = "",
    _ help: String
  ) -> Parameter {
    Parameter(key: key, kind: .number(range), defaultValue: .number(value), unit: unit, help: help)
  }

  /// A list of numbers, each in `range`.
  package static func list(
    _ key: String, _ values: [Double], in range: ClosedRange<Double>, count: Int? = nil,
    unit: String = "", _ help: String
  ) -> Parameter {
    Parameter(
      key: key, kind: .list(range, count: count), defaultValue: .list(values), unit: unit,
      help: help)
  }

  /// One of `words`.
  package static func choice(_ key: String, _ value: String, among words: [String], _ help: String)
    -> Parameter
  {
    Parameter(key: key, kind: .choice(words), defaultValue: .text(value), unit: "", help: help)
  }

  /// Why `value` cannot be this parameter's; nil when it can.
  package func problem(with value: ParameterValue) -> String? {
    switch (kind, value) {
    case (.number(let range), .number(let number)):
      return Self.problem(number, range)
    case (.number, _): return "is not a number"
    case (.list(let range, let count), .list(let numbers)):
      if let count, numbers.count != count { return "needs \(count) numbers" }
      for number in numbers {
        if let problem = Self.problem(number, range) { return "holds a number that " + problem }
      }
      return nil
    case (.list, _): return "is not a list"
    case (.choice(let words), .text(let word)):
      return words.contains(word) ? nil : "is one of \(words.joined(separator: ", "))"
    case (.choice, _): return "is not text"
    }
  }

  /// Why `value` cannot lie in `range`; nil when it can.
  static func problem(_ value: Double, _ range: ClosedRange<Double>) -> String? {
    guard value.isFinite else { return "is \(value), not a finite number" }
    guard !range.contains(value) else { return nil }
    return "is \(ParameterValue.canonical(value)), outside its range "
      + "\(ParameterValue.canonical(range.lowerBound))…\(ParameterValue.canonical(range.upperBound))"
  }
}

/// Parameters of one kind, unit and meaning, one per member of a family (a muscle, a movement
/// pattern): `<prefix>.<member>`, each with its own default and, where it needs one, a note.
package struct ParameterFamily: Sendable {
  package let prefix: String
  /// What a member is ("muscle", "movement pattern"), as the docs name the key's last part.
  package let member: String
  package let kind: Parameter.Kind
  package let unit: String
  package let help: String
  package let members: [(name: String, value: ParameterValue, note: String)]
  /// Every member's parameter, in declared order, made once: settings and pages read them by
  /// name.
  package let parameters: [Parameter]
  private let indexByName: [String: Int]

  private init(
    prefix: String, member: String, kind: Parameter.Kind, unit: String, help: String,
    members: [(name: String, value: ParameterValue, note: String)]
  ) {
    (self.prefix, self.member, self.kind, self.unit, self.help) = (prefix, member, kind, unit, help)
    self.members = members
    parameters = members.map {
      Parameter(
        key: prefix + "." + $0.name, kind: kind, defaultValue: $0.value, unit: unit,
        help: $0.note.isEmpty ? help : $0.note)
    }
    indexByName = Dictionary(
      members.indices.map { (members[$0].name, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// A family of numbers in `range`.
  package static func numbers(
    _ prefix: String, per member: String, in range: ClosedRange<Double>, unit: String = "",
    _ help: String, _ members: [(String, Double, String)]
  ) -> ParameterFamily {
    ParameterFamily(
      prefix: prefix, member: member, kind: .number(range), unit: unit, help: help,
      members: members.map { ($0.0, .number($0.1), $0.2) })
  }

  /// A family of lists of `count` numbers in `range`.
  package static func lists(
    _ prefix: String, per member: String, in range: ClosedRange<Double>, count: Int,
    unit: String = "", _ help: String, _ members: [(String, [Double], String)]
  ) -> ParameterFamily {
    ParameterFamily(
      prefix: prefix, member: member, kind: .list(range, count: count), unit: unit, help: help,
      members: members.map { ($0.0, .list($0.1), $0.2) })
  }

  /// The member `name`'s parameter; a name the family lacks is a defect (the reading code and
  /// the declaration name the same members).
  package subscript(name: String) -> Parameter {
    guard let index = indexByName[name] else {
      preconditionFailure("\(prefix) declares no member \(name)")
    }
    return parameters[index]
  }
}

/// What a stage's settings declare, in the order the pipeline file lists it.
package enum ParameterDeclaration: Sendable {
  case one(Parameter)
  case family(ParameterFamily)
  /// A heading of the pipeline file: the mapping at `path` and the comment on its line.
  case section(String, String)

  /// The parameters declared.
  package var parameters: [Parameter] {
    switch self {
    case .one(let parameter): [parameter]
    case .family(let family): family.parameters
    case .section: []
    }
  }
}
