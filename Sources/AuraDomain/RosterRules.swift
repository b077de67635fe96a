/// The fixed parts of the coach roster's flag rules, shared by the stage that sets the flags
/// and the reports that explain them (the thresholds that can be tuned are parameters).
package enum RosterRules {
  /// The days before the week whose sessions form is compared with.
  package static let formBaselineDays = 21
  /// The days to the data's last day whose suspect entries the coach is asked to check: a
  /// typo stays named for four weeks, not only in the week it was logged.
  package static let entryCheckDays = 28
}
