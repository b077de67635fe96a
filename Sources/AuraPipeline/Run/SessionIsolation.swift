import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// How a run computes a session in a process of its own: the sessions in flight when an
/// earlier run died, and those whose isolated computation crashed (`CrashJournal`). The child
/// stores the session's stages in the run's cache, and the run reads them from there; a child
/// that dies fails only its session.
package struct SessionIsolation: Sendable {
  /// The program to start (the `auralift` executable).
  package var executable: URL
  /// Its arguments for one session folder: they must make it compute that session's stages
  /// with the run's pipeline, dataset and cache (`Runner.computeSession`).
  package var arguments: @Sendable (_ folder: String) -> [String]

  package init(executable: URL, arguments: @escaping @Sendable (_ folder: String) -> [String]) {
    self.executable = executable
    self.arguments = arguments
  }

  /// Runs the child for `folder` (its stderr is the run's); nil when it exited with status 0,
  /// otherwise how it ended.
  func compute(folder: String) -> String? {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments(folder)
    process.standardOutput = FileHandle.nullDevice
    do { try process.run() } catch {
      return "could not start \(executable.path) to compute it on its own: \(error)"
    }
    process.waitUntilExit()
    let status = process.terminationStatus
    switch process.terminationReason {
    case .uncaughtSignal:
      let name = strsignal(status).map { String(cString: $0) } ?? "unknown"
      return "auralift crashed computing it (signal \(status), \(name)): a defect, not the data;"
        + " it is computed in a process of its own until that completes"
    case .exit where status != 0:
      return "its computation in a process of its own exited with status \(status)"
    default: return nil
    }
  }
}

extension SessionChain {
  /// `run`, with the computation in a child process: a crash there fails this session only,
  /// and leaves it in `journal` as a suspect for the next run.
  func runIsolated(_ plan: Plan, isolation: SessionIsolation, journal: CrashJournal) -> Outcome {
    guard plan.failure == nil else { return run(plan, last: nil) }
    journal.started(plan.partition)
    if let failure = isolation.compute(folder: plan.folder) {
      return Outcome(
        folder: plan.folder, failure: failure, computed: [.features])
    }
    journal.finished(plan.partition)
    // What the child stored (computed here only if its entries cannot be read).
    var outcome = run(plan, last: nil, journal: journal)
    outcome.computed = outcome.published != nil ? Set(Stage.perSession) : [.features]
    return outcome
  }
}
