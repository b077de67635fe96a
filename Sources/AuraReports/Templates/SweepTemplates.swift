/// A research sweep's summary: the grid, the metrics table, the best variant and a chart of
/// each metric against each swept parameter.
enum SweepTemplates {
  static let html = #"""
    <header class="top">
    <h1>Sweep {{name}}</h1>
    <p class="sub">pipeline {{pipeline}} · dataset {{dataset}} · {{variantCount}} variants</p>
    </header>
    <section>
    <h2>Parameter grid</h2>
    <ul>{{#axes}}<li><code>{{key}}</code>: {{values}}</li>{{/axes}}</ul>
    {{#best}}<p><b>{{.}}</b></p>{{/best}}
    </section>
    <section>
    <h2>Metrics</h2>
    <div class="scroll"><table>
    <tr>{{#wrappingHeader}}<th>{{.}}</th>{{/wrappingHeader}}</tr>
    {{#rows}}<tr>{{#cells}}<td>{{.}}</td>{{/cells}}</tr>{{/rows}}
    </table></div>
    <p class="est">{{labelsNote}}</p>
    </section>
    {{^empty(charts)}}
    <section>
    <h2>Metrics against parameters</h2>
    <p class="est">Each point is the mean over the variants that share that parameter value.</p>
    <div class="charts">{{#charts}}<div>{{{.}}}</div>{{/charts}}</div>
    </section>
    {{/empty(charts)}}

    """#

  static let markdown = #"""
    {{% CONTENT_TYPE: MARKDOWN}}
    # Sweep {{name}}

    Pipeline `{{pipeline}}`, dataset `{{dataset}}`, {{variantCount}} variants. Grid:

    {{#axes}}
    - `{{key}}`: {{values}}
    {{/axes}}

    | {{#header}}{{.}} | {{/header}}
    |{{#header}} --- |{{/header}}
    {{#rows}}
    | {{#cells}}{{.}} | {{/cells}}
    {{/rows}}

    {{#best}}
    {{.}}.

    {{/best}}
    {{labelsNote}}

    """#
}
