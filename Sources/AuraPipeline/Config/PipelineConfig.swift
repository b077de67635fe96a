import AuraAggregation
import AuraDelivery
import AuraDomain
import AuraFeatures
import AuraIngest
import AuraPostgres
import AuraScoring
import AuraSupport
import Foundation
import Yams

/// A pipeline file (pipelines/*.yaml): where the data is, where results go, and every tunable
/// parameter with its value. Command-line flags override the file.
package struct PipelineConfig: Sendable {
  package var name: String
  package var dataset: String
  package var out: String
  package var workers: Int
  package var parameters: ParameterSet
  /// Where intermediates are cached: the file's `cache`, else `<out>/.cache` (a sweep shares
  /// the production run's cache so that its variants reuse every upstream result; sharded
  /// runs put it on the filesystem their machines share).
  package var cacheFolder: String?
  /// A PostgreSQL URL to publish into as well as the SQLite release (`store:` in the file,
  /// `--store` on the command line), if any.
  package var store: String?
  /// How the nightly run mails coaches their week (`deliver:` in the file), if it does.
  package var delivery: DeliverySettings?
  /// What a run keeps: releases, weeks of archived reports, the cache's size.
  package var retention = RetentionSettings()
  /// Who may read what a run writes (`output_mode:`): its owner alone by default, since an
  /// output holds personal data.
  package var outputMode = OutputMode.private
  /// The pipeline file this was loaded from, if any.
  package var path: String?

  /// The permissions of written files and folders, as the process's umask.
  package enum OutputMode: String, Sendable, CaseIterable {
    /// 0600 files, 0700 folders.
    case `private`
    /// 0640 and 0750: the owner's group may read.
    case group
    /// 0644 and 0755: everyone may read.
    case shared

    package var umask: mode_t {
      switch self {
      case .private: 0o077
      case .group: 0o027
      case .shared: 0o022
      }
    }
  }

  package init(
    name: String, dataset: String, out: String, workers: Int, parameters: ParameterSet,
    path: String? = nil
  ) {
    self.path = path
    self.name = name
    self.dataset = dataset
    self.out = out
    self.workers = workers
    self.parameters = parameters
  }

  /// Loads a pipeline file. A relative dataset or out path in it is taken relative to the
  /// file's folder, so the file means the same from any working directory (cron starts in
  /// `$HOME`); without one, `datasets/sample` and `reports` of the working directory.
  /// Throws `PipelineError.config` naming the file: unreadable, not YAML (with its line and
  /// column), or not a pipeline.
  package static func load(path: String) throws -> PipelineConfig {
    let text: String
    do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
      throw PipelineError.config(
        "\(path): cannot read the pipeline file: \(ErrorMessage.reason(error))")
    }
    let tree = try Self.parse(text, path: path)
    guard let root = tree as? [String: Any] else {
      throw PipelineError.config("\(path): expected a mapping at the top level")
    }
    // A parameter the file leaves out runs with its declared default.
    var parameters = ParameterCatalog.defaults
    if let tree = root["parameters"] {
      guard let map = tree as? [String: Any] else {
        throw PipelineError.config("\(path): parameters must be a mapping")
      }
      do {
        for (key, value) in try ParameterSet(flattening: map).values { parameters[key] = value }
      } catch {
        throw PipelineError.config("\(path): \(error)")
      }
    }
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    func resolved(_ value: String) -> String {
      value.hasPrefix("/")
        ? value : folder.appendingPathComponent(value).standardizedFileURL.path
    }
    var config = PipelineConfig(
      name: root["name"] as? String
        ?? URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent,
      dataset: (root["dataset"] as? String).map(resolved) ?? "datasets/sample",
      out: (root["out"] as? String).map(resolved) ?? "reports",
      workers: try workers(root["workers"], path: path), parameters: parameters, path: path)
    config.cacheFolder = (root["cache"] as? String).map(resolved)
    if let store = root["store"] {
      guard let url = store as? String else {
        throw PipelineError.config("\(path): store must be a postgresql:// URL")
      }
      // Checked now, so that a URL that cannot be used stops the run before it starts (and
      // the message shows it with its password hidden).
      do { _ = try PostgresTarget(url: url) } catch {
        throw PipelineError.config("\(path): \(error)")
      }
      config.store = url
    }
    if let mode = root["output_mode"] {
      guard let text = mode as? String, let outputMode = OutputMode(rawValue: text) else {
        throw PipelineError.config(
          "\(path): output_mode must be one of \(OutputMode.allCases.map(\.rawValue).joined(separator: ", "))"
        )
      }
      config.outputMode = outputMode
    }
    if let block = root["retention"] {
      do { config.retention = try RetentionSettings(yaml: block) } catch {
        throw PipelineError.config("\(path): \(error)")
      }
    }
    if let block = root["deliver"] {
      do { config.delivery = try DeliverySettings(yaml: block) } catch {
        throw PipelineError.config("\(path): \(error)")
      }
    }
    return config
  }

  /// The most bytes, values (aliases expanded) and flow nesting a pipeline file may hold:
  /// each far above any real pipeline, and low enough that no file can exhaust memory or the
  /// stack (a "billion laughs" of nested aliases, ten thousand `[`).
  static let maximumBytes = 1 << 20
  static let maximumValues = 100_000
  static let maximumFlowDepth = 64

  /// The file's YAML as Foundation values, within the limits above.
  static func parse(_ text: String, path: String) throws -> Any? {
    guard text.utf8.count <= maximumBytes else {
      throw PipelineError.config(
        "\(path): is \(text.utf8.count) bytes, over the \(maximumBytes) a pipeline file may be")
    }
    if let line = flowDepthExceeded(text) {
      throw PipelineError.config(
        "\(path):\(line): brackets nested deeper than \(maximumFlowDepth) levels")
    }
    do {
      // Composed first: an alias is then a shared copy of its anchor's node, not yet expanded.
      guard let node = try Yams.compose(yaml: text) else { return nil }
      var budget = maximumValues
      guard within(node, budget: &budget) else {
        throw PipelineError.config(
          "\(path): holds more than \(maximumValues) values once its aliases are expanded")
      }
      return node.any
    } catch let error as PipelineError {
      throw error
    } catch {
      throw PipelineError.config(Self.describe(error, path: path))
    }
  }

  /// Whether `node`, aliases expanded, holds at most `budget` values; stops counting there.
  private static func within(_ node: Node, budget: inout Int) -> Bool {
    budget -= 1
    guard budget >= 0 else { return false }
    switch node {
    case .scalar, .alias: return true
    case .mapping(let mapping):
      return mapping.allSatisfy {
        within($0.key, budget: &budget) && within($0.value, budget: &budget)
      }
    case .sequence(let sequence):
      return sequence.allSatisfy { within($0, budget: &budget) }
    }
  }

  /// The line where `[`/`{` nesting first passes `maximumFlowDepth`, outside quotes and
  /// comments; nil when it never does.
  private static func flowDepthExceeded(_ text: String) -> Int? {
    var depth = 0
    var line = 1
    var quote: UInt8? = nil
    var comment = false
    var previous: UInt8 = UInt8(ascii: "\n")
    for byte in text.utf8 {
      defer { previous = byte }
      if byte == UInt8(ascii: "\n") {
        line += 1
        comment = false
        continue
      }
      if comment { continue }
      if let open = quote {
        if byte == open { quote = nil }
        continue
      }
      switch byte {
      case UInt8(ascii: "'"), UInt8(ascii: "\""): quote = byte
      case UInt8(ascii: "#") where previous == UInt8(ascii: " ") || previous == UInt8(ascii: "\n"):
        comment = true
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        if depth > maximumFlowDepth { return line }
      case UInt8(ascii: "]"), UInt8(ascii: "}"): depth = max(0, depth - 1)
      default: break
      }
    }
    return nil
  }

  /// The file's `workers`: a whole number (0 when absent); the range is `checkParameters`'.
  static func workers(_ value: Any?, path: String) throws -> Int {
    guard let value else { return 0 }
    guard let workers = value as? Int else {
      throw PipelineError.config("\(path): workers must be a whole number (0: one per core)")
    }
    return workers
  }

  /// A YAML error on one line: "path:line:column: problem (while …)".
  static func describe(_ error: any Error, path: String) -> String {
    switch error as? YamlError {
    case .scanner(let context, let problem, let mark, _)?,
      .parser(let context, let problem, let mark, _)?,
      .composer(let context, let problem, let mark, _)?:
      let during = context.map { " (\($0.text))" } ?? ""
      return "\(path):\(mark.line):\(mark.column): \(problem)\(during)"
    case .duplicatedKeysInMapping(let duplicates, let context)?:
      return
        "\(path):\(context.mark.line):\(context.mark.column): the mapping that starts here repeats \(duplicates.joined(separator: ", "))"
    default:
      return "\(path): not valid YAML: \(error)"
    }
  }

  /// Worker threads a run may ask for (0: one per core).
  package static let workersRange = 0...1024

  /// Reads every stage's settings from the parameters, so that a missing parameter or one of
  /// the wrong type is a `PipelineError.config` before a run starts rather than a failure
  /// halfway through it.
  package func checkParameters() throws {
    guard Self.workersRange.contains(workers) else {
      throw PipelineError.config(
        "workers \(workers): from \(Self.workersRange.lowerBound) (one per core) to \(Self.workersRange.upperBound)"
      )
    }
    do {
      for stage in Stage.allCases { try stage.readSettings(parameters) }
    } catch let error as ParameterError {
      throw PipelineError.config(error.description)
    }
    // A parameter no stage reads is a typo or a leftover: it would change nothing.
    let read = Set(Stage.allCases.flatMap { $0.parameterKeys(parameters) })
    if let unread = parameters.values.keys.sorted().first(where: { !read.contains($0) }) {
      throw PipelineError.config("unknown parameter '\(unread)': no stage reads it")
    }
  }

  /// Refuses an output folder inside the dataset (or the dataset itself): the next run would
  /// read the releases and the cache as sessions and tables.
  package func checkFolders() throws {
    func resolved(_ path: String) -> String {
      let url = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
      return url.path.hasSuffix("/") ? url.path : url.path + "/"
    }
    let (dataset, out) = (resolved(self.dataset), resolved(self.out))
    if out.hasPrefix(dataset) {
      throw PipelineError.config(
        "out '\(self.out)' is inside the dataset '\(self.dataset)': its releases and cache would be read as data"
      )
    }
  }

  /// The same pipeline with its side effects removed: no `deliver:` block and no `store:`.
  /// Sweeps, evaluations and comparisons run on it, so that only the run an operator
  /// scheduled ever mails anyone or writes into the platform's database.
  package var withoutSideEffects: PipelineConfig {
    var config = self
    config.delivery = nil
    config.store = nil
    return config
  }

  /// Applies `key=value` overrides (numbers, true/false, comma lists or text).
  package mutating func override(_ assignment: String) throws {
    do { try parameters.assign(assignment) } catch { throw PipelineError.config(error.description) }
  }
}

/// A problem with the pipeline itself (not with the data).
package enum PipelineError: Error, CustomStringConvertible {
  case config(String)
  case fatal(String)
  /// Another run holds the output folder's lock.
  case lockHeld(String)
  /// `publish` found shards' manifests missing: try again once they are written.
  case shardsMissing(String)

  package var description: String {
    switch self {
    case .config(let message): return "pipeline: \(message)"
    case .fatal(let message), .lockHeld(let message), .shardsMissing(let message): return message
    }
  }
}
