/// An athlete's week: used alone (the athlete report) and once per athlete in a coach report.
enum AthleteTemplates {
  /// One session: its summary line, the set table and each recorded set's details.
  static let sessionHTML = #"""
    <h4 id="{{anchor}}">{{date}}, {{time}}</h4>
    <p class="sub">volume {{volume}} · {{xp}} · {{leaguePoints}} · form {{form}} · combo {{combo}}{{#notes}} · {{.}}{{/notes}}</p>
    <div class="scroll"><table>
    <tr><th class="n">set</th><th>exercise</th><th class="n">reps</th><th class="n">kg</th><th class="n">m/s</th><th class="n">loss %</th><th class="n">form</th><th class="n">RPE</th></tr>
    {{#sets}}<tr id="{{anchor}}"><td class="n">{{number}}</td><td>{{exercise}}{{#autoStopped}}<br><span class="flag">auto-stop</span>{{/autoStopped}}</td><td class="n">{{reps}}</td><td class="n">{{loadNumber}}</td><td class="n">{{velocityNumber}}</td><td class="n">{{lossNumber}}</td><td class="n">{{form}}</td><td class="n">{{rpe}}{{#estimatedRPE}}<br><span class="est">≈{{.}}</span>{{/estimatedRPE}}</td></tr>{{/sets}}
    </table></div>
    {{#sets}}
    {{#hasDetails}}
    <div class="set">
    <p><b>{{exercise}}, set {{number}}</b> · ROM {{rom}} · {{xp}}{{#autoStopped}} <span class="flag">auto-stop: velocity loss past threshold</span>{{/autoStopped}}</p>
    {{#repsNote}}<p class="flag">{{.}}</p>{{/repsNote}}
    {{#entryNote}}<p class="flag">{{.}}</p>{{/entryNote}}
    {{#effortEstimate}}<p class="est">{{.}}</p>{{/effortEstimate}}
    {{#romConsistency}}<p class="est">ROM consistency: {{.}}</p>{{/romConsistency}}
    {{#components}}<p class="est">Form components (0-100): {{.}}</p>{{/components}}
    {{^empty(feedback)}}<ul class="feedback">{{#feedback}}<li>{{.}}</li>{{/feedback}}</ul>{{/empty(feedback)}}
    {{{velocityChart}}}
    </div>
    {{/hasDetails}}
    {{/sets}}

    """#

  static let html = #"""
    <article id="{{anchor}}">
    {{#coachLink}}<p class="sub"><a href="{{.}}">← roster</a></p>{{/coachLink}}
    <h2>{{name}} <span class="sub">· {{window}}</span></h2>
    <div class="facts">{{#headline}}<div class="fact">{{label}}<b>{{value}}</b>{{#note}}<span>{{.}}</span>{{/note}}</div>{{/headline}}</div>
    {{^empty(setAside)}}<section id="set-aside"><h3>Set aside from this report</h3><ul>{{#setAside}}<li class="note">{{.}}</li>{{/setAside}}</ul></section>{{/empty(setAside)}}
    {{^empty(entryChecks)}}<section id="entry-check"><h3>Entries to check</h3><p class="est">Logged sets of the last 4 weeks far beyond what the athlete has lifted: not counted toward records, e1RM, LP or rankings until corrected, or confirmed with <code>"load_confirmed": true</code> on the set.</p><ul>{{#entryChecks}}<li class="note" id="{{anchor}}">{{text}}</li>{{/entryChecks}}</ul></section>{{/empty(entryChecks)}}

    {{#readiness}}
    <section id="readiness">
    <h3>Readiness, {{date}}</h3>
    <div class="dial">{{{dial}}}</div>
    <p class="est">{{status}}. Each factor is 0-100; 100 is at or better than your usual.</p>
    <div class="scroll"><table>
    <tr><th>factor</th><th class="n">score</th><th>today</th><th>baseline</th></tr>
    {{#factors}}<tr><td>{{name}}</td><td class="n">{{score}}</td><td>{{today}}</td><td>{{baseline}}</td></tr>{{/factors}}
    </table></div>
    </section>
    {{/readiness}}

    <section>
    <h3>Weekly sets per muscle</h3>
    {{#volume}}
    {{{chart}}}
    {{#partial}}<p class="est">{{week}} is not over yet: a partial week.</p>{{/partial}}
    <div class="scroll"><table class="cards">
    <tr><th>muscle</th><th class="n">sets</th><th class="n">volume</th><th>band</th><th>MEV · MAV · MRV (sets/week)</th></tr>
    {{#rows}}<tr><td data-label="muscle"><b>{{muscle}}</b></td><td class="n" data-label="sets">{{sets}}</td><td class="n" data-label="volume">{{volume}}</td><td data-label="band">{{#outside}}<span class="flag">{{band}}</span>{{/outside}}{{^outside}}{{band}}{{/outside}}</td><td data-label="MEV · MAV · MRV">{{landmarks}}</td></tr>{{/rows}}
    </table></div>
    {{/volume}}
    {{^volume}}<p>No sets this ISO week.</p>{{/volume}}
    </section>

    <section id="sessions">
    <h3>Sessions this week</h3>
    {{^empty(sessions)}}<p class="est">kg: load; m/s: the set's mean concentric velocity; loss %: velocity lost from the fastest to the last rep. RPE: as reported, then “≈” the estimate (from velocity loss on recorded sets, from the RTS chart on logged ones).</p>{{/empty(sessions)}}
    {{#sessions}}
    {{> session}}
    {{/sessions}}
    {{#empty(sessions)}}<p>No sessions this week.</p>{{/empty(sessions)}}
    {{#earlierSessions}}<p class="est">{{.}}</p>{{/earlierSessions}}
    {{#lastRecorded}}
    <h3>Latest recorded session</h3>
    <p class="est">No set was filmed or sensor-recorded this week; this is the latest one that was.</p>
    {{> session}}
    {{/lastRecorded}}
    </section>


    <section>
    <h3>Recovery</h3>
    {{#recovery}}
    {{{bodyMap}}}
    <p class="est">An estimate of recovery from the fatigue of recent sets decaying over time, not a measurement.</p>
    {{^empty(low)}}<div class="scroll"><table>
    <tr><th>still recovering</th><th class="n">recovery</th><th>last trained</th></tr>
    {{#low}}<tr><td>{{name}}</td><td class="n">{{score}}/100</td><td>{{lastTrained}}</td></tr>{{/low}}
    </table></div>{{/empty(low)}}
    {{#empty(low)}}<p class="ok">Every muscle is at 70/100 or above.</p>{{/empty(low)}}
    {{/recovery}}
    </section>

    {{#strength}}
    <section>
    <h3>Strength: estimated 1RM</h3>
    {{{chart}}}
    <div class="scroll"><table>
    <tr><th>exercise</th><th>week</th><th class="n">e1RM</th><th>method</th></tr>
    {{#rows}}<tr><td>{{exercise}}</td><td>{{week}}</td><td class="n">{{e1rm}}</td><td>{{method}}</td></tr>{{/rows}}
    </table></div>
    <p class="est">{{profileNote}}</p>
    </section>
    {{/strength}}

    {{#rank}}
    <section>
    <h3>Rank, tier and LP</h3>
    {{{chart}}}
    <div class="scroll"><table>
    <tr><th>week ending</th><th>tier</th><th class="n">LP</th><th class="n">{{pointsFormula}}</th><th class="n">form</th><th class="n">velocity</th></tr>
    {{#rows}}<tr><td>{{date}}</td><td>{{tier}}</td><td class="n">{{leaguePoints}}</td><td class="n">{{strength}}</td><td class="n">{{form}}</td><td class="n">{{velocity}}</td></tr>{{/rows}}
    </table></div>
    </section>
    {{/rank}}

    <section>
    <h3>New personal records</h3>
    {{^empty(records)}}<div class="scroll"><table>
    <tr><th>exercise</th><th>record</th><th>value</th><th>day</th></tr>
    {{#records}}<tr><td>{{exercise}}</td><td>{{record}}</td><td>{{value}}</td><td>{{date}}</td></tr>{{/records}}
    </table></div>{{/empty(records)}}
    {{#empty(records)}}<p>None this week.</p>{{/empty(records)}}
    </section>

    {{^empty(nutrition)}}
    <section>
    <h3>Nutrition</h3>
    <div class="scroll"><table class="cards">
    <tr><th>week</th><th>days logged</th><th>calories / target</th><th class="n">adherence</th><th class="n">protein</th><th>protein target met</th></tr>
    {{#nutrition}}<tr><td data-label="week">{{week}}</td><td data-label="days logged">{{days}}</td><td data-label="calories / target">{{calories}}</td><td class="n" data-label="adherence">{{adherence}}</td><td class="n" data-label="protein">{{protein}}</td><td data-label="protein target met">{{proteinDays}}</td></tr>{{/nutrition}}
    </table></div>
    </section>
    {{/empty(nutrition)}}

    {{^empty(risks)}}
    <section>
    <h3>Exercises to set up with care</h3>
    <ul>{{#risks}}<li><b>{{exercise}}</b>: <span class="flag">{{level}}</span> {{reason}}</li>{{/risks}}</ul>
    </section>
    {{/empty(risks)}}
    {{> glossary}}
    </article>

    """#

  static let sessionMarkdown = #"""
    {{% CONTENT_TYPE: MARKDOWN}}
    #### {{date}}, {{time}}

    Volume {{volume}} · {{xp}} · {{leaguePoints}} · form {{form}} · combo {{combo}}{{#notes}} · {{.}}{{/notes}}

    | set | exercise | reps | load | mean velocity | velocity loss | form | ROM | RPE (≈ estimate) | XP |
    | ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
    {{#sets}}
    | {{number}} | {{exercise}}{{#autoStopped}} ⚠ auto-stop{{/autoStopped}} | {{reps}} | {{load}} | {{velocity}} | {{velocityLoss}} | {{form}} | {{rom}} | {{effort}} | {{xp}} |
    {{/sets}}

    {{#sets}}
    {{#hasDetails}}
    {{#repVelocities}}
    - Set {{number}} velocity per rep: {{.}}{{#romConsistency}}; ROM {{.}}{{/romConsistency}}
    {{/repVelocities}}
    {{#repsNote}}
    - Set {{number}}: {{.}}
    {{/repsNote}}
    {{#entryNote}}
    - Set {{number}}: {{.}}
    {{/entryNote}}
    {{#effortEstimate}}
    - Set {{number}}: {{.}}
    {{/effortEstimate}}
    {{#feedback}}
    - Set {{number}} form: {{.}}
    {{/feedback}}
    {{/hasDetails}}
    {{/sets}}


    """#

  static let markdown = #"""
    {{% CONTENT_TYPE: MARKDOWN}}
    ## {{name}}, {{window}}

    {{#headline}}
    - **{{label}}:** {{value}}{{#note}} ({{.}}){{/note}}
    {{/headline}}
    {{#setAside}}
    - ⚠ Set aside: {{.}}
    {{/setAside}}
    {{#entryChecks}}
    - ⚠ Entry to check, not counted until corrected or confirmed: {{text}}
    {{/entryChecks}}

    {{#readiness}}
    ### Readiness, {{date}}: {{score}}/100

    {{status}}. Each factor is 0-100; 100 is at or better than your usual.

    | factor | score | today | baseline |
    | --- | ---: | --- | --- |
    {{#factors}}
    | {{name}} | {{score}} | {{today}} | {{baseline}} |
    {{/factors}}

    {{/readiness}}
    ### Weekly sets per muscle

    {{#volume}}
    {{#partial}}
    {{week}} is not over yet: a partial week.

    {{/partial}}
    | muscle | sets | volume | band | MEV · MAV · MRV (sets/week) |
    | --- | ---: | ---: | --- | --- |
    {{#rows}}
    | {{muscle}} | {{sets}} | {{volume}} | {{band}}{{#outside}} ⚠{{/outside}} | {{landmarks}} |
    {{/rows}}
    {{/volume}}
    {{^volume}}
    No sets this ISO week.
    {{/volume}}

    ### Sessions this week

    {{#empty(sessions)}}
    No sessions this week.

    {{/empty(sessions)}}
    {{#sessions}}
    {{> session}}
    {{/sessions}}
    {{#earlierSessions}}
    _{{.}}_

    {{/earlierSessions}}
    {{#lastRecorded}}
    ### Latest recorded session

    No set was filmed or sensor-recorded this week; this is the latest one that was.

    {{> session}}
    {{/lastRecorded}}
    ### Recovery (estimated)

    {{#recovery}}
    {{#empty(low)}}
    Every muscle is at 70/100 or above.
    {{/empty(low)}}
    {{^empty(low)}}
    | still recovering | recovery | last trained |
    | --- | ---: | --- |
    {{#low}}
    | {{name}} | {{score}}/100 | {{lastTrained}} |
    {{/low}}
    {{/empty(low)}}
    {{/recovery}}

    {{#strength}}
    ### Strength: estimated 1RM

    | exercise | week | e1RM | method |
    | --- | --- | ---: | --- |
    {{#rows}}
    | {{exercise}} | {{week}} | {{e1rm}} | {{method}} |
    {{/rows}}

    {{profileNote}}

    {{/strength}}
    {{#rank}}
    ### Rank, tier and LP

    | week ending | tier | LP | {{pointsFormula}} | form | velocity |
    | --- | --- | ---: | ---: | ---: | ---: |
    {{#rows}}
    | {{date}} | {{tier}} | {{leaguePoints}} | {{strength}} | {{form}} | {{velocity}} |
    {{/rows}}

    {{/rank}}
    ### New personal records

    {{#empty(records)}}
    None this week.
    {{/empty(records)}}
    {{^empty(records)}}
    | exercise | record | value | day |
    | --- | --- | --- | --- |
    {{#records}}
    | {{exercise}} | {{record}} | {{value}} | {{date}} |
    {{/records}}
    {{/empty(records)}}

    {{^empty(nutrition)}}
    ### Nutrition

    | week | days logged | calories / target | adherence | protein | protein target met |
    | --- | --- | --- | ---: | ---: | --- |
    {{#nutrition}}
    | {{week}} | {{days}} | {{calories}} | {{adherence}} | {{protein}} | {{proteinDays}} |
    {{/nutrition}}

    {{/empty(nutrition)}}
    {{^empty(risks)}}
    ### Exercises to set up with care

    {{#risks}}
    - **{{exercise}}** ({{level}}): {{reason}}
    {{/risks}}

    {{/empty(risks)}}
    {{> glossary}}

    """#

  /// The page of an athlete the data holds nothing of (`NothingRecordedView`).
  static let nothingRecordedHTML = #"""
    <article id="{{anchor}}">
    {{#coachLink}}<p class="sub"><a href="{{.}}">← roster</a></p>{{/coachLink}}
    <h2>{{name}} <span class="sub">· {{window}}</span></h2>
    <p>{{text}}</p>
    <p class="est">{{rank}}</p>
    </article>

    """#

  static let nothingRecordedMarkdown = #"""
    {{% CONTENT_TYPE: MARKDOWN}}
    ## {{name}}, {{window}}

    {{text}}

    {{rank}}

    """#
}
