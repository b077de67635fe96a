import AuraAggregation
import AuraDomain
import AuraFeatures
import AuraIngest
import AuraScoring

/// Every tunable parameter of the pipeline, as the stages' settings declare them, in the order
/// pipelines/nightly.yaml lists them. The pipeline file's `parameters:` block and
/// docs/input-bounds.md's table are written from this (`ParameterCatalogTests` holds both to it
/// and rewrites them with `AURALIFT_UPDATE_GOLDEN=1`); a pipeline file that leaves a parameter
/// out runs with its default.
package enum ParameterCatalog {
  package static let declarations: [ParameterDeclaration] =
    SessionReader.Settings.declared + SessionFeatureExtractor.Settings.declared
    + FormScorer.Settings.declared + Gamification.Settings.declared + AggregationSettings.declared

  package static let parameters: [Parameter] = declarations.flatMap(\.parameters)

  /// Every parameter at its default.
  package static let defaults = ParameterSet(
    Dictionary(parameters.map { ($0.key, $0.defaultValue) }, uniquingKeysWith: { a, _ in a }))

  /// The `parameters:` block of a pipeline file with every parameter at its default, each with
  /// its meaning and unit as a comment.
  package static var pipelineBlock: String {
    var lines = ["parameters:"]
    var open: [String] = []
    var closed: Set<String> = []
    let comments = Dictionary(
      declarations.compactMap { declaration -> (String, String)? in
        guard case .section(let path, let comment) = declaration else { return nil }
        return (path, comment)
      }, uniquingKeysWith: { a, _ in a })

    /// Opens the mappings of `path` that are not open yet, closing those it leaves.
    func enter(_ path: [String]) {
      var kept = 0
      while kept < min(open.count, path.count), open[kept] == path[kept] { kept += 1 }
      for depth in (kept..<open.count).reversed() {
        closed.insert(open[...depth].joined(separator: "."))
      }
      open.removeSubrange(kept...)
      for depth in kept..<path.count {
        let dotted = path[...depth].joined(separator: ".")
        precondition(!closed.contains(dotted), "\(dotted) is declared in two places")
        lines.append(line(depth, path[depth] + ":", comments[dotted] ?? ""))
        open.append(path[depth])
      }
    }

    for declaration in declarations {
      switch declaration {
      case .section: continue
      case .one(let parameter):
        let path = parameter.key.split(separator: ".").map(String.init)
        enter(Array(path.dropLast()))
        lines.append(
          line(
            path.count - 1, "\(path.last!): \(yaml(parameter.defaultValue))",
            note(parameter.help, parameter.unit)))
      case .family(let family):
        let path = family.prefix.split(separator: ".").map(String.init)
        enter(Array(path.dropLast()))
        lines.append(line(path.count - 1, "\(path.last!):", note(family.help, family.unit)))
        for member in family.members {
          lines.append(line(path.count, "\(member.name): \(yaml(member.value))", member.note))
        }
        closed.insert(family.prefix)
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// docs/input-bounds.md's table: each parameter (a family as one row) with its default,
  /// range, unit and meaning.
  package static var docsTable: String {
    var rows = [
      "| parameter | default | lowest | highest | unit | meaning |",
      "| --- | --- | --- | --- | --- | --- |",
    ]
    func row(_ key: String, _ value: String, _ kind: Parameter.Kind, _ unit: String, _ help: String)
    {
      let (low, high): (String, String)
      switch kind {
      case .number(let range), .list(let range, _):
        (low, high) = (
          ParameterValue.canonical(range.lowerBound), ParameterValue.canonical(range.upperBound)
        )
      case .choice(let words): (low, high) = (words.joined(separator: ", "), "")
      }
      let cell = help.replacingOccurrences(of: "|", with: "\\|")
      rows.append("| `\(key)` | \(value) | \(low) | \(high) | \(unit) | \(cell) |")
    }
    for declaration in declarations {
      switch declaration {
      case .section: continue
      case .one(let parameter):
        row(
          parameter.key, yaml(parameter.defaultValue), parameter.kind, parameter.unit,
          parameter.help)
      case .family(let family):
        row(
          "\(family.prefix).<\(family.member)>", "one per \(family.member)", family.kind,
          family.unit, family.help)
      }
    }
    return rows.joined(separator: "\n")
  }

  /// A value as the pipeline file writes it.
  static func yaml(_ value: ParameterValue) -> String {
    switch value {
    case .list(let numbers):
      "[" + numbers.map(ParameterValue.canonical).joined(separator: ", ") + "]"
    default: value.description
    }
  }

  /// A parameter's comment: its meaning, then its unit in square brackets.
  static func note(_ help: String, _ unit: String) -> String {
    unit.isEmpty ? help : "\(help) [\(unit)]"
  }

  /// One line of the block at `depth` under `parameters:`, its comment from column 36.
  static func line(_ depth: Int, _ text: String, _ comment: String) -> String {
    let body = String(repeating: "  ", count: depth + 1) + text
    guard !comment.isEmpty else { return body }
    return body + String(repeating: " ", count: max(1, 36 - body.count)) + "# " + comment
  }
}
