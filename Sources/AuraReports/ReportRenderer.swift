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
      "sweep": SweepTemplates.html, "index": IndexTemplates.html,
    ])
    markdown = try Self.library([
      "footer": PageTemplates.markdownFooter, "athlete": AthleteTemplates.markdown,
      "session": AthleteTemplates.sessionMarkdown, "coach": CoachTemplates.markdown,
      "sweep": SweepTemplates.markdown,
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

  /// The whole HTML page: `template` renders the body, the page adds styles and the footer.
  /// A `wide` page (a table of many columns) may use a desktop screen's whole width.
  func htmlPage(
    title: String, template: String, view: Any, footer: ReportFooter, wide: Bool = false
  ) -> String {
    let body = html.render(view, withTemplate: template) ?? ""
    let page = Page(title: title, body: body, footer: footer, wide: wide)
    return html.render(page, withTemplate: "page") ?? ""
  }

  /// The Markdown document: `heading` (if any), the template's text, the footer.
  func markdownDocument(heading: String?, template: String, view: Any, footer: ReportFooter)
    -> String
  {
    var text = heading.map { "# \($0)\n\n" } ?? ""
    text += markdown.render(view, withTemplate: template) ?? ""
    return text
      + (markdown.render(
        Page(title: "", body: "", footer: footer, wide: false), withTemplate: "footer")
        ?? "")
  }

  struct Page {
    var title, body: String
    var footer: ReportFooter
    var wide: Bool
  }
}

/// Markdown text: a value never breaks a table row (no pipe, no line break).
struct MarkdownContent: MustacheContentType {
  func escapeText(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
  }
}
