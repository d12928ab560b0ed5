import type { Metric, Registry } from "prom-client";

/*
 * Metrics recorded on every request or statement, kept as plain numbers per label set: recording
 * is a Map lookup per label and a few additions. prom-client's own observe() and inc() check and hash
 * the labels of every call (about 1.5 µs each, three of them per request: a sixth of the time of
 * the fastest public answer). These are turned into prom-client's format only when Prometheus
 * scrapes, and print exactly as prom-client's Histogram and Counter would.
 */

type Labels = Record<string, string>;

type Series = { labels: Labels; buckets: Float64Array; sum: number; count: number };

/** A label value as recorded: a string, or a number (a status code) printed as its decimal form. */
type LabelValue = string | number;

/**
 * Label sets to their series, one map level per label: finding a series builds no key string (no
 * join, no hash of a new string), and the series keep the order they first appeared in, as
 * prom-client prints them.
 */
class SeriesIndex<T> {
  private root = new Map<LabelValue, unknown>();
  readonly ordered: T[] = [];

  find(values: readonly LabelValue[], create: () => T): T {
    let level = this.root;
    const last = values.length - 1;
    for (let i = 0; i < last; i++) {
      const value = values[i] as LabelValue;
      let next = level.get(value) as Map<LabelValue, unknown> | undefined;
      if (!next) {
        next = new Map();
        level.set(value, next);
      }
      level = next;
    }
    const leafKey = (last < 0 ? "" : values[last]) as LabelValue;
    let leaf = level.get(leafKey) as T | undefined;
    if (leaf === undefined) {
      leaf = create();
      level.set(leafKey, leaf);
      this.ordered.push(leaf);
    }
    return leaf;
  }
}

/** The exposition prom-client's registry reads from a metric (get, or getForPromString when present). */
type Exposition = {
  name: string;
  help: string;
  type: "histogram" | "counter";
  aggregator: "sum";
  values: Array<{ labels: Record<string, string | number>; value: number; metricName?: string; sharedLabels?: Labels }>;
};

abstract class CheapMetric {
  readonly aggregator = "sum" as const;
  readonly name: string;
  readonly help: string;
  protected readonly labelNames: readonly string[];

  constructor(name: string, help: string, labelNames: readonly string[]) {
    this.name = name;
    this.help = help;
    this.labelNames = labelNames;
  }

  protected labelsOf(values: readonly LabelValue[]): Labels {
    const labels: Labels = {};
    this.labelNames.forEach((name, i) => {
      labels[name] = String(values[i]);
    });
    return labels;
  }

  abstract getForPromString(): Promise<Exposition>;
  abstract reset(): void;

  /** The JSON form (registry.getMetricsAsJSON): each value's shared labels spread into its own. */
  async get(): Promise<Exposition> {
    const exposition = await this.getForPromString();
    return { ...exposition, values: exposition.values.map(({ sharedLabels, ...v }) => ({ ...v, labels: { ...v.labels, ...sharedLabels } })) };
  }

  register(registry: Registry): this {
    // prom-client's registry reads a metric through get()/getForPromString()/reset() only.
    registry.registerMetric(this as unknown as Metric);
    return this;
  }
}

/** A histogram with prom-client's buckets rule: `le` upper bounds, cumulative counts, +Inf, _sum, _count. */
export class CheapHistogram extends CheapMetric {
  readonly type = "histogram" as const;
  private series = new SeriesIndex<Series>();
  private readonly upperBounds: readonly number[];

  constructor(name: string, help: string, labelNames: readonly string[], upperBounds: readonly number[]) {
    super(name, help, labelNames);
    this.upperBounds = upperBounds;
  }

  /** Records one value for the label values given in label-name order. */
  observe(values: readonly LabelValue[], value: number): void {
    const series = this.series.find(values, () => ({ labels: this.labelsOf(values), buckets: new Float64Array(this.upperBounds.length), sum: 0, count: 0 }));
    const bounds = this.upperBounds;
    for (let i = 0; i < bounds.length; i++) {
      if (value <= (bounds[i] as number)) {
        series.buckets[i] = (series.buckets[i] as number) + 1;
        break;
      }
    }
    series.sum += value;
    series.count += 1;
  }

  /** The number of values recorded for each label set (what a request counter beside it reports). */
  counts(): Array<{ labels: Labels; count: number }> {
    return this.series.ordered.map(({ labels, count }) => ({ labels, count }));
  }

  async getForPromString(): Promise<Exposition> {
    const values: Exposition["values"] = [];
    const bucketName = `${this.name}_bucket`;
    for (const { labels, buckets, sum, count } of this.series.ordered) {
      let cumulative = 0;
      this.upperBounds.forEach((le, i) => {
        cumulative += buckets[i] as number;
        values.push({ labels: { le }, value: cumulative, metricName: bucketName, sharedLabels: labels });
      });
      values.push({ labels: { le: "+Inf" }, value: count, metricName: bucketName, sharedLabels: labels });
      values.push({ labels: {}, value: sum, metricName: `${this.name}_sum`, sharedLabels: labels });
      values.push({ labels: {}, value: count, metricName: `${this.name}_count`, sharedLabels: labels });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    this.series = new SeriesIndex();
  }
}

/** A counter of label sets; `fromHistogram` makes one that reports a histogram's counts (no second record per event). */
export class CheapCounter extends CheapMetric {
  readonly type = "counter" as const;
  private totals = new SeriesIndex<{ labels: Labels; value: number }>();
  private source: CheapHistogram | undefined;

  static fromHistogram(name: string, help: string, histogram: CheapHistogram): CheapCounter {
    const counter = new CheapCounter(name, help, []);
    counter.source = histogram;
    return counter;
  }

  /** Adds `by` (default 1) for the label values given in label-name order; 0 makes the series appear. */
  inc(values: readonly LabelValue[], by = 1): void {
    this.totals.find(values, () => ({ labels: this.labelsOf(values), value: 0 })).value += by;
  }

  async getForPromString(): Promise<Exposition> {
    const values = this.source
      ? this.source.counts().map(({ labels, count }) => ({ labels, value: count }))
      : this.totals.ordered.map(({ labels, value }) => ({ labels, value }));
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  /** Empties its own totals; one reporting a histogram's counts empties with that histogram. */
  reset(): void {
    this.totals = new SeriesIndex();
  }
}
