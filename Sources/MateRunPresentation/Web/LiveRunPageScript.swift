/// The page's script: applies the run's messages, in order, to what the page shows. Every text
/// from a message goes in through `textContent` or an attribute; the script never parses HTML.
enum LiveRunPageScript {
    static let javaScript = #"""
    "use strict";
    (function () {
      const SVG = "http://www.w3.org/2000/svg";
      const run = {
        hello: null, last: null, track: [], splits: [], board: null, standing: null, summary: null,
        others: [], lastEventID: -1, note: "–"
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
        case "hello": run.hello = data; break;
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
      function progress(data) {
        figures(data);
        const point = { elapsed: data.elapsed_s, moving: data.moving_s, distance: data.distance_m,
          elevation: data.elevation_m, paused: data.paused === true };
        if (typeof data.lat === "number" && typeof data.lon === "number" && isFinite(data.lat) && isFinite(data.lon)) {
          point.lat = data.lat; point.lon = data.lon;
        }
        if (typeof point.distance === "number") { run.track.push(point); }
        run.note = data.paused === true ? "paused" : data.gps_ok === false ? "no GPS signal" : "running";
        const others = [];
        if (data.mate && typeof data.mate === "object") {
          others.push({ label: name(data.mate.name, "mate"), distance: data.mate.distance_m, kind: "other",
            note: data.mate.connection && data.mate.connection !== "connected" ? data.mate.connection : "" });
        }
        if (data.ghost && typeof data.ghost === "object") {
          others.push({ label: "ghost", distance: data.ghost.distance_m, kind: "other", note: "" });
        }
        run.others = others;
      }
      function figures(data) { run.last = data; }

      // ---- drawing ----
      function draw() {
        drawTitle();
        drawPanel();
        drawMap();
        drawStandings();
        drawSplits();
        if (run.summary) { drawResult(); drawCharts(); }
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
        setText("goal", typeof goal === "number" && goal > 0
          ? "of " + km(goal) + " · " + Math.min(100, Math.floor((distance || 0) / goal * 100)) + "%" : "");
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

      // The other runners, placed on the own trail at their distance (where they are is not known).
      function otherRunners() {
        const self = run.hello ? run.hello.runner : undefined;
        const others = run.others.slice();
        const group = [];
        if (run.board && Array.isArray(run.board.results)) {
          for (const entry of run.board.results) {
            if (entry && entry.name !== self && typeof entry.distance_m === "number") {
              group.push({ label: name(entry.name, "?"), distance: entry.distance_m, kind: "group", note: "" });
            }
          }
        } else if (run.standing && run.last) {
          const own = run.last.distance_m;
          for (const [key, sign] of [["ahead", 1], ["behind", -1]]) {
            const neighbour = run.standing[key];
            if (neighbour && typeof neighbour.gap_m === "number" && typeof own === "number") {
              group.push({ label: name(neighbour.name, "?"), distance: own + sign * Math.abs(neighbour.gap_m), kind: "group", note: "" });
            }
          }
        }
        return others.concat(group);
      }
      function drawMap() {
        const map = page("map");
        clear(map);
        const placed = run.track.filter((point) => point.lat !== undefined);
        if (placed.length === 0) {
          map.appendChild(shape("text", { x: 300, y: 210, class: "empty" }, "no position yet"));
          setText("map-legend", "");
          return;
        }
        const midLat = placed.reduce((sum, point) => sum + point.lat, 0) / placed.length;
        const squeeze = Math.cos(midLat * Math.PI / 180);
        let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
        for (const point of placed) {
          const x = point.lon * squeeze, y = -point.lat;
          minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
        }
        const width = 600, height = 420, margin = 30;
        const span = Math.max(maxX - minX, maxY - minY, 1e-6);
        const scale = Math.min((width - 2 * margin) / Math.max(maxX - minX, span * 1e-3),
          (height - 2 * margin) / Math.max(maxY - minY, span * 1e-3));
        const offsetX = (width - (maxX - minX) * scale) / 2, offsetY = (height - (maxY - minY) * scale) / 2;
        const at = (point) => [offsetX + (point.lon * squeeze - minX) * scale, offsetY + (-point.lat - minY) * scale];
        const points = placed.map((point) => at(point).map((v) => v.toFixed(1)).join(",")).join(" ");
        map.appendChild(shape("polyline", { points: points, class: "trail" }));
        const [startX, startY] = at(placed[0]);
        map.appendChild(shape("circle", { cx: startX.toFixed(1), cy: startY.toFixed(1), r: 5, class: "start" }));
        const [ownX, ownY] = at(placed[placed.length - 1]);
        map.appendChild(shape("circle", { cx: ownX.toFixed(1), cy: ownY.toFixed(1), r: 8, class: "dot own", id: "own-dot" }));
        const self = name(run.hello && run.hello.runner, "you");
        map.appendChild(shape("text", { x: (ownX + 11).toFixed(1), y: (ownY + 18).toFixed(1), class: "tag" }, self));
        // Drawn over the own dot as rings, so that a runner ahead of the known route (kept at its
        // end) still shows.
        const legend = [];
        const ownDistance = placed[placed.length - 1].distance;
        for (const other of otherRunners()) {
          if (typeof other.distance !== "number" || !isFinite(other.distance)) { continue; }
          const [x, y] = at(pointAt(placed, other.distance));
          map.appendChild(shape("circle", { cx: x.toFixed(1), cy: y.toFixed(1), r: 11, class: "ring " + other.kind,
            "data-runner": other.label }));
          map.appendChild(shape("text", { x: (x + 13).toFixed(1), y: (y - 8).toFixed(1), class: "tag" }, other.label));
          const beyond = other.distance > ownDistance + 1 ? ", ahead of the route so far" : "";
          legend.push(other.label + " " + km(other.distance) + (other.note ? " (" + other.note + ")" : "") + beyond);
        }
        setText("map-legend", legend.length > 0
          ? "Others are placed on this route at their distance: " + legend.join(" · ") : "");
      }
      // The point of the own trail `distance` metres in (its ends for a distance outside it).
      function pointAt(placed, distance) {
        if (distance <= placed[0].distance) { return placed[0]; }
        const last = placed[placed.length - 1];
        if (distance >= last.distance) { return last; }
        let low = 0, high = placed.length - 1;
        while (high - low > 1) {
          const middle = (low + high) >> 1;
          if (placed[middle].distance <= distance) { low = middle; } else { high = middle; }
        }
        const a = placed[low], b = placed[high];
        const share = b.distance > a.distance ? (distance - a.distance) / (b.distance - a.distance) : 0;
        return { lat: a.lat + (b.lat - a.lat) * share, lon: a.lon + (b.lon - a.lon) * share };
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
      function drawCharts() {
        page("charts-card").hidden = false;
        drawLine(page("pace-chart"), paceSeries(), "pace", true, (value) => pace(value).replace("/km", ""));
        const heights = run.track.filter((point) => typeof point.elevation === "number")
          .map((point) => [point.distance, point.elevation]);
        drawLine(page("elevation-chart"), heights, "elevation", false, (value) => Math.round(value) + " m");
        drawBars(page("splits-chart"), run.summary.splits || []);
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
