type Row = { name: string; kind: string; rps: number; baselineRps: number; p99: number };
type Run = { dialect: string; content: string; results: Row[] };

const esc = (s: string) => s.replace(/[<>&"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[c] ?? c);

/** A horizontal bar chart: each endpoint's requests per second as a share of its baseline, per run. */
export function renderChart(runs: Run[]): string {
  const large = runs.filter((r) => r.content === "100x");
  const names = [...new Set(large.flatMap((r) => r.results.map((m) => m.name)))];
  const rowH = 22;
  const groupH = rowH * Math.max(1, large.length) + 14;
  const left = 300;
  const width = 900;
  const height = 70 + names.length * groupH;
  const colors = ["#14b8a6", "#7c3aed", "#f59e0b"];
  const bars: string[] = [];
  names.forEach((name, i) => {
    const y0 = 50 + i * groupH;
    bars.push(`<text x="${left - 10}" y="${y0 + rowH}" text-anchor="end" font-size="12" fill="#0f172a">${esc(name)}</text>`);
    large.forEach((run, j) => {
      const m = run.results.find((r) => r.name === name);
      if (!m) return;
      const ratio = Math.min(1.2, m.rps / Math.max(1, m.baselineRps));
      const w = Math.round(ratio * (width - left - 120));
      const y = y0 + j * rowH;
      bars.push(`<rect x="${left}" y="${y + 4}" width="${w}" height="${rowH - 8}" rx="3" fill="${colors[j % colors.length]}"/>`);
      bars.push(
        `<text x="${left + w + 6}" y="${y + rowH - 7}" font-size="11" fill="#475569">${m.rps} req/s · ${Math.round(ratio * 100)}% · p99 ${m.p99} ms</text>`,
      );
    });
  });
  const half = left + Math.round(0.5 * (width - left - 120));
  const legend = large
    .map(
      (r, j) =>
        `<rect x="${20 + j * 140}" y="18" width="12" height="12" fill="${colors[j % colors.length]}"/><text x="${38 + j * 140}" y="28" font-size="12">${esc(r.dialect)}, 100× content</text>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif">
<title>Requests per second as a share of a same-size baseline route</title>
<rect width="100%" height="100%" fill="#ffffff"/>${legend}
<line x1="${half}" y1="40" x2="${half}" y2="${height - 10}" stroke="#cbd5e1" stroke-dasharray="4 4"/><text x="${half + 4}" y="46" font-size="10" fill="#64748b">50% of baseline</text>
${bars.join("\n")}
</svg>
`;
}
