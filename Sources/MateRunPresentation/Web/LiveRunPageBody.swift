/// The page's fixed frame: the places the script fills in. Nothing in it comes from a run.
///
/// Every figure is a group named by its label, so that a screen reader says what a number is;
/// the status is a polite live region (it changes a few times a run, the figures every second).
enum LiveRunPageBody {
    static let html = """
    <header>
    <h1 id="title">materun</h1>
    <p id="subtitle"></p>
    <p id="status" class="status waiting" role="status" aria-live="polite">waiting for the run…</p>
    </header>
    <main>
    <section id="panel" class="card" aria-label="Figures">
    <div class="figure big" role="group" aria-labelledby="clock-label"><span class="label" id="clock-label">Time</span><span class="value" id="clock">00:00:00</span><span class="note" id="elapsed">elapsed 00:00:00</span></div>
    <div class="figure big" role="group" aria-labelledby="distance-label"><span class="label" id="distance-label">Distance</span><span class="value" id="distance">0.00 km</span><span class="note" id="goal"></span>
    <div id="goal-bar" class="goal-bar" role="progressbar" aria-label="Progress toward the goal" aria-valuemin="0" aria-valuemax="100" aria-valuenow="0" hidden><div id="goal-fill" class="goal-fill"></div></div></div>
    <div class="figure" role="group" aria-labelledby="pace-label"><span class="label" id="pace-label">Pace</span><span class="value" id="pace">–</span></div>
    <div class="figure" role="group" aria-labelledby="avg-pace-label"><span class="label" id="avg-pace-label">Avg pace</span><span class="value" id="avg-pace">–</span></div>
    <div class="figure" role="group" aria-labelledby="calories-label"><span class="label" id="calories-label">Calories</span><span class="value" id="calories">–</span></div>
    <div class="figure" id="heart-figure" role="group" aria-labelledby="heart-label" hidden><span class="label" id="heart-label">Heart rate</span><span class="value" id="heart-rate">–</span></div>
    <div class="figure" id="elevation-figure" role="group" aria-labelledby="elevation-label" hidden><span class="label" id="elevation-label">Elevation</span><span class="value" id="elevation">–</span></div>
    <div class="figure wide" id="step-figure" role="group" aria-labelledby="step-label" hidden><span class="label" id="step-label">Workout step</span><span class="value step" id="step">–</span><span class="note" id="step-left"></span></div>
    <div class="figure wide" id="rivals-figure" role="group" aria-labelledby="rivals-label" hidden><span class="label" id="rivals-label">Gaps</span><ul id="rivals" class="rivals"></ul></div>
    <div class="figure wide" role="group" aria-labelledby="state-label"><span class="label" id="state-label">Now</span><span class="value small" id="state">–</span></div>
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
