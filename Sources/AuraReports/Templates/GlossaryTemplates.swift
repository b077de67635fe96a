/// Every term a coach or athlete reads on a page, explained once, at the foot of the coach's
/// and the athlete's pages.
enum GlossaryTemplates {
  /// (term, meaning), in reading order.
  static let terms: [(String, String)] = [
    ("ISO week", "Monday to Sunday, named by year and week number (2026-W47)."),
    (
      "Readiness",
      "0-100, from today's HRV, resting heart rate, sleep and recent training load against the athlete's own usual; 100 is at or better than usual."
    ),
    ("RPE", "Rating of perceived exertion, 1-10: how hard the set felt; 10 is nothing left."),
    ("RIR", "Reps in reserve: reps the athlete could still have done (10 − RPE)."),
    (
      "≈ estimate",
      "RPE estimated from velocity loss on recorded sets, or from the load and reps (the RTS chart) on logged ones."
    ),
    (
      "Velocity loss",
      "How much slower the set's last rep moved than its fastest, in %; past the threshold the set should have stopped."
    ),
    (
      "MEV · MAV · MRV",
      "Weekly sets per muscle: the minimum that grows it, the range that grows it most, the most one recovers from (RP Hypertrophy's landmarks)."
    ),
    (
      "Hard sets",
      "Working sets at RPE 7 or more (reported, else estimated): 3 reps or fewer in reserve."
    ),
    (
      "Form",
      "0-100 per set: depth, tempo, bar path, trunk, symmetry and consistency against their targets."
    ),
    ("XP", "Experience points of a set: its reps, scaled by its form and the combo."),
    (
      "Combo",
      "The XP multiplier that grows with each recorded set in a row at good form; a set below it starts again."
    ),
    (
      "LP",
      "League points: the rank score, earned by sessions against the athlete's own usual volume and lost by idle weeks; tiers go Iron, Bronze, Silver, Gold, Platinum, Diamond, Master, Grandmaster, Challenger."
    ),
    (
      "DOTS",
      "Strength for bodyweight: the best lifts' total scaled by a bodyweight formula (DOTS by default; Wilks or IPF GL where the gym chooses), so lifters of every weight compare."
    ),
    ("e1RM", "Estimated one-rep max, from the load and reps of a set."),
    ("PR", "Personal record: a best beaten this week."),
  ]

  static let html = #"""
    <section id="terms">
    <details><summary>What the terms mean</summary>
    <dl class="terms">{{#glossary}}<dt>{{term}}</dt><dd>{{meaning}}</dd>{{/glossary}}</dl>
    </details>
    </section>

    """#

  static let markdown = #"""
    {{% CONTENT_TYPE: MARKDOWN}}
    ### What the terms mean

    {{#glossary}}
    - **{{term}}**: {{meaning}}
    {{/glossary}}

    """#

  /// The terms as the templates read them.
  static var view: [[String: String]] { terms.map { ["term": $0.0, "meaning": $0.1] } }
}
