/// The page's style sheet: system fonts only, so that nothing is fetched. Text colours keep at
/// least WCAG AA's 4.5:1 against what they sit on (the browser test measures them); ahead and
/// behind are also said in words and marked ▲ ▼, never by colour alone.
enum LiveRunPageStyle {
    static let css = """
    :root { --own: #2563eb; --other: #ea580c; --group: #9333ea; --ink: #1f2937; --muted: #4b5563;
      --card: #ffffff; --ground: #f3f4f6; --line: #e5e7eb; --good: #166534; --bad: #b91c1c; --course: #cbd5e1; }
    * { box-sizing: border-box; }
    [hidden] { display: none !important; }
    body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink);
      background: var(--ground); }
    header { padding: 16px 24px 8px; }
    h1 { margin: 0; font-size: 1.6rem; }
    h2 { margin: 0 0 8px; font-size: 1rem; color: var(--muted); font-weight: 600; text-transform: uppercase;
      letter-spacing: 0.04em; }
    #subtitle { margin: 4px 0; color: var(--muted); }
    .status { display: inline-block; margin: 4px 0 0; padding: 2px 10px; border-radius: 999px; font-size: 0.9rem;
      background: var(--line); }
    .status.live { background: #dcfce7; color: var(--good); }
    .status.finished { background: #dbeafe; color: var(--own); }
    .status.lost { background: #fee2e2; color: var(--bad); }
    main { display: grid; grid-template-columns: repeat(auto-fit, minmax(340px, 1fr)); gap: 16px; padding: 8px 24px 24px; }
    .card { background: var(--card); border-radius: 12px; padding: 16px; box-shadow: 0 1px 3px rgba(0,0,0,0.08); }
    #panel { display: grid; grid-template-columns: repeat(2, 1fr); gap: 12px; align-content: start; }
    .figure { display: flex; flex-direction: column; }
    .figure.wide { grid-column: 1 / -1; }
    .label { font-size: 0.8rem; color: var(--muted); text-transform: uppercase; letter-spacing: 0.04em; }
    .value { font-size: 1.5rem; font-variant-numeric: tabular-nums; font-weight: 600; }
    .big .value { font-size: 2.2rem; }
    .value.small { font-size: 1rem; font-weight: 400; }
    .note { font-size: 0.85rem; color: var(--muted); font-variant-numeric: tabular-nums; }
    svg { width: 100%; height: auto; display: block; }
    #map { background: #f8fafc; border-radius: 8px; }
    @media (min-width: 1000px) { #map-card { grid-column: span 2; } }
    .course { fill: none; stroke: var(--course); stroke-width: 6; stroke-linejoin: round; stroke-linecap: round; }
    .trail { fill: none; stroke: var(--own); stroke-width: 3; stroke-linejoin: round; stroke-linecap: round; }
    .start { fill: #ffffff; stroke: var(--own); stroke-width: 2; }
    .dot { stroke: #ffffff; stroke-width: 2; }
    .dot.own { fill: var(--own); }
    .ring { stroke-width: 3; fill-opacity: 0.4; }
    .ring.mate { fill: var(--other); stroke: var(--other); }
    .ring.ghost { fill: #ffffff; fill-opacity: 0.6; stroke: var(--ink); stroke-dasharray: 4 3; }
    .ring.group { fill: var(--group); stroke: var(--group); }
    .goal-bar { height: 10px; margin-top: 6px; border-radius: 999px; background: var(--line); overflow: hidden; }
    .goal-fill { height: 100%; width: 0; background: var(--own); }
    .value.step { font-size: 1.15rem; }
    .rivals { list-style: none; margin: 4px 0 0; padding: 0; }
    .rivals li { padding: 2px 0; font-variant-numeric: tabular-nums; }
    .rivals .who { font-weight: 600; }
    .rivals .ahead { color: var(--good); }
    .rivals .behind { color: var(--bad); }
    .tag { font-size: 15px; font-weight: 600; fill: var(--ink); paint-order: stroke; stroke: #ffffff; stroke-width: 3px; }
    .legend { font-size: 0.85rem; color: var(--muted); margin: 8px 0 0; }
    table { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
    th, td { text-align: left; padding: 4px 6px; border-bottom: 1px solid var(--line); }
    th { font-size: 0.8rem; color: var(--muted); font-weight: 600; }
    tr.self td { font-weight: 700; color: var(--own); }
    dl { display: grid; grid-template-columns: max-content 1fr; gap: 6px 16px; margin: 0; }
    dt { color: var(--muted); }
    dd { margin: 0; font-weight: 600; font-variant-numeric: tabular-nums; }
    #charts-card { grid-column: 1 / -1; }
    .chart { background: #f8fafc; border-radius: 8px; margin-bottom: 12px; }
    .axis { stroke: #cbd5e1; stroke-width: 1; }
    .grid { stroke: var(--line); stroke-width: 1; }
    .tick { font-size: 13px; fill: var(--muted); }
    .series { fill: none; stroke-width: 2; stroke-linejoin: round; }
    .series.pace { stroke: var(--own); }
    .series.elevation { stroke: var(--good); }
    .area.elevation { fill: #dcfce7; stroke: none; }
    .bar { fill: var(--own); }
    .bar.fastest { fill: var(--good); }
    .bar-label { font-size: 13px; fill: var(--ink); text-anchor: middle; }
    .empty { font-size: 14px; fill: var(--muted); text-anchor: middle; }
    @media (max-width: 420px) { header, main, footer { padding-left: 10px; padding-right: 10px; }
      main { grid-template-columns: minmax(0, 1fr); } .big .value { font-size: 1.8rem; } .tag { font-size: 24px; } }
    footer { padding: 0 24px 24px; color: var(--muted); font-size: 0.8rem; }
    """
}
