/// How an e1RM was estimated, as `strength_profile.method` publishes it.
package enum OneRepMaxMethod: String, Codable, Sendable, CaseIterable {
  /// From the athlete's load–velocity profile, at the lift's minimal velocity threshold.
  case loadVelocity = "load_velocity"
  /// From the best set's reps and load (a rep-max formula).
  case repsLoad = "reps_load"

  /// How a report names it.
  package var label: String {
    switch self {
    case .loadVelocity: "load–velocity profile"
    case .repsLoad: "reps × load (estimate)"
    }
  }
}

/// What a set's effort estimate stands on, as `workout_set.rpe_method` publishes it.
package enum EffortMethod: String, Codable, Sendable, CaseIterable {
  /// The set's velocity loss.
  case velocityLoss = "velocity_loss"
  /// The RTS chart, from the logged RPE or the reps at the load.
  case rtsChart = "rts_chart"

  /// How a report says where the estimate comes from.
  package var label: String {
    switch self {
    case .velocityLoss: "from velocity loss"
    case .rtsChart: "from the RTS chart"
    }
  }
}
