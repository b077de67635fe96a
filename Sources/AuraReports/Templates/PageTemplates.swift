/// The HTML page every report shares: inline CSS (no network, no external fonts or scripts),
/// a narrow-screen-first layout, and the provenance footer. Templates are Swift strings so the
/// binary carries them: nothing to find on disk at run time.
enum PageTemplates {
  static let html = #"""
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>{{title}}</title>
    <style>
    :root { color-scheme: light; }
    * { box-sizing: border-box; }
    body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2933; margin: 0; background: #f4f5f7; }
    main { max-width: 880px; margin: 0 auto; padding: 10px; }
    main.wide { max-width: 1240px; }
    header.top { padding: 4px 4px 0; }
    h1 { font-size: 1.35rem; margin: .2em 0; }
    h2 { font-size: 1.1rem; margin: .1em 0 .5em; }
    h3 { font-size: 1rem; margin: .8em 0 .3em; }
    h4 { font-size: .95rem; margin: .6em 0 .2em; }
    p { margin: .35em 0; }
    section, article { background: #fff; border-radius: 10px; padding: 12px 14px; margin: 12px 0; box-shadow: 0 1px 2px rgba(0,0,0,.07); }
    article > section { box-shadow: none; padding: 0; margin: 16px 0; }
    .sub { color: #6b7280; font-size: .9rem; }
    .facts { display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 8px; }
    .fact { border: 1px solid #e5e7eb; border-radius: 8px; padding: 6px 8px; }
    .fact b { display: block; font-size: 1.2rem; }
    .fact span { color: #6b7280; font-size: .8rem; }
    .scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; max-width: 100%; }
    table { border-collapse: collapse; width: 100%; font-size: .88rem; }
    th, td { padding: 4px 6px; border-bottom: 1px solid #e5e7eb; text-align: left; vertical-align: top; }
    th { background: #f9fafb; font-weight: 600; }
    td.n, th.n { text-align: right; white-space: nowrap; }
    svg.chart { width: 100%; height: auto; max-width: 560px; display: block; margin: 6px 0; }
    .dial svg.chart { max-width: 240px; }
    .charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(300px, 1fr)); gap: 8px; }
    .flag { display: inline-block; max-width: 100%; background: #fde8dd; color: #7a2800; border: 1px solid #f0b393; border-radius: 10px; padding: 0 7px; margin: 1px 2px 1px 0; font-size: .8rem; overflow-wrap: anywhere; }
    .sev { display: inline-block; border: 1px solid; border-radius: 10px; padding: 0 7px; margin: 1px 0; font-size: .78rem; font-weight: 600; text-decoration: none; }
    .sev.act { background: #fde2e1; color: #8a1c12; border-color: #f2a7a1; }
    .sev.watch { background: #fff4d6; color: #6b4a00; border-color: #efd27a; }
    .sev.check { background: #e8eefc; color: #1d3f8a; border-color: #b3c5f0; }
    .legend { font-size: .8rem; color: #4b5563; }
    table.roster tr.head td { border-bottom: 0; padding-bottom: 0; }
    table.roster tr.tail td { padding-top: 0; font-size: .78rem; }
    table.roster svg.spark { width: 64px; }
    table.roster .day { white-space: nowrap; font-size: .75rem; }
    table.roster .trend { flex-wrap: wrap; }
    .flag::before { content: "⚠ "; }
    dl.terms dt { font-weight: 600; margin-top: .4em; } dl.terms dd { margin: 0 0 0 1em; color: #4b5563; }
    svg.spark { width: 96px; height: 24px; vertical-align: middle; }
    .trend { display: flex; align-items: center; gap: 4px; white-space: nowrap; font-size: .75rem; color: #6b7280; }
    .note { color: #7a2800; font-size: .8rem; overflow-wrap: anywhere; max-width: 36em; }
    .ok { color: #04684c; }
    .est { color: #4b5563; font-size: .85rem; }
    .set { border-top: 1px solid #e5e7eb; padding-top: 6px; margin-top: 8px; }
    dl.kv { display: grid; grid-template-columns: repeat(auto-fill, minmax(92px, 1fr)); gap: 4px 8px; margin: 4px 0; }
    dl.kv div { min-width: 0; }
    dt { color: #6b7280; font-size: .75rem; }
    dd { margin: 0; font-weight: 600; }
    ul.feedback { margin: .3em 0; padding-left: 1.2em; }
    a { color: #0060a0; }
    li, h1, h2, h3, .fact, table.roster td { overflow-wrap: anywhere; }
    footer { color: #6b7280; font-size: .8rem; padding: 8px 4px 24px; overflow-wrap: anywhere; }
    @media (max-width: 480px) { table { font-size: .8rem; } th, td { padding: 3px 4px; } main { padding: 6px; } section, article { padding: 10px; } th.n, td.n { white-space: normal; } }
    @media (max-width: 600px) {
      table.cards tr:first-child { display: none; }
      table.cards tr { display: block; border-bottom: 1px solid #e5e7eb; padding: 4px 0; }
      table.cards td { display: flex; justify-content: space-between; gap: 8px; border: 0; padding: 2px 4px; text-align: right; }
      table.cards td::before { content: attr(data-label); color: #6b7280; text-align: left; }
    }
    @media print { article { break-before: page; } body { background: #fff; } }
    </style>
    </head>
    <body>
    <main{{#wide}} class="wide"{{/wide}}>
    {{{body}}}
    <footer>AuraLift Analytics · code {{footer.codeVersion}} · parameters {{footer.parametersHash}} · run {{footer.runId}} · data {{footer.dataWindow}} · generated {{footer.generatedAt}}. Values marked “≈” or “estimate” are computed, not measured.</footer>
    </main>
    </body>
    </html>

    """#

  static let markdownFooter = #"""
    {{% CONTENT_TYPE: MARKDOWN}}
    ---
    _AuraLift Analytics · code {{footer.codeVersion}} · parameters {{footer.parametersHash}} · run {{footer.runId}} · data {{footer.dataWindow}} · generated {{footer.generatedAt}}. Values marked “≈” or “estimate” are computed, not measured._

    """#
}

/// The index of a run's reports.
enum IndexTemplates {
  static let html = #"""
    <header class="top"><h1>AuraLift reports</h1><p class="sub">{{window}}</p></header>
    <section>
    <h2>Coaches</h2>
    <ul>{{#coaches}}<li><a href="{{path}}.html">{{name}}</a> (<a href="{{path}}.md">Markdown</a>)</li>{{/coaches}}</ul>
    {{#empty(coaches)}}<p>No coaches in this dataset.</p>{{/empty(coaches)}}
    </section>
    <section>
    <h2>Athletes</h2>
    <ul>{{#athletes}}<li><a href="{{path}}.html">{{name}}</a> (<a href="{{path}}.md">Markdown</a>)</li>{{/athletes}}</ul>
    {{#nothingRecorded}}<p class="note">{{.}}</p>{{/nothingRecorded}}
    </section>
    <section>
    <h2>Inputs set aside</h2>
    {{#empty(quarantined)}}<p class="ok">✓ Every input was read.</p>{{/empty(quarantined)}}
    {{^empty(quarantined)}}<div class="scroll"><table><tr><th>file</th><th class="n">line</th><th>problem</th></tr>
    {{#quarantined}}<tr><td>{{path}}</td><td class="n">{{line}}</td><td>{{reason}}</td></tr>{{/quarantined}}
    </table></div>{{/empty(quarantined)}}
    </section>

    """#
}
