/// A coach's report: the roster, most urgent first, each flag linking to its evidence on the
/// athlete's page; then why each is flagged and by which rule.
enum CoachTemplates {
  static let html = #"""
    <header class="top">
    <h1>{{name}}: weekly roster</h1>
    <p class="sub">{{athleteCount}} athletes · {{window}}</p>
    </header>
    <section id="roster">
    <h2>Roster</h2>
    <p class="legend">{{#severities}}<span class="sev {{word}}">{{word}}</span> {{meaning}} {{/severities}}</p>
    <table class="roster">
    <tr><th>athlete</th><th class="n">ready</th><th class="n">sessions</th><th>readiness, 8 wk</th></tr>
    {{#roster}}<tr class="head"><td><a href="../athletes/{{id}}.html"><b>{{name}}</b></a><br>{{#worst}}<a class="sev {{severity}}" href="{{link}}">{{label}}</a>{{/worst}}{{#more}} <span class="sub">{{.}}</span>{{/more}}{{^worst}}<span class="ok">✓ no flags</span>{{/worst}}</td><td class="n">{{readiness}}{{#readinessDay}}<br><span class="sub day">{{.}}</span>{{/readinessDay}}</td><td class="n">{{sessions}}</td><td><div class="trend">{{{readinessChart}}}<span>{{readinessChange}}</span></div></td></tr>
    <tr class="tail"><td colspan="4" class="sub">{{details}}{{#setAside}}<div class="note">⚠ set aside: {{.}}</div>{{/setAside}}</td></tr>{{/roster}}
    </table>
    {{#departed}}<p class="note">⚠ {{.}}</p>{{/departed}}
    <p class="est">Most urgent first, then by name. Ready: the latest readiness, 0-100 (100: at or better than the athlete's usual), with its day where it is not the data's last; sessions: this week's; readiness, 8 wk: each week's mean, this week last. Tap a flag for the set or day it is about, a name for the athlete's week.</p>
    </section>
    <section id="attention">
    <h2>Why they are flagged</h2>
    {{^empty(attention)}}<ul>{{#attention}}<li><span class="sev {{severity}}">{{severity}}</span> <b>{{name}}</b>: <a href="{{link}}">{{text}}</a></li>{{/attention}}</ul>{{/empty(attention)}}
    {{#empty(attention)}}<p class="ok">✓ Nothing flagged this week.</p>{{/empty(attention)}}
    </section>
    <section id="rules">
    <h2>How flags are set</h2>
    <ul class="est">{{#rules}}<li>{{.}}</li>{{/rules}}</ul>
    </section>
    {{> glossary}}

    """#

  static let markdown = #"""
    {{% CONTENT_TYPE: MARKDOWN}}
    # {{name}}: weekly roster

    {{athleteCount}} athletes · {{window}}

    ## Roster

    Most urgent first, then by name. {{#severities}}**{{word}}**: {{meaning}}. {{/severities}}

    | athlete | most urgent | readiness | sessions (week) | weekly sets | LP (week) | tier | new PRs |
    | --- | --- | ---: | ---: | --- | ---: | --- | ---: |
    {{#roster}}
    | [{{name}}](../athletes/{{id}}.md) | {{#worst}}**{{severity}}**: {{label}}{{/worst}}{{#more}} ({{.}}){{/more}}{{^worst}}none{{/worst}} | {{readiness}}{{#readinessDay}} ({{.}}){{/readinessDay}} | {{sessions}} | {{volume}} | {{leaguePoints}} | {{tier}} | {{records}} |
    {{/roster}}
    {{#roster}}
    {{#setAside}}
    - ⚠ {{name}}, set aside: {{.}}
    {{/setAside}}
    {{/roster}}
    {{#departed}}
    - ⚠ {{.}}
    {{/departed}}

    ## Why they are flagged

    {{#empty(attention)}}
    Nothing flagged this week.
    {{/empty(attention)}}
    {{#attention}}
    - **{{severity}}** [{{name}}](../athletes/{{id}}.md): {{text}}
    {{/attention}}

    ## Last 8 weeks

    Oldest first; this week last. Readiness: the week's mean; hard sets: sets at RPE 7 or more.

    {{#roster}}
    - {{name}}: readiness {{readinessTrend}}; hard sets {{hardSetsTrend}}
    {{/roster}}

    ## How flags are set

    {{#rules}}
    - {{.}}
    {{/rules}}

    {{> glossary}}

    """#
}
