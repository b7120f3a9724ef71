/// The page's script: applies the run's messages, in order, to what the page shows. Every text
/// from a message goes in through `textContent` or an attribute; the script never parses HTML.
enum LiveRunPageScript {
    static let javaScript = #"""
    "use strict";
    (function () {
      const SVG = "http://www.w3.org/2000/svg";
      const run = {
        hello: null, last: null, track: [], splits: [], board: null, standing: null, summary: null,
        course: null, frame: null, runners: [], step: null, progressCount: 0, lastEventID: -1, note: "–"
      };
      const page = (id) => document.getElementById(id);

      // ---- words and numbers, as the terminal panel writes them ----
      const two = (n) => (n < 10 ? "0" : "") + n;
      function clock(seconds) {
        if (typeof seconds !== "number" || !isFinite(seconds) || seconds < 0) { return "--:--:--"; }
        const whole = Math.floor(seconds);
        return two(Math.floor(whole / 3600)) + ":" + two(Math.floor(whole / 60) % 60) + ":" + two(whole % 60);
      }
      function pace(secondsPerKm) {
        if (typeof secondsPerKm !== "number" || !isFinite(secondsPerKm) || secondsPerKm <= 0) { return "–"; }
        const whole = Math.round(secondsPerKm);
        return Math.floor(whole / 60) + "'" + two(whole % 60) + "\"/km";
      }
      const km = (metres) => (typeof metres === "number" && isFinite(metres) ? (metres / 1000).toFixed(2) + " km" : "–");
      const metres = (m) => Math.round(Math.abs(m)) + " m";
      const number = (value, unit) => (typeof value === "number" && isFinite(value) ? Math.round(value) + " " + unit : "–");
      const name = (text, fallback) => (typeof text === "string" && text.trim() !== "" ? text : fallback);
      const endings = {
        goal_reached: "goal reached", sensors_ended: "the track ended", stopped: "stopped by the runner",
        cancelled: "cancelled", ended_by_mate: "ended by the mate", interrupted: "interrupted (materun was killed)"
      };
      const results = {
        won: "race won", lost: "race lost", team_finished: "team goal reached together",
        mate_cancelled: "the mate stopped; finished solo", mate_lost: "lost touch with the mate; finished solo",
        cancelled: "run stopped", solo_finished: "the scenario ended before the goal",
        mate_implausible: "the mate's figures were refused", disqualified: "the mate refused these figures"
      };

      // ---- DOM, by element and text only ----
      function element(tag, text, className) {
        const made = document.createElement(tag);
        if (text !== undefined) { made.textContent = text; }
        if (className) { made.className = className; }
        return made;
      }
      function shape(tag, attributes, text) {
        const made = document.createElementNS(SVG, tag);
        for (const key of Object.keys(attributes)) { made.setAttribute(key, String(attributes[key])); }
        if (text !== undefined) { made.textContent = text; }
        return made;
      }
      function clear(node) { while (node.firstChild) { node.removeChild(node.firstChild); } }
      function setText(id, text) { page(id).textContent = text; }
      function setStatus(text, kind) {
        const status = page("status");
        status.textContent = text;
        status.className = "status " + kind;
      }
      function row(cells, className) {
        const tr = element("tr", undefined, className);
        for (const cell of cells) { tr.appendChild(element("td", cell)); }
        return tr;
      }

      // ---- applying messages ----
      function apply(type, data) {
        if (data === null || typeof data !== "object") { return; }
        switch (type) {
        case "hello": hello(data); break;
        case "progress": progress(data); break;
        case "split": run.splits.push(data); break;
        case "lap": run.note = "lap " + data.index + " · " + clock(data.moving_s) + " · " + pace(data.pace_s_per_km); break;
        case "paused": figures(data); run.note = "paused" + (data.by === "auto" ? " (auto)" : ""); break;
        case "resumed": figures(data); run.note = "running again"; break;
        case "gps_lost": figures(data); run.note = "GPS signal lost"; break;
        case "gps_found": figures(data); run.note = "GPS signal back"; break;
        case "group": run.standing = data; break;
        case "board": run.board = data; break;
        case "summary": run.summary = data; break;
        default: break;
        }
      }
      const finite = (value) => typeof value === "number" && isFinite(value);
      const isFrame = (frame) => Array.isArray(frame) && frame.length === 4 && frame.every(finite)
        && frame[0] <= frame[2] && frame[1] <= frame[3];
      function hello(data) {
        run.hello = data;
        // The course known in advance: drawn whole, in the frame that holds it, from this first message.
        if (data.course && Array.isArray(data.course.points)) {
          const points = data.course.points.filter((point) => Array.isArray(point) && finite(point[0]) && finite(point[1]));
          run.course = points.length >= 2 ? points : null;
          // How many progress messages came before the course: 0 when it is known from the start,
          // however late the page was opened (a late viewer gets every message again, in order).
          if (run.course) { document.body.dataset.courseAfterProgress = String(run.progressCount); }
        }
        if (isFrame(data.frame)) { run.frame = data.frame; }
      }
      function progress(data) {
        figures(data);
        run.progressCount += 1;
        const point = { elapsed: data.elapsed_s, moving: data.moving_s, distance: data.distance_m,
          elevation: data.elevation_m, paused: data.paused === true };
        if (finite(data.lat) && finite(data.lon)) { point.lat = data.lat; point.lon = data.lon; }
        if (typeof point.distance === "number") { run.track.push(point); }
        run.note = data.paused === true ? "paused" : data.gps_ok === false ? "no GPS signal" : "running";
        if (isFrame(data.frame)) { run.frame = data.frame; }
        // Everyone else, placed and measured by the server: the page only draws them.
        run.runners = Array.isArray(data.runners) ? data.runners.filter((runner) => runner && typeof runner === "object") : [];
        run.step = data.step && typeof data.step === "object" ? data.step : null;
      }
      function figures(data) { run.last = data; }

      // ---- drawing ----
      function draw() {
        drawTitle();
        drawPanel();
        drawGaps();
        drawMap();
        drawStandings();
        drawSplits();
        if (run.summary) { drawResult(); }
        drawCharts();
        document.body.dataset.progress = String(run.progressCount);
      }
      function drawTitle() {
        const hello = run.hello || {};
        const summaryRunner = run.summary && run.summary.runner ? run.summary.runner.name : undefined;
        const runner = name(hello.runner, name(summaryRunner, "Runner"));
        document.title = runner + " · materun";
        setText("title", runner);
        const parts = [];
        if (hello.kind === "mate") { parts.push((hello.mode === "team" ? "team run with " : "race against ") + name(hello.mate, "a mate")); }
        if (hello.kind === "group") { parts.push("group " + (hello.mode === "team" ? "team run" : "race")); }
        if (hello.kind === "watch") { parts.push("watching a group run"); }
        if (hello.ghost) { parts.push("racing the ghost of " + hello.ghost); }
        if (typeof hello.goal_m === "number") { parts.push("goal " + km(hello.goal_m)); }
        setText("subtitle", parts.join(" · "));
      }
      function drawPanel() {
        const last = run.last;
        const summary = run.summary;
        const moving = summary ? summary.moving_s : last && last.moving_s;
        const elapsed = summary ? summary.elapsed_s : last && last.elapsed_s;
        setText("clock", clock(typeof moving === "number" ? moving : 0));
        setText("elapsed", "elapsed " + clock(typeof elapsed === "number" ? elapsed : 0));
        const distance = summary ? summary.distance_m : last && last.distance_m;
        setText("distance", km(typeof distance === "number" ? distance : 0));
        const goal = (last && last.goal_m) || (summary && summary.goal_m) || (run.hello && run.hello.goal_m);
        const share = typeof goal === "number" && goal > 0 ? Math.min(100, Math.floor((distance || 0) / goal * 100)) : null;
        setText("goal", share === null ? "" : "of " + km(goal) + " · " + share + "%");
        const bar = page("goal-bar");
        bar.hidden = share === null;
        if (share !== null) {
          bar.setAttribute("aria-valuenow", String(share));
          bar.setAttribute("aria-valuetext", km(distance || 0) + " of " + km(goal) + ", " + share + "%");
          page("goal-fill").style.width = share + "%";
        }
        if (last && finite(last.elapsed_s)) { page("clock").dataset.elapsedS = String(last.elapsed_s); }
        const step = summary ? null : run.step;
        page("step-figure").hidden = !step;
        if (step) {
          setText("step", name(step.name, "Step") + " · " + name(step.doing, ""));
          setText("step-left", name(step.left, "") + " · " + name(step.next, ""));
        }
        setText("pace", summary ? "–" : pace(last && last.pace_s_per_km));
        setText("avg-pace", pace(summary ? summary.avg_pace_s_per_km : last && last.avg_pace_s_per_km));
        setText("calories", number(summary ? summary.calories_kcal : last && last.calories_kcal, "kcal"));
        const heart = last && typeof last.heart_rate_bpm === "number" ? last.heart_rate_bpm : null;
        page("heart-figure").hidden = heart === null;
        setText("heart-rate", number(heart, "bpm"));
        const elevation = last && typeof last.elevation_m === "number" ? last.elevation_m : null;
        page("elevation-figure").hidden = elevation === null;
        setText("elevation", number(elevation, "m") + (last && typeof last.elevation_gain_m === "number"
          ? " · +" + Math.round(last.elevation_gain_m) + " m" : ""));
        setText("state", summary ? "finished · " + (endings[summary.ending] || name(summary.ending, "ended")) : run.note);
      }

      // The others' gaps, as the server worded them: ahead or behind in words and a mark, not by colour alone.
      function drawGaps() {
        const list = page("rivals");
        clear(list);
        const runners = run.summary ? [] : run.runners;
        page("rivals-figure").hidden = runners.length === 0;
        for (const runner of runners) {
          const item = element("li");
          item.dataset.kind = name(runner.kind, "");
          item.dataset.runner = name(runner.name, "?");
          if (finite(runner.gap_m)) { item.dataset.gapM = String(runner.gap_m); }
          if (finite(runner.gap_s)) { item.dataset.gapS = String(runner.gap_s); }
          const side = runner.runner_ahead === true ? "ahead" : runner.runner_ahead === false ? "behind" : "level";
          item.appendChild(element("span", runnerLabel(runner), "who"));
          item.appendChild(document.createTextNode(": "));
          item.appendChild(element("span", (side === "ahead" ? "▲ " : side === "behind" ? "▼ " : "= ") + name(runner.words, "–"),
            "gap " + side));
          if (runner.place === "beyond_trail") { item.appendChild(document.createTextNode(" (beyond the route so far)")); }
          list.appendChild(item);
        }
      }
      function runnerLabel(runner) {
        return runner.kind === "ghost" ? "ghost" : name(runner.name, runner.kind === "mate" ? "mate" : "?");
      }

      // The map's frame (south, west, north, east) as a function from a place to the drawing.
      function projector(frame) {
        const [south, west, north, east] = frame;
        const squeeze = Math.cos((south + north) / 2 * Math.PI / 180);
        const wide = Math.max((east - west) * squeeze, 1e-9), high = Math.max(north - south, 1e-9);
        const width = 600, height = 420, margin = 24;
        const scale = Math.min((width - 2 * margin) / wide, (height - 2 * margin) / high);
        const offsetX = (width - wide * scale) / 2, offsetY = (height - high * scale) / 2;
        return (lat, lon) => [offsetX + (lon - west) * squeeze * scale, offsetY + (north - lat) * scale];
      }
      function frameAround(points) {
        if (points.length === 0) { return null; }
        const lats = points.map((point) => point.lat), lons = points.map((point) => point.lon);
        return [Math.min(...lats), Math.min(...lons), Math.max(...lats), Math.max(...lons)];
      }
      // A label beside a marker, moved so that it stays inside the drawing and clear of the others.
      function label(map, text, x, y, taken) {
        const tag = shape("text", { x: (x + 12).toFixed(1), y: (y - 10).toFixed(1), class: "tag" }, text);
        map.appendChild(tag);
        let box = tag.getBBox();
        const width = box.width || text.length * 8, height = box.height || 16;
        let left = x + 12;
        if (left + width > 596) { left = x - 12 - width; }
        left = Math.max(4, Math.min(596 - width, left));
        let baseline = y - 10;
        const overlaps = (top) => taken.some((other) => left < other.x + other.width && other.x < left + width
          && top < other.y + other.height && other.y < top + height);
        for (let tries = 0; tries < 12 && overlaps(baseline - height * 0.8); tries++) {
          baseline += baseline + height < 410 ? height : -height;
        }
        tag.setAttribute("x", left.toFixed(1));
        tag.setAttribute("y", baseline.toFixed(1));
        // Measured where it stands (a font's ascent and descent differ): moved back inside by what sticks out.
        box = tag.getBBox();
        const shiftX = box.x < 2 ? 2 - box.x : box.x + box.width > 598 ? 598 - box.x - box.width : 0;
        const shiftY = box.y < 2 ? 2 - box.y : box.y + box.height > 418 ? 418 - box.y - box.height : 0;
        left += shiftX;
        baseline += shiftY;
        tag.setAttribute("x", left.toFixed(1));
        tag.setAttribute("y", baseline.toFixed(1));
        taken.push({ x: box.x + shiftX, y: box.y + shiftY, width: box.width || width, height: box.height || height });
        return tag;
      }
      function drawMap() {
        const map = page("map");
        clear(map);
        const placed = run.track.filter((point) => point.lat !== undefined);
        const frame = run.frame || frameAround(placed);
        if (!frame) {
          map.appendChild(shape("text", { x: 300, y: 210, class: "empty" }, "no position yet"));
          setText("map-legend", "");
          return;
        }
        const at = projector(frame);
        const line = (points) => points.map((point) => at(point[0], point[1]).map((v) => v.toFixed(1)).join(",")).join(" ");
        const words = [];
        if (run.course) {
          const length = run.hello && run.hello.course ? run.hello.course.length_m : undefined;
          map.appendChild(shape("polyline", { points: line(run.course), class: "course", id: "course",
            "data-length-m": finite(length) ? String(length) : "" }));
          words.push("the whole course" + (finite(length) ? ", " + km(length) + "," : "") + " faded, the part run so far over it");
        }
        const taken = [];
        if (placed.length > 0) {
          map.appendChild(shape("polyline", { points: line(placed.map((point) => [point.lat, point.lon])), class: "trail", id: "trail" }));
          const [startX, startY] = at(placed[0].lat, placed[0].lon);
          map.appendChild(shape("circle", { cx: startX.toFixed(1), cy: startY.toFixed(1), r: 5, class: "start" }));
          const own = placed[placed.length - 1];
          const [ownX, ownY] = at(own.lat, own.lon);
          map.appendChild(shape("circle", { cx: ownX.toFixed(1), cy: ownY.toFixed(1), r: 8, class: "dot own", id: "own-dot" }));
          const self = name(run.hello && run.hello.runner, "you");
          label(map, self, ownX, ownY + 26, taken).setAttribute("id", "own-tag");
          words.push(self + " at " + km(own.distance));
        }
        for (const runner of run.runners) {
          if (!finite(runner.lat) || !finite(runner.lon)) { continue; }
          const [x, y] = at(runner.lat, runner.lon);
          const who = runnerLabel(runner);
          map.appendChild(shape("circle", { cx: x.toFixed(1), cy: y.toFixed(1), r: 11,
            class: "ring " + (["ghost", "mate", "group"].includes(runner.kind) ? runner.kind : "group"),
            "data-runner": who, "data-kind": name(runner.kind, ""), "data-distance-m": String(runner.distance_m),
            "data-course-m": finite(runner.course_m) ? String(runner.course_m) : "" }));
          label(map, who, x, y, taken).setAttribute("data-runner", who);
          words.push(who + " at " + km(runner.distance_m) + ", " + name(runner.words, "")
            + (runner.place === "beyond_trail" ? ", beyond the route so far (drawn at its end)" : ""));
        }
        map.setAttribute("aria-label", "Route map: " + words.join("; "));
        setText("map-legend", words.length > 0 ? words.join(" · ") : "");
      }

      function drawStandings() {
        const card = page("standings-card");
        const board = run.board;
        const standing = run.standing;
        const summaryGroup = run.summary && run.summary.group;
        card.hidden = !board && !standing;
        if (card.hidden) { return; }
        const line = [];
        if (standing) {
          line.push("place " + (standing.place === null || standing.place === undefined ? "–" : standing.place) + " of " + standing.runners);
          for (const key of ["ahead", "behind"]) {
            const neighbour = standing[key];
            if (neighbour) {
              line.push(key + ": " + name(neighbour.name, "?") + " " + metres(neighbour.gap_m)
                + (typeof neighbour.gap_s === "number" ? " (" + Math.round(Math.abs(neighbour.gap_s)) + " s)" : ""));
            }
          }
          if (typeof standing.team_m === "number") { line.push("team " + km(standing.team_m)); }
        }
        if (board) {
          line.push((board.phase === "over" ? "final board" : "board: " + name(board.phase, "?")) + ", " + board.runners
            + (board.runners === 1 ? " runner" : " runners")
            + (typeof board.team_m === "number" ? ", team " + km(board.team_m) : ""));
        }
        setText("standing-line", line.join(" · "));
        const body = page("standings").tBodies[0];
        clear(body);
        const rows = board && Array.isArray(board.results) ? board.results : [];
        page("standings").hidden = rows.length === 0 || Boolean(summaryGroup);
        const self = run.hello ? run.hello.runner : undefined;
        for (const entry of rows) { body.appendChild(resultRow(entry, self)); }
      }
      function resultRow(entry, self) {
        const place = entry.place === null || entry.place === undefined ? "–" : String(entry.place);
        const status = entry.status === "finished" && entry.reached_goal === false ? "stopped" : name(entry.status, "");
        return row([place, name(entry.name, "?"), km(entry.distance_m), clock(entry.elapsed_s), status],
          entry.name === self ? "self" : "");
      }
      function drawSplits() {
        const splits = run.summary && Array.isArray(run.summary.splits) ? run.summary.splits : run.splits;
        page("splits-card").hidden = splits.length === 0;
        const body = page("splits").tBodies[0];
        clear(body);
        for (const split of splits) {
          body.appendChild(row([String(split.index), clock(split.moving_s), pace(split.pace_s_per_km),
            "+" + Math.round(split.elevation_gain_m || 0) + " m"]));
        }
      }

      function drawResult() {
        const summary = run.summary;
        page("result-card").hidden = false;
        const list = page("result");
        clear(list);
        const add = (label, value) => { list.appendChild(element("dt", label)); list.appendChild(element("dd", value)); };
        add("Distance", km(summary.distance_m));
        add("Moving time", clock(summary.moving_s));
        add("Elapsed", clock(summary.elapsed_s));
        add("Avg pace", pace(summary.avg_pace_s_per_km));
        add("Calories", number(summary.calories_kcal, "kcal"));
        add("Climb", "+" + Math.round(summary.elevation_gain_m || 0) + " m");
        if (typeof summary.avg_heart_rate_bpm === "number") {
          add("Heart rate", number(summary.avg_heart_rate_bpm, "bpm") + " avg"
            + (typeof summary.max_heart_rate_bpm === "number" ? ", " + Math.round(summary.max_heart_rate_bpm) + " max" : ""));
        }
        add("Ended", endings[summary.ending] || name(summary.ending, "–"));
        if (typeof summary.result === "string") {
          add("Pair", results[summary.result] || summary.result);
          if (summary.mate && typeof summary.mate === "object") {
            add(name(summary.mate.name, "Mate"), km(summary.mate.distance_m) + " in " + clock(summary.mate.elapsed_s)
              + (summary.mate.connected === false ? " (last known)" : ""));
          }
          if (typeof summary.share_percent === "number") { add("Own share", Math.round(summary.share_percent) + "%"); }
          if (typeof summary.result_reason === "string") { add("Why", summary.result_reason); }
        }
        if (summary.ghost && typeof summary.ghost === "object") {
          const ghost = summary.ghost;
          const gap = Math.round(Math.abs(ghost.gap_s || 0)) + " s";
          const verdict = ghost.result === "won" ? "won by " + gap : ghost.result === "lost" ? "lost by " + gap : "tied";
          add("Ghost", verdict + " over " + km(ghost.distance_m) + " against " + name(ghost.source, "a past run")
            + " (" + clock(ghost.elapsed_s) + ")");
        }
        const groupTable = page("group-results");
        const group = summary.group;
        groupTable.hidden = !(group && Array.isArray(group.results));
        if (!groupTable.hidden) {
          add("Group", "place " + (group.place === null || group.place === undefined ? "–" : group.place) + " of " + group.runners);
          const body = groupTable.tBodies[0];
          clear(body);
          const self = summary.runner ? summary.runner.name : undefined;
          for (const entry of group.results) { body.appendChild(resultRow(entry, self)); }
        }
        page("result-title").textContent = summary.finished ? "Result · goal reached" : "Result";
      }

      // ---- charts ----
      // Drawn as the run goes, at most once a second while it runs (a replay can send hundreds of messages a second).
      let chartsDrawn = { at: -Infinity, points: -1 };
      function drawCharts() {
        const now = Date.now();
        if (run.track.length < 2) { return; }
        if (!run.summary && (run.track.length === chartsDrawn.points || now - chartsDrawn.at < 1000)) { return; }
        chartsDrawn = { at: now, points: run.track.length };
        page("charts-card").hidden = false;
        const paces = thinned(paceSeries());
        drawLine(page("pace-chart"), paces, "pace", true, (value) => pace(value).replace("/km", ""));
        page("pace-chart").setAttribute("aria-label", "Pace over distance: " + paces.length + " points"
          + (paces.length > 0 ? ", latest " + pace(paces[paces.length - 1][1]) + " at " + km(paces[paces.length - 1][0]) : ""));
        const heights = thinned(run.track.filter((point) => typeof point.elevation === "number")
          .map((point) => [point.distance, point.elevation]));
        drawLine(page("elevation-chart"), heights, "elevation", false, (value) => Math.round(value) + " m");
        page("elevation-chart").setAttribute("aria-label", "Elevation over distance: " + heights.length + " points"
          + (heights.length > 0 ? ", latest " + Math.round(heights[heights.length - 1][1]) + " m" : ""));
        const splits = run.summary && Array.isArray(run.summary.splits) ? run.summary.splits : run.splits;
        drawBars(page("splits-chart"), splits);
        page("splits-chart").setAttribute("aria-label", "Pace of each split: " + splits.map((split) =>
          "km " + split.index + " " + pace(split.pace_s_per_km)).join(", "));
      }
      // At most 800 points of a series, evenly taken, its last kept.
      function thinned(series) {
        if (series.length <= 800) { return series; }
        const step = series.length / 800, kept = [];
        for (let index = 0; index < 800; index++) { kept.push(series[Math.floor(index * step)]); }
        kept.push(series[series.length - 1]);
        return kept;
      }
      // Pace over the last 200 m (or less at the start), from moving time and distance, while moving.
      function paceSeries() {
        const points = run.track.filter((point) => typeof point.moving === "number" && !point.paused);
        const series = [];
        let back = 0;
        for (let index = 1; index < points.length; index++) {
          const point = points[index];
          while (back < index - 1 && point.distance - points[back + 1].distance >= 200) { back++; }
          const from = points[back];
          const metres = point.distance - from.distance, seconds = point.moving - from.moving;
          if (metres >= 50 && seconds > 0) { series.push([point.distance, seconds / metres * 1000]); }
        }
        return series;
      }
      function drawLine(svg, series, kind, inverted, tickText) {
        clear(svg);
        const width = 1000, height = 240, left = 70, right = 20, top = 14, bottom = 32;
        if (series.length < 2) {
          svg.appendChild(shape("text", { x: width / 2, y: height / 2, class: "empty" }, "no " + kind + " recorded"));
          return;
        }
        const values = series.map((point) => point[1]).sort((a, b) => a - b);
        let low = values[0], high = values[values.length - 1];
        if (kind === "pace") { // a stop's pace says nothing: the chart spans the 2nd to the 98th percentile
          low = values[Math.floor(values.length * 0.02)];
          high = values[Math.min(values.length - 1, Math.ceil(values.length * 0.98))];
        }
        if (high - low < 1) { high += 0.5; low -= 0.5; }
        const first = series[0][0], last = series[series.length - 1][0];
        const spanX = Math.max(last - first, 1);
        const x = (d) => left + (d - first) / spanX * (width - left - right);
        const y = (v) => {
          const share = (Math.min(high, Math.max(low, v)) - low) / (high - low);
          return inverted ? top + share * (height - top - bottom) : height - bottom - share * (height - top - bottom);
        };
        for (let step = 0; step <= 4; step++) {
          const value = low + (high - low) * step / 4;
          const lineY = y(value).toFixed(1);
          svg.appendChild(shape("line", { x1: left, x2: width - right, y1: lineY, y2: lineY, class: "grid" }));
          svg.appendChild(shape("text", { x: left - 6, y: (Number(lineY) + 4).toFixed(1), class: "tick", "text-anchor": "end" }, tickText(value)));
        }
        const kmStep = spanX > 20000 ? 5000 : spanX > 8000 ? 2000 : spanX > 3000 ? 1000 : 500;
        for (let d = Math.ceil(first / kmStep) * kmStep; d <= last; d += kmStep) {
          svg.appendChild(shape("text", { x: x(d).toFixed(1), y: height - 10, class: "tick", "text-anchor": "middle" },
            (d / 1000).toFixed(kmStep < 1000 ? 1 : 0) + " km"));
        }
        svg.appendChild(shape("line", { x1: left, x2: width - right, y1: height - bottom, y2: height - bottom, class: "axis" }));
        const path = series.map((point) => x(point[0]).toFixed(1) + "," + y(point[1]).toFixed(1)).join(" ");
        if (!inverted) {
          svg.appendChild(shape("polygon", { points: x(first).toFixed(1) + "," + (height - bottom) + " " + path + " "
            + x(last).toFixed(1) + "," + (height - bottom), class: "area " + kind }));
        }
        svg.appendChild(shape("polyline", { points: path, class: "series " + kind }));
      }
      function drawBars(svg, splits) {
        clear(svg);
        const width = 1000, height = 240, left = 20, right = 20, top = 26, bottom = 32;
        const paced = splits.filter((split) => typeof split.pace_s_per_km === "number" && split.pace_s_per_km > 0);
        if (paced.length === 0) {
          svg.appendChild(shape("text", { x: width / 2, y: height / 2, class: "empty" }, "no full split"));
          return;
        }
        const slowest = Math.max(...paced.map((split) => split.pace_s_per_km));
        const fastest = Math.min(...paced.map((split) => split.pace_s_per_km));
        const floor = Math.max(0, fastest - (slowest - fastest) - 30);
        const slot = (width - left - right) / paced.length;
        paced.forEach((split, index) => {
          // A faster split is a taller bar.
          const share = (slowest + 30 - split.pace_s_per_km) / (slowest + 30 - floor);
          const barHeight = Math.max(4, share * (height - top - bottom));
          const x = left + index * slot + slot * 0.15;
          svg.appendChild(shape("rect", { x: x.toFixed(1), y: (height - bottom - barHeight).toFixed(1), width: (slot * 0.7).toFixed(1),
            height: barHeight.toFixed(1), rx: 3, class: split.pace_s_per_km === fastest ? "bar fastest" : "bar" }));
          svg.appendChild(shape("text", { x: (x + slot * 0.35).toFixed(1), y: (height - bottom - barHeight - 6).toFixed(1),
            class: "bar-label" }, pace(split.pace_s_per_km).replace("/km", "")));
          svg.appendChild(shape("text", { x: (x + slot * 0.35).toFixed(1), y: height - 10, class: "bar-label" },
            "km " + split.index));
        });
      }

      // ---- where the messages come from ----
      let drawPending = false;
      function drawSoon() {
        if (drawPending) { return; }
        drawPending = true;
        setTimeout(() => { drawPending = false; draw(); }, 50);
      }
      const embedded = page("events");
      if (embedded) {
        setText("source", "recorded run");
        let events = [];
        try { events = JSON.parse(embedded.textContent); } catch (error) { setStatus("the recorded run cannot be read", "lost"); }
        if (Array.isArray(events)) {
          for (const event of events) { if (event && typeof event.type === "string") { apply(event.type, event.data); } }
        }
        draw();
        setStatus(run.summary ? "finished" : "recorded, without its end", run.summary ? "finished" : "waiting");
        return;
      }
      const types = ["hello", "progress", "split", "lap", "paused", "resumed", "gps_lost", "gps_found", "group", "board", "summary"];
      const source = new EventSource("/events");
      for (const type of types) {
        source.addEventListener(type, (message) => {
          // A reconnection sends every message again: each is applied once, by its id.
          const id = Number(message.lastEventId);
          if (message.lastEventId !== "" && isFinite(id)) {
            if (id <= run.lastEventID) { return; }
            run.lastEventID = id;
          }
          let data;
          try { data = JSON.parse(message.data); } catch (error) { return; }
          apply(type, data);
          if (run.summary) {
            source.close();
            setStatus("finished", "finished");
          } else {
            setStatus("live", "live");
          }
          drawSoon();
        });
      }
      source.addEventListener("error", () => {
        if (!run.summary) { setStatus("connection lost — retrying", "lost"); }
      });
      source.addEventListener("open", () => {
        if (!run.summary) { setStatus(run.hello ? "live" : "waiting for the run…", run.hello ? "live" : "waiting"); }
      });
      draw();
    })();
    """#
}
