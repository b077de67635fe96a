import ArgumentParser
import AuraStore

/// `auralift dictionary`: prints the data dictionary of the published tables as Markdown.
struct DictionaryCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "dictionary",
    abstract: "Print every published table and column, described, as Markdown.",
    discussion: """
      The same text each database holds in its table_doc and column_doc tables; \
      docs/data-dictionary.md is this command's output.
      """)

  func run() throws { print(DataDictionary.markdown(), terminator: "") }
}
