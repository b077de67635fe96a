// The AuraLift app's entities (seeds' data model, attributes in snake_case), the trainer
// platform's coaches, and the exercise catalog the pipeline ran with.
extension PublishedTable {
  static let userProfile = PublishedTable(
    "user_profile", about: "An athlete (athletes.csv), with their rank as of the data's last day.",
    key: ["id"],
    [
      .text("id", "The athlete's id, as athletes.csv gives it.", required: true),
      .text("username", "Display name.", required: true),
      .text("email", "Email address (personal data)."),
      .day("date_of_birth", "Date of birth (personal data)."),
      .text("biological_sex", "As athletes.csv gives it.", values: "male, female, other"),
      .real("height_cm", "Height.", unit: "cm"),
      .real("weight_kg", "Bodyweight.", unit: "kg"),
      .real("body_fat_percentage", "Body fat.", unit: "%"),
      .text(
        "current_rank_tier", "Rank tier from the athlete's LP.",
        values: "iron, bronze, silver, gold, platinum, diamond, master, grandmaster, challenger",
        default: "'iron'"),
      .integer("current_lp", "League points (LP) as of the data's last day.", default: "0"),
      .integer("total_xp", "Experience points earned over every session.", default: "0"),
      .text("coach_id", "The athlete's coach.", references: "coach.id"),
      .text(
        "created_at", "The athlete's first session (the data's last session when they have none).",
        values: "ISO 8601 date-time", required: true),
      .text(
        "updated_at", "The athlete's last session (the data's last session when they have none).",
        values: "ISO 8601 date-time", required: true),
    ])

  static let coach = PublishedTable(
    "coach", about: "A coach (coaches.csv).", key: ["id"],
    [
      .text("id", "The coach's id.", required: true),
      .text("name", "Display name.", required: true),
      .text("email", "Where the coach's reports go (personal data)."),
    ])

  static let morphoScan = PublishedTable(
    "morpho_scan",
    about:
      "A body scan: segment lengths from morpho.csv, or measured on an athlete's pose recordings.",
    key: ["id"],
    [
      .text("id", "`<athlete>:<date>`, with `:pose` for a scan measured on pose.", required: true),
      .athlete("user_profile_id"),
      .day("scan_date", "When the scan was taken.", required: true),
      .real("torso_length", "Torso length.", unit: "cm"),
      .real("femur_length", "Femur length.", unit: "cm"),
      .real("tibia_length", "Tibia length.", unit: "cm"),
      .real("humerus_length", "Humerus length.", unit: "cm"),
      .real("forearm_length", "Forearm length.", unit: "cm"),
      .real("shoulder_width", "Biacromial width.", unit: "cm"),
      .real("hip_width", "Hip width.", unit: "cm"),
      .real("arm_span", "Full arm span.", unit: "cm"),
      .real("femur_to_torso_ratio", "femur_length / torso_length.", unit: "ratio"),
      .real("tibia_to_femur_ratio", "tibia_length / femur_length.", unit: "ratio"),
      .real("humerus_to_torso_ratio", "humerus_length / torso_length.", unit: "ratio"),
      .init(
        "raw_pose_data", .blob, "Not published (always NULL): the recordings stay with the dataset."
      ),
      .text("source", "Where the scan came from.", values: "morpho_csv, pose"),
    ])

  static let exercise = PublishedTable(
    "exercise",
    about: "An exercise of the catalog: the built-in one and exercises.csv's additions.",
    key: ["id"],
    [
      .text("id", "The exercise's id (`back_squat`).", required: true),
      .text("name", "Display name.", required: true),
      .text("category", "Movement family.", values: "push, pull, legs, core"),
      .text("primary_muscle", "The first primary muscle (every one: exercise_muscle_group)."),
      .text("secondary_muscles", "Secondary muscles, comma-separated."),
      .text(
        "equipment_type", "Equipment.",
        values: "barbell, dumbbell, cable, machine, smithMachine, bodyweight, band, kettlebell"),
      .real("default_tempo_concentric", "Prescribed concentric time.", unit: "s", default: "1.0"),
      .real("default_tempo_eccentric", "Prescribed eccentric time.", unit: "s", default: "3.0"),
      .real("default_tempo_pause", "Prescribed pause.", unit: "s", default: "0.5"),
      .text("biomechanical_notes", "Leverage and range-of-motion notes."),
      .flag(
        "stretch_position_bonus", "1 when the exercise loads the muscle at long length.",
        default: "0"),
      .text(
        "risk_level", "The catalog's risk (per-athlete risk is in exercise_risk).",
        values: "optimal, caution, highRisk", default: "'optimal'"),
      .flag("is_custom", "1 for an exercise exercises.csv added.", default: "0"),
      .text(
        "machine_spec_id", "The machine the exercise is done on.", references: "machine_spec.id"),
    ])

