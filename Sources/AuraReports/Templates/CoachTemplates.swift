/// A coach's report: who needs attention, then the roster, each athlete linking to their page.
enum CoachTemplates {
  static let html = #"""
    <header class="top">
    <h1>{{name}}: weekly roster</h1>
    <p class="sub">{{athleteCount}} athletes · {{window}}</p>
    </header>
    <section>
    <h2>Needs attention</h2>
    {{^empty(attention)}}<ul>{{#attention}}<li><a href="{{link}}">{{name}}</a>: {{text}}</li>{{/attention}}</ul>{{/empty(attention)}}
    {{#empty(attention)}}<p class="ok">✓ Nothing flagged this week.</p>{{/empty(attention)}}
    </section>
    <section>
    <h2>Roster</h2>
    <p class="est">Who needs a look first, then by name. Readiness 0-100 (100: at or better than the athlete's usual); weekly sets against each muscle's landmarks (MEV: the least that grows, MRV: the most one recovers from); LP: league points, with the change this week; new PRs: records beaten this week; 8 weeks: each week's mean readiness and hard sets (RPE 7 or more), this week last. Tap a name for the athlete's week.</p>
    <div class="scroll"><table class="cards">
    <tr><th>athlete</th><th class="n">readiness</th><th class="n">sessions (week)</th><th>weekly sets</th><th class="n">LP (week)</th><th>tier</th><th class="n">new PRs</th><th>8 weeks</th><th>flags</th></tr>
    {{#roster}}<tr><td data-label="athlete"><a href="../athletes/{{id}}.html">{{name}}</a>{{#setAside}}<div class="note">⚠ set aside: {{.}}</div>{{/setAside}}</td><td class="n" data-label="readiness">{{readiness}}</td><td class="n" data-label="sessions (week)">{{sessions}}</td><td data-label="weekly sets">{{volume}}</td><td class="n" data-label="LP (week)">{{leaguePoints}}</td><td data-label="tier">{{tier}}</td><td class="n" data-label="new PRs">{{records}}</td><td data-label="8 weeks"><div><div class="trend">{{{readinessChart}}}{{^readinessChart}}–{{/readinessChart}}<span>readiness</span></div><div class="trend">{{{hardSetsChart}}}{{^hardSetsChart}}–{{/hardSetsChart}}<span>hard sets</span></div></div></td><td data-label="flags">{{#flags}}<span class="flag">{{.}}</span>{{/flags}}{{^flags}}<span class="ok">✓ none</span>{{/flags}}</td></tr>{{/roster}}
    </table></div>
    {{#departed}}<p class="note">⚠ {{.}}</p>{{/departed}}
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

    ## Needs attention

    {{#empty(attention)}}
    Nothing flagged this week.
    {{/empty(attention)}}
    {{#attention}}
    - [{{name}}](../athletes/{{id}}.md): {{text}}
    {{/attention}}

    ## Roster

    Who needs a look first, then by name.

    | athlete | readiness | sessions (week) | weekly sets | LP (week) | tier | new PRs | flags |
    | --- | ---: | ---: | --- | ---: | --- | ---: | --- |
    {{#roster}}
    | [{{name}}](../athletes/{{id}}.md) | {{readiness}} | {{sessions}} | {{volume}} | {{leaguePoints}} | {{tier}} | {{records}} | {{#flags}}⚠ {{.}} {{/flags}}{{^flags}}none{{/flags}} |
    {{/roster}}
    {{#roster}}
    {{#setAside}}
    - ⚠ {{name}}, set aside: {{.}}
    {{/setAside}}
    {{/roster}}
    {{#departed}}
    - ⚠ {{.}}
    {{/departed}}

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
