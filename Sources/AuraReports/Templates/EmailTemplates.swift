/// A weekly email's HTML body (`WeeklyEmail`): a whole document, styles inline, as mail
/// clients want them.
enum EmailTemplates {
  static let html = #"""
    <!DOCTYPE html>
    <html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>
    <body style="font-family:-apple-system,Segoe UI,Roboto,sans-serif;font-size:15px;color:#222;max-width:600px">
    <p>{{name}},</p>
    <p>{{#coach}}Your athletes{{/coach}}{{^coach}}Your week{{/coach}}, {{window}}:</p>
    {{^empty(attention)}}<p><strong>Needs attention</strong></p>
    <ul>{{#attention}}<li>{{.}}</li>{{/attention}}</ul>{{/empty(attention)}}
    {{#empty(attention)}}<p>{{#coach}}Nobody needs attention this week.{{/coach}}{{^coach}}Nothing needs attention this week.{{/coach}}</p>{{/empty(attention)}}
    <table cellpadding="6" style="border-collapse:collapse;width:100%;text-align:left">
    <tr style="border-bottom:1px solid #ddd"><th>{{#coach}}Athlete{{/coach}}</th><th>Readiness</th><th>Sessions this week</th><th>LP</th></tr>
    {{#lines}}<tr style="border-bottom:1px solid #ddd"><td>{{#coach}}{{#link}}<a href="{{link}}">{{athlete}}</a>{{/link}}{{^link}}{{athlete}}{{/link}}{{/coach}}</td><td>{{readiness}}</td><td>{{sessions}}</td><td>{{leaguePoints}}</td></tr>
    {{/lines}}
    </table>
    {{#reportURL}}<p><a href="{{.}}">Open the full report</a></p>{{/reportURL}}
    {{^reportURL}}<p>The full report is attached: open it in a browser.</p>{{/reportURL}}
    <p style="color:#777;font-size:12px">AuraLift Analytics, run {{runId}}</p>
    </body></html>

    """#
}