  static let machineSpec = PublishedTable(
    "machine_spec", about: "A gym machine of the built-in catalog, for setup cues.", key: ["id"],
    [
      .text("id", "The machine's id.", required: true),
      .text("machine_name", "Display name.", required: true),
      .text("manufacturer", "Brand."),
      .text("machine_type", "Kind of machine.", values: "cable, plate-loaded, …"),
      .flag("cable_position_high", "Has a high cable attachment.", default: "0"),
      .flag("cable_position_mid", "Has a mid cable attachment.", default: "0"),
      .flag("cable_position_low", "Has a low cable attachment.", default: "0"),
      .flag("seat_adjustable", "Has a seat adjustment.", default: "0"),
      .flag("pad_adjustable", "Has a pad adjustment.", default: "0"),
      .real("weight_stack_min", "Lightest load.", unit: "kg"),
      .real("weight_stack_max", "Heaviest load.", unit: "kg"),
      .real("weight_increment", "Load step.", unit: "kg"),
      .text("cam_profile_notes", "Cam and leverage notes."),
      .text("setup_instructions", "Setup guidance."),
      .text("exercise_id", "The exercise done on it.", references: "exercise.id"),
    ])

  static let exerciseMuscleGroup = PublishedTable(
    "exercise_muscle_group", about: "A muscle an exercise trains, and how.",
    key: ["exercise_id", "muscle_group"],
    [
      .text("exercise_id", "The exercise.", references: "exercise.id", required: true),
      .text("muscle_group", "One of the 30 muscle groups (`chest_upper`).", required: true),
      .text(
        "role",
        "Primary muscles count one set per set, secondary ones a share (weekly_muscle_volume).",
        values: "primary, secondary", required: true),
    ])

  static let scienceInsight = PublishedTable(
    "science_insight", about: "A research finding the formulas follow, with its source.",
    key: ["id"],
    [
      .text("id", "The insight's id.", required: true),
      .day("fetch_date", "The day of the data's last session (not the clock).", required: true),
      .text("topic", "Research topic."),
      .text("source", "Citation."),
      .text("summary", "Plain-language summary."),
      .text("recommended_tempo_change", "Tempo adjustment it suggests."),
      .text("recommended_rest_change", "Rest adjustment it suggests."),
      .text("applied_to_exercises", "Exercises it applies to, comma-separated."),
      .flag("is_active", "1 while the pipeline applies it.", default: "1"),
    ])

  static let guildMembership = PublishedTable(
    "guild_membership", about: "An athlete's guild (athletes.csv).", key: ["id"],
    [
      .text("id", "`<athlete>:<guild name>`.", required: true),
      .athlete("user_profile_id"),
      .text(
        "guild_name",
        "The guild (its standing, where it has one: not a foreign key, a guild without ranked members has none).",
        references: "guild_standing.guild_name", loose: true, required: true),
      .text("guild_tag", "Short tag."),
      .text(
        "join_date", "The athlete's first session (the data's last session when they have none).",
        values: "ISO 8601 date-time", required: true),
      .text("role", "Role in the guild.", values: "member, officer, leader", default: "'member'"),
      .integer("guild_war_wins", "Guild wars won (not computed: 0).", default: "0"),
      .integer("guild_war_losses", "Guild wars lost (not computed: 0).", default: "0"),
    ])
}
