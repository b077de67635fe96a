/// The commit a binary was built from and whether tracked files differed from it (recorded at
/// build time): what a published run and an experiment cite as the code that made them.
package struct CodeCommit: Sendable, Equatable {
  /// 40 hex digits.
  package var commit: String
  package var modified: Bool

  package init(commit: String, modified: Bool) {
    self.commit = commit
    self.modified = modified
  }
}
