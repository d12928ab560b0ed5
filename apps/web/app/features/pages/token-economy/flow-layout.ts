import type { FlowEdge, FlowNode } from "~/content/token";

export type Side = "left" | "right" | "top" | "bottom";
export type Point = readonly [number, number];

export const NODE_WIDTH = 180;
export const NODE_HEIGHT = 84;

/** Where each node of the value-flow diagram sits: four columns from entry to value capture. */
export const NODE_POSITIONS: Record<string, Point> = {
  "fiat-crypto": [0, 330],
  vstn: [320, 170],
  marketplace: [320, 500],
  staking: [650, 0],
  "liquidity-pools": [650, 115],
  learning: [650, 230],
  raffles: [650, 345],
  rewards: [980, 50],
  "fee-burn": [980, 380],
  treasury: [980, 500],
};

/** Top-left and bottom-right corners of everything drawn, loops and labels included. */
export const DIAGRAM_FRAME: Point[] = [
  [-4, -92],
  [1282, 592],
];

export type EdgeRoute = {
  from: Side;
  to: Side;
  /** Corner points for edges that loop back; others are drawn as a smooth curve. */
  waypoints?: Point[];
  /** Label position for looped edges (curves put the label at their midpoint). */
  labelAt?: Point;
};

const key = (edge: Pick<FlowEdge, "source" | "target">) => `${edge.source}->${edge.target}`;

const ROUTES: Record<string, EdgeRoute> = {
  "treasury->rewards": {
    from: "right",
    to: "right",
    waypoints: [
      [1210, 542],
      [1210, 92],
    ],
    labelAt: [1210, 317],
  },
  "fee-burn->vstn": {
    from: "right",
    to: "top",
    waypoints: [
      [1260, 422],
      [1260, -70],
      [410, -70],
    ],
    labelAt: [835, -70],
  },
  "rewards->vstn": {
    from: "top",
    to: "top",
    waypoints: [
      [1070, -25],
      [410, -25],
    ],
    labelAt: [740, -25],
  },
};

export function routeFor(edge: Pick<FlowEdge, "source" | "target">): EdgeRoute {
  return ROUTES[key(edge)] ?? { from: "right", to: "left" };
}

/** A polyline through the points with rounded corners (radius r). */
export function roundedPath(points: Point[], r = 14): string {
  if (points.length < 2) return "";
  const [first] = points;
  if (!first) return "";
  let d = `M ${first[0]} ${first[1]}`;
  for (let i = 1; i < points.length - 1; i++) {
    const prev = points[i - 1];
    const corner = points[i];
    const next = points[i + 1];
    if (!prev || !corner || !next) continue;
    const inLength = Math.hypot(corner[0] - prev[0], corner[1] - prev[1]);
    const outLength = Math.hypot(next[0] - corner[0], next[1] - corner[1]);
    const radius = Math.min(r, inLength / 2, outLength / 2);
    const before: Point = [corner[0] - ((corner[0] - prev[0]) / (inLength || 1)) * radius, corner[1] - ((corner[1] - prev[1]) / (inLength || 1)) * radius];
    const after: Point = [corner[0] + ((next[0] - corner[0]) / (outLength || 1)) * radius, corner[1] + ((next[1] - corner[1]) / (outLength || 1)) * radius];
    d += ` L ${before[0]} ${before[1]} Q ${corner[0]} ${corner[1]} ${after[0]} ${after[1]}`;
  }
  const last = points[points.length - 1];
  if (last) d += ` L ${last[0]} ${last[1]}`;
  return d;
}

/** Edges in and out of a node, for its popover and the text version of the diagram. */
export function flowsOf(nodeId: string, edges: FlowEdge[]) {
  return {
    incoming: edges.filter((e) => e.target === nodeId),
    outgoing: edges.filter((e) => e.source === nodeId),
  };
}

export function nodeTitle(nodes: FlowNode[], id: string): string {
  return nodes.find((n) => n.id === id)?.title ?? id;
}
