// The tables of recorded and logged training: sessions, their sets, each set's reps and form
// components. A reused publication rewrites them athlete by athlete, so they export in key
// order.
extension PublishedTable {
  static let workoutSession = PublishedTable(
    "workout_session", about: "A training session (a folder of sessions/, or a logbook day).",
    key: ["id"], exportOrder: "user_profile_id, start_time, id",
    [
      .text("id", "The session's id (its session.json).", required: true),
      .athlete("user_profile_id"),
      .text(
        "start_time", "When the session started.", values: "ISO 8601 date-time", required: true),
      .text("end_time", "When it ended, where the dataset says.", values: "ISO 8601 date-time"),
      .real("total_volume", "Sum over sets of reps × load.", unit: "kg"),
      .integer("total_xp_earned", "XP the session earned.", default: "0"),
      .integer("lp_change", "League points the session gained or lost.", default: "0"),
      .real("average_form_score", "Mean form score of its recorded sets.", unit: "0-100"),
      .real("combo_multiplier", "Highest XP combo multiplier reached.", unit: "×", default: "1.0"),
      .real("peak_velocity", "Highest peak concentric velocity of any rep.", unit: "m/s"),
      .text("session_notes", "The athlete's notes."),
    ])

  static let workoutSet = PublishedTable(
    "workout_set", about: "A set: measured from its recording, or as logged.", key: ["id"],
    exportOrder: "session_id, set_number",
    [
      .text("id", "`<session id>#<set number>`.", required: true),
      .text("session_id", "The session.", references: "workout_session.id", required: true),
      .text("exercise_id", "The exercise.", references: "exercise.id", required: true),
      .integer("set_number", "Order in the session, from 1."),
      .integer(
        "reps",
        "Reps counted on the recording (as logged for a logbook set), both sides of an alternating exercise; NULL where the recording cannot support a count (reps_unknown_reason says why)."
      ),
      .real("weight_kg", "Load.", unit: "kg"),
      .real(
        "average_concentric_velocity", "Mean of the reps' mean concentric velocities.", unit: "m/s"),
      .real("peak_concentric_velocity", "Highest peak concentric velocity of a rep.", unit: "m/s"),
      .real(
        "velocity_loss_percent",
        "(fastest rep's mean concentric velocity − last rep's) / fastest × 100.", unit: "%"),
      .flag(
        "auto_stopped", "1 when the velocity-loss threshold was crossed before the last rep.",
        default: "0"),
      .real(
        "form_score",
        "Form score of a recorded set; NULL for a logbook set, and where the recording cannot support a rep count (its reps are not known to be reps).",
        unit: "0-100"),
      .real("bar_path_deviation", "Mean horizontal range of the bar's path per rep.", unit: "m"),
      .real("rom_degrees", "Mean range of motion of the exercise's main joint per rep.", unit: "°"),
      .real(
        "tempo_actual_concentric",
        "Mean concentric time per rep; empty where the recording cannot tell lowering from lifting (an IMU on a wrist).",
        unit: "s"),
      .real(
        "tempo_actual_eccentric",
        "Mean eccentric time per rep; empty where the recording cannot tell lowering from lifting.",
        unit: "s"),
      .real("rpe", "RPE as the athlete logged it.", unit: "RPE 1-10"),
      .integer("xp_earned", "XP the set earned.", default: "0"),
      .text("combo_tag", "The combo running while high-form sets follow one another (`combo x3`)."),
      .text("timestamp", "The session's start.", values: "ISO 8601 date-time"),
      .text(
        "source", "Where the set's numbers come from.", values: "pose, imu, pose+imu, log",
        required: true),
      .text("feedback", "Written feedback on the weakest form components, one per line."),
      .real(
        "rpe_estimated", "Estimated RPE (an estimate: rpe_method says from what).", unit: "RPE 1-10"
      ),
      .real("rir_estimated", "Estimated reps in reserve.", unit: "reps"),
      .text("rpe_method", "What the estimate stands on.", values: "velocity_loss, rts_chart"),
      .integer("reps_logged", "Reps as the athlete logged them, where they did."),
      .text(
        "form_label", "The dataset's own label of the set's form, where it has one.",
        values: "good, bad"),
      .flag("failed", "The dataset's own label: 1 when the set ended in a failed rep."),
      .text(
        "reps_unknown_reason", "Why the recording does not support a rep count; NULL where it does."
      ),
      .real(
        "reps_confidence",
        "How often a count found with this set's evidence (what recorded it, whether its bounds were found or given, whether its rhythm agrees) was exact on real recordings (docs/real-data.md); set for every count found, published or not; NULL for a logbook set.",
        unit: "0-1"),
      .text(
        "entry_check",
        "Why the set's logged load or reps cannot be counted as logged (far beyond the athlete's best e1RM of the exercise over the strength window, or beyond the heaviest lifts made at their bodyweight): it stays in the logbook but counts toward no record, e1RM, strength profile, LP, XP, tier or leaderboard until `load_confirmed` says it is right; NULL for a set that counts (docs/input-bounds.md)."
      ),
      .integer(
        "reps_low",
        "The fewest reps the set holds at 90 % (reps_high the most): the count found in the recording, published or not, widened by how far counts of its class (what recorded it, whether its bounds were found or given, whether its rhythm agrees or packets were lost) were off on the tuning splits of real recordings (split-conformal, docs/real-data.md); one number where such counts were always right; where no rep was found one by one but the rhythm's swings disagree with its period, the swings widened the same way (class \"swings\"); where the recording shows neither a rep nor swings of the set, 1 to the most reps such tuning sets held (14, class \"no count\"); NULL for a logbook set.",
        unit: "reps"),
      .integer(
        "reps_high", "The most reps the set holds at 90 % (see reps_low).", unit: "reps"),
    ])

