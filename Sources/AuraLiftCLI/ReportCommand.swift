import ArgumentParser
import AuraPipeline
import AuraSupport
import Foundation

/// `auralift report`: the reports of an existing run, rendered again from its database.
struct ReportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "report",
    abstract: "Render the coach, athlete and index reports from a published database.",
    discussion: """
      Nothing is recomputed: the reports read the database only. By default the current \
      publication's database is read and its reports are replaced, one file at a time, each \
      atomically. Exit codes as `run`: 2 nothing rendered, 75 the output's lock is held.
      """)

  @OptionGroup var options: OutputOptions
  @Option(help: "Database to read (default: <out>/current/auralift.sqlite).")
  var database: String?
  @Option(help: "Folder to write the reports into (default: beside the database).")
  var to: String?
  @Option(help: "Seconds to wait for a run on the same output to finish.")
  var wait: Double = 0

  func run() throws {
    let out = URL(fileURLWithPath: try options.outFolder())
    let refresh = ReportRefresh(
      out: out, database: database.map { URL(fileURLWithPath: $0) },
      folder: to.map { URL(fileURLWithPath: $0) })
    do {
      let rendered = try refresh.render(waitForLock: wait)
      print("rendered \(rendered.paths.count) reports from \(rendered.database.path)")
      // The default folder is the current release: name it by the link that stays valid.
      let folder =
        to == nil && database == nil ? OutputLayout(out).current : rendered.folder
      print("open:     \(folder.appendingPathComponent("index.html").path)")
    } catch {
      // A held lock, a missing or unreadable database: nothing was rendered.
      throw ExitCodes.reporting(error, otherwise: ExitCodes.nothingPublished)
    }
  }
}
