import Foundation
import Mustache

/// Renders the views through the Mustache templates: one library for HTML (escaped, charts
/// inserted raw) and one for Markdown (table cells kept on one line, pipes escaped).
struct ReportRenderer: Sendable {
  let html: MustacheLibrary
  let markdown: MustacheLibrary

  init() throws {
    MustacheContentTypes.register(MarkdownContent(), named: "MARKDOWN")
    html = try Self.library([
      "page": PageTemplates.html, "athlete": AthleteTemplates.html,
      "session": AthleteTemplates.sessionHTML, "coach": CoachTemplates.html,
      "sweep": SweepTemplates.html, "index": IndexTemplates.html, "email": EmailTemplates.html,
      "glossary": GlossaryTemplates.html, "nothing-recorded": AthleteTemplates.nothingRecordedHTML,
    ])
    markdown = try Self.library([
      "footer": PageTemplates.markdownFooter, "athlete": AthleteTemplates.markdown,
      "session": AthleteTemplates.sessionMarkdown, "coach": CoachTemplates.markdown,
      "sweep": SweepTemplates.markdown, "glossary": GlossaryTemplates.markdown,
      "nothing-recorded": AthleteTemplates.nothingRecordedMarkdown,
    ])
  }

  /// A library holding each template under its name (the name partials refer to).
  private static func library(_ templates: [String: String]) throws -> MustacheLibrary {
    var library = MustacheLibrary()
    for (name, text) in templates.sorted(by: { $0.key < $1.key }) {
      try library.register(text, named: name)
    }
    return library
  }

  /// The HTML `template` renders for `view` (a page's body or part of one).
  func html(_ template: String, _ view: Any) -> String {
    html.render(TemplateValue.convert(view) as Any, withTemplate: template) ?? ""
  }

  /// The HTML `template` renders for a view already converted by `TemplateValue.convert`.
  func html(_ template: String, converted view: Any) -> String {
    html.render(view, withTemplate: template) ?? ""
  }

  /// The Markdown `template` renders for a view already converted by `TemplateValue.convert`.
  func markdown(_ template: String, converted view: Any) -> String {
    markdown.render(view, withTemplate: template) ?? ""
  }

  /// The Markdown `template` renders for `view`.
  func markdown(_ template: String, _ view: Any) -> String {
    markdown.render(TemplateValue.convert(view) as Any, withTemplate: template) ?? ""
  }

  /// The whole HTML page around `body`: styles and the footer. A `wide` page (a table of many
  /// columns) may use a desktop screen's whole width.
  func htmlPage(title: String, body: String, footer: ReportFooter, wide: Bool = false) -> String {
    html("page", Page(title: title, body: body, footer: footer, wide: wide))
  }

  /// The Markdown document: `heading` (if any), `body`, the footer.
  func markdownDocument(heading: String?, body: String, footer: ReportFooter) -> String {
    (heading.map { "# \($0)\n\n" } ?? "") + body
      + markdown("footer", Page(title: "", body: "", footer: footer, wide: false))
  }

  struct Page {
    var title, body: String
    var footer: ReportFooter
    var wide: Bool
  }
}

/// Markdown text: a value never breaks a table row (no pipe, no line break), and never
/// becomes markup a renderer acts on: HTML tags, links and code spans are backslash-escaped
/// (CommonMark shows the character itself), so a name or a note from the dataset cannot put a
/// script or a `javascript:` link into a report.
struct MarkdownContent: MustacheContentType {
  func escapeText(_ text: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "\n", "\r\n", "\r": escaped.append(" ")
      case "\\", "|", "<", ">", "[", "]", "`", "&": escaped += "\\" + String(character)
      default: escaped.append(character)
      }
    }
    return escaped
  }
}