  static let rep = PublishedTable(
    "rep",
    about:
      "A repetition found on a set's recording (of an alternating exercise seen by a sensor on one limb, that side's only).",
    key: ["session_id", "set_number", "rep_number"],
    exportOrder: "session_id, set_number, rep_number",
    [
      .text("session_id", "The session.", references: "workout_session.id", required: true),
      .integer("set_number", "The set (workout_set.set_number).", required: true),
      .integer("rep_number", "Order in the set, from 1.", required: true),
      .real("start_s", "Start, from the recording's start.", unit: "s"),
      .real("end_s", "End, from the recording's start.", unit: "s"),
      .real(
        "eccentric_s",
        "Eccentric (lowering) time; empty where the recording cannot tell lowering from lifting.",
        unit: "s"),
      .real(
        "pause_s", "Pause at the turning point; empty where the phases are (eccentric_s).",
        unit: "s"),
      .real(
        "concentric_s",
        "Concentric (lifting) time; empty where the recording cannot tell lowering from lifting.",
        unit: "s"),
      .real("rom_degrees", "Range of motion of the exercise's main joint (pose only).", unit: "°"),
      .real("mean_concentric_velocity", "Mean velocity of the load while lifting.", unit: "m/s"),
      .real("peak_concentric_velocity", "Peak velocity of the load while lifting.", unit: "m/s"),
      .real("form_score", "The rep's form score.", unit: "0-100"),
      .real("bar_path_deviation", "Horizontal range of the bar's path.", unit: "m"),
    ])

  static let formComponent = PublishedTable(
    "form_component", about: "One component of a recorded set's form score.",
    key: ["session_id", "set_number", "component"],
    exportOrder: "session_id, set_number, component",
    [
      .text("session_id", "The session.", references: "workout_session.id", required: true),
      .integer("set_number", "The set (workout_set.set_number).", required: true),
      .text(
        "component", "The component (docs/methods.md).",
        values: "depth, tempo, bar_path, trunk, symmetry, consistency", required: true),
      .real("score", "The component's score.", unit: "0-100", required: true),
    ])
}
