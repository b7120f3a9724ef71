/// The page's fixed frame: the places the script fills in. Nothing in it comes from a run.
enum LiveRunPageBody {
    static let html = """
    <header>
    <h1 id="title">materun</h1>
    <p id="subtitle"></p>
    <p id="status" class="status waiting">waiting for the run…</p>
    </header>
    <main>
    <section id="panel" class="card" aria-label="Figures">
    <div class="figure big"><span class="label">Time</span><span class="value" id="clock">00:00:00</span><span class="note" id="elapsed">elapsed 00:00:00</span></div>
    <div class="figure big"><span class="label">Distance</span><span class="value" id="distance">0.00 km</span><span class="note" id="goal"></span></div>
    <div class="figure"><span class="label">Pace</span><span class="value" id="pace">–</span></div>
    <div class="figure"><span class="label">Avg pace</span><span class="value" id="avg-pace">–</span></div>
    <div class="figure"><span class="label">Calories</span><span class="value" id="calories">–</span></div>
    <div class="figure" id="heart-figure" hidden><span class="label">Heart rate</span><span class="value" id="heart-rate">–</span></div>
    <div class="figure" id="elevation-figure" hidden><span class="label">Elevation</span><span class="value" id="elevation">–</span></div>
    <div class="figure wide"><span class="label">Now</span><span class="value small" id="state">–</span></div>
    </section>
    <section id="map-card" class="card" aria-label="Route">
    <h2>Route</h2>
    <svg id="map" viewBox="0 0 600 420" role="img" aria-label="Route map"></svg>
    <p id="map-legend" class="legend"></p>
    </section>
    <section id="result-card" class="card" aria-label="Result" hidden>
    <h2 id="result-title">Result</h2>
    <dl id="result"></dl>
    <table id="group-results" hidden><thead><tr><th>#</th><th>Name</th><th>Distance</th><th>Time</th><th>Status</th></tr></thead><tbody></tbody></table>
    </section>
    <section id="standings-card" class="card" aria-label="Standings" hidden>
    <h2>Standings</h2>
    <p id="standing-line"></p>
    <table id="standings"><thead><tr><th>#</th><th>Name</th><th>Distance</th><th>Time</th><th>Status</th></tr></thead><tbody></tbody></table>
    </section>
    <section id="splits-card" class="card" aria-label="Splits" hidden>
    <h2>Splits</h2>
    <table id="splits"><thead><tr><th>km</th><th>Time</th><th>Pace</th><th>Climb</th></tr></thead><tbody></tbody></table>
    </section>
    <section id="charts-card" class="card" aria-label="Charts" hidden>
    <h2>Pace</h2>
    <svg id="pace-chart" class="chart" viewBox="0 0 1000 240" role="img" aria-label="Pace over distance"></svg>
    <h2>Elevation</h2>
    <svg id="elevation-chart" class="chart" viewBox="0 0 1000 240" role="img" aria-label="Elevation over distance"></svg>
    <h2>Splits</h2>
    <svg id="splits-chart" class="chart" viewBox="0 0 1000 240" role="img" aria-label="Pace of each split"></svg>
    </section>
    </main>
    <footer><p>materun · <span id="source">live</span></p></footer>
    """
}
