import AuraDomain
import AuraSupport
import Foundation

/// The content key of one rendered report: SHA-256 over the templates, the footer fields that
/// describe the content (code version, parameters, data window) and the view as the templates
/// see it (`TemplateValue.convert`), every value tagged with its type and length-prefixed
/// (`FieldHasher`), dictionary keys in sorted order. Two renderings with the same digest give
/// the same text but for the footer's run id and time, so a report whose digest a previous
/// release recorded is taken from it rather than rendered again.
struct ReportDigest {
  private var hasher = FieldHasher()

  /// Every template's text, so that a change to any of them renders every report again.
  static let templates: String = {
    var hasher = FieldHasher()
    for text in [
      PageTemplates.html, PageTemplates.markdownFooter, IndexTemplates.html,
      AthleteTemplates.html, AthleteTemplates.sessionHTML, AthleteTemplates.markdown,
      AthleteTemplates.sessionMarkdown, CoachTemplates.html, CoachTemplates.markdown,
      AthleteTemplates.nothingRecordedHTML, AthleteTemplates.nothingRecordedMarkdown,
    ] {
      hasher.add(text)
    }
    return hasher.hex()
  }()

  /// A digest starting from the templates, the footer's content fields and the page title.
  init(title: String, footer: ReportFooter) {
    for text in [
      Self.templates, footer.codeVersion, footer.parametersHash, footer.dataWindow, title,
    ] {
      add(text)
    }
  }

  /// Adds a value converted by `TemplateValue.convert`.
  mutating func add(view converted: Any?) {
    switch converted {
    case nil: hasher.add("nil")
    case let text as String: add(text)
    case let number as Int: add("int", String(number))
    case let number as Double: add("double", String(number.bitPattern))
    case let flag as Bool: add("bool", flag ? "1" : "0")
    case let list as [Any]:
      add("list", String(list.count))
      for element in list { add(view: element) }
    case let fields as [String: Any]:
      add("fields", String(fields.count))
      for key in fields.keys.sorted() {
        add(key)
        add(view: fields[key])
      }
    case let other?: add("other", "\(other)")
    }
  }

  /// Adds a string.
  mutating func add(_ text: String) { add("string", text) }

  private mutating func add(_ type: String, _ value: String) {
    hasher.add(type)
    hasher.add(value)
  }

  func finalize() -> String { hasher.hex() }
}

/// The digest of each report in a release (`reports.tsv`: the report's path without its
/// extension, a tab, its digest), written beside the reports so that it always describes them.
package enum ReportManifest {
  static let fileName = "reports.tsv"

  /// The digests recorded in `folder`; empty when it has none.
  package static func read(_ folder: URL) -> [String: String] {
    var digests: [String: String] = [:]
    for row in TSVTable.read(folder.appendingPathComponent(fileName), columns: 2) {
      digests[row[0]] = row[1]
    }
    return digests
  }

  /// The manifest's text for `digests`, in path order.
  static func text(_ digests: [String: String]) -> String {
    String(
      decoding: TSVTable.encoded(digests.keys.sorted().map { [$0, digests[$0]!] }),
      as: UTF8.self)
  }

  /// The digests a manifest recorded, looked up in path order as its file lists them (a
  /// manifest is written in path order): one line is held at a time, not the manifest.
  struct Lookup {
    private var cursor: TSVTable.Cursor
    private var current: [String]?

    /// The manifest in `folder`; none (every look-up nil) when `folder` is nil.
    init(_ folder: URL?) {
      cursor = TSVTable.Cursor(
        folder?.appendingPathComponent(fileName) ?? URL(fileURLWithPath: "/dev/null"),
        columns: 2)
      current = cursor.next()
    }

    /// The digest recorded for `stem`. Stems are asked for in path order; one asked for out
    /// of order is not found (its report is rendered again, never wrongly reused).
    mutating func digest(of stem: String) -> String? {
      while let record = current, record[0] < stem { current = cursor.next() }
      guard let record = current, record[0] == stem else { return nil }
      return record[1]
    }
  }
}
