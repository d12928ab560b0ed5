import "@xyflow/react/dist/style.css";
import "./flow-diagram.css";
import { BaseEdge, getBezierPath, Handle, Position, ReactFlow, type Edge, type EdgeProps, type Node, type NodeHandle, type NodeProps } from "@xyflow/react";
import { Pause, Play, X } from "lucide-react";
import { Popover } from "radix-ui";
import { useEffect, useMemo, useState } from "react";
import { Button } from "~/components/ui/button";
import { flowCategoryLegend, flowEdges, flowNodes, tokenEconomyHero, type FlowNode } from "~/content/token";
import { cn } from "~/lib/cn";
import { usePrefersReducedMotion } from "../hooks/use-prefers-reduced-motion";
import {
  DIAGRAM_FRAME,
  flowsOf,
  NODE_HEIGHT,
  NODE_POSITIONS,
  NODE_WIDTH,
  nodeTitle,
  roundedPath,
  routeFor,
  type EdgeRoute,
  type Point,
  type Side,
} from "./flow-layout";
import { CATEGORY_STYLES, FLOW_TYPE_LEGEND, flowColor } from "./flow-styles";

type FlowNodeData = FlowNode & Record<string, unknown>;
type FlowEdgeData = { label: string; flowType: string; route: EdgeRoute } & Record<string, unknown>;

const SIDES: Record<Side, Position> = { left: Position.Left, right: Position.Right, top: Position.Top, bottom: Position.Bottom };
const HANDLE = 8;

/** Where each side's handle sits on a node, so the server can draw the edges without measuring. */
function handleAt(side: Side): Point {
  switch (side) {
    case "left":
      return [0, NODE_HEIGHT / 2];
    case "right":
      return [NODE_WIDTH, NODE_HEIGHT / 2];
    case "top":
      return [NODE_WIDTH / 2, 0];
    case "bottom":
      return [NODE_WIDTH / 2, NODE_HEIGHT];
  }
}

function nodeHandles(): NodeHandle[] {
  return (Object.keys(SIDES) as Side[]).flatMap((side) => {
    const [x, y] = handleAt(side);
    return (["source", "target"] as const).map((type) => ({
      id: `${side}-${type}`,
      type,
      position: SIDES[side],
      x: x - HANDLE / 2,
      y: y - HANDLE / 2,
      width: HANDLE,
      height: HANDLE,
    }));
  });
}

function FlowNodeCard({ data }: NodeProps<Node<FlowNodeData>>) {
  const style = CATEGORY_STYLES[data.category];
  const category = flowCategoryLegend.find((c) => c.id === data.category)?.label ?? data.category;
  const { incoming, outgoing } = flowsOf(data.id, flowEdges);
  return (
    <>
      {(Object.keys(SIDES) as Side[]).flatMap((side) =>
        (["source", "target"] as const).map((type) => (
          <Handle
            key={`${side}-${type}`}
            id={`${side}-${type}`}
            type={type}
            position={SIDES[side]}
            isConnectable={false}
            className="!pointer-events-none !opacity-0"
          />
        )),
      )}
      <Popover.Root>
        <Popover.Trigger asChild>
          <button
            type="button"
            data-flow-node={data.id}
            className={cn(
              "nodrag nopan pointer-events-auto relative flex size-full flex-col overflow-hidden rounded-xl border border-line bg-white px-3.5 pb-2.5 pt-3.5 text-left shadow-card",
              "transition-shadow duration-150 hover:shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 data-[state=open]:ring-2 data-[state=open]:ring-brand-violet",
            )}
          >
            <span aria-hidden="true" className={cn("absolute inset-x-0 top-0 h-1", style.bar)} />
            <span className="text-[15px] font-semibold leading-tight text-ink">{data.title}</span>
            <span className="mt-1 line-clamp-2 text-xs leading-snug text-muted">{data.metric}</span>
            <span className="sr-only">, {category}. Show details</span>
          </button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            side="bottom"
            sideOffset={10}
            collisionPadding={12}
            className="z-50 w-80 max-w-[calc(100vw-2rem)] rounded-card border border-line bg-white p-5 text-sm shadow-2xl data-[state=open]:animate-fade-up focus-visible:outline-2"
          >
            <div className="flex items-start justify-between gap-3">
              <div>
                <span className={cn("inline-block rounded-full px-2 py-0.5 text-xs font-semibold", style.chip)}>{category}</span>
                <p className="mt-2 text-base font-semibold text-ink">{data.title}</p>
                <p className="text-sm font-medium text-brand-teal-dark">{data.metric}</p>
              </div>
              <Popover.Close aria-label="Close details" className="-m-1 rounded-lg p-1 text-muted hover:bg-slate-100 hover:text-ink">
                <X aria-hidden="true" className="size-4" />
              </Popover.Close>
            </div>
            <p className="mt-3 leading-relaxed text-muted">{data.description}</p>
            {(incoming.length > 0 || outgoing.length > 0) && (
              <ul className="mt-3 grid gap-1.5 border-t border-line pt-3 text-xs text-muted">
                {incoming.map((edge) => (
                  <li key={`in-${edge.source}`}>
                    <span className="font-semibold text-ink">From {nodeTitle(flowNodes, edge.source)}:</span> {edge.label}
                  </li>
                ))}
                {outgoing.map((edge) => (
                  <li key={`out-${edge.target}`}>
                    <span className="font-semibold text-ink">To {nodeTitle(flowNodes, edge.target)}:</span> {edge.label}
                  </li>
                ))}
              </ul>
            )}
            <Popover.Arrow className="fill-white" width={14} height={7} />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </>
  );
}

/** Splits a label into lines of at most `max` characters, on word boundaries. */
function wrap(text: string, max = 22): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && `${line} ${word}`.length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

function arrowHead([x, y]: Point, side: Side): string {
  const s = 6;
  switch (side) {
    case "left":
      return `${x},${y} ${x - s * 1.6},${y - s} ${x - s * 1.6},${y + s}`;
    case "right":
      return `${x},${y} ${x + s * 1.6},${y - s} ${x + s * 1.6},${y + s}`;
    case "top":
      return `${x},${y} ${x - s},${y - s * 1.6} ${x + s},${y - s * 1.6}`;
    case "bottom":
      return `${x},${y} ${x - s},${y + s * 1.6} ${x + s},${y + s * 1.6}`;
  }
}

/** A curve (or a routed loop) with an arrowhead and a wrapped SVG label, so it renders on the server too. */
function FlowEdgeLine({ id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, data, style }: EdgeProps<Edge<FlowEdgeData>>) {
  if (!data) return null;
  const { route } = data;
  let path: string;
  let labelX: number;
  let labelY: number;
  if (route.waypoints) {
    path = roundedPath([[sourceX, sourceY], ...route.waypoints, [targetX, targetY]]);
    [labelX, labelY] = route.labelAt ?? [(sourceX + targetX) / 2, (sourceY + targetY) / 2];
  } else {
    [path, labelX, labelY] = getBezierPath({ sourceX, sourceY, sourcePosition, targetX, targetY, targetPosition });
  }
  const color = flowColor(data.flowType);
  const lines = wrap(data.label);
  const width = Math.max(...lines.map((l) => l.length)) * 5.9 + 14;
  const height = lines.length * 13 + 8;
  return (
    <>
      <BaseEdge id={id} path={path} style={{ ...style, stroke: color, strokeWidth: 1.75 }} />
      <polygon points={arrowHead([targetX, targetY], route.to)} style={{ fill: color }} />
      <g transform={`translate(${labelX} ${labelY})`} className="pointer-events-none">
        <rect x={-width / 2} y={-height / 2} width={width} height={height} rx={6} style={{ fill: "white", stroke: "var(--color-line)" }} />
        <text textAnchor="middle" className="fill-ink text-[10.5px] font-medium">
          {lines.map((line, index) => (
            <tspan key={line} x={0} y={-height / 2 + 14 + index * 13}>
              {line}
            </tspan>
          ))}
        </text>
      </g>
    </>
  );
}

/** Invisible corner nodes: fitView frames nodes only, and the loops back to the token run outside them. */
function FrameAnchor() {
  return null;
}

const nodeTypes = { flow: FlowNodeCard, anchor: FrameAnchor };
const edgeTypes = { flow: FlowEdgeLine };

const ANCHORS: Node[] = DIAGRAM_FRAME.map(([x, y], index) => ({
  id: `frame-${index}`,
  type: "anchor",
  position: { x, y },
  data: {},
  width: 1,
  height: 1,
  draggable: false,
  selectable: false,
  focusable: false,
  style: { pointerEvents: "none" },
}));

const NODES: Node[] = [
  ...ANCHORS,
  ...flowNodes.map((node): Node<FlowNodeData> => {
    const [x, y] = NODE_POSITIONS[node.id] ?? [0, 0];
    return {
      id: node.id,
      type: "flow",
      position: { x, y },
      data: { ...node },
      width: NODE_WIDTH,
      height: NODE_HEIGHT,
      handles: nodeHandles(),
      draggable: false,
      selectable: false,
      focusable: false,
    };
  }),
];

function buildEdges(animated: boolean): Edge<FlowEdgeData>[] {
  return flowEdges.map((edge) => {
    const route = routeFor(edge);
    return {
      id: `${edge.source}->${edge.target}`,
      source: edge.source,
      target: edge.target,
      sourceHandle: `${route.from}-source`,
      targetHandle: `${route.to}-target`,
      type: "flow",
      animated,
      focusable: false,
      selectable: false,
      ariaLabel: `${nodeTitle(flowNodes, edge.source)} to ${nodeTitle(flowNodes, edge.target)}: ${edge.label}`,
      data: { label: edge.label, flowType: edge.flowType, route },
    };
  });
}

/**
 * The $VSTN value flows drawn with React Flow: nodes coloured by category, animated labelled
 * edges, a pause/resume toggle and a details popover on each node. The canvas is static (no
 * drag, pan or wheel zoom) so the page scrolls normally; on narrow screens it scrolls sideways.
 */
export function FlowDiagram() {
  const reducedMotion = usePrefersReducedMotion();
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (reducedMotion) setPaused(true);
  }, [reducedMotion]);
  const edges = useMemo(() => buildEdges(!paused), [paused]);

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <ul aria-label="Node categories" className="flex flex-wrap gap-2">
          {flowCategoryLegend.map((category) => (
            <li
              key={category.id}
              className={cn("inline-flex items-center gap-2 rounded-full px-3 py-1 text-xs font-semibold", CATEGORY_STYLES[category.id].chip)}
            >
              <span aria-hidden="true" className={cn("size-2 rounded-full", CATEGORY_STYLES[category.id].bar)} />
              {category.label}
            </li>
          ))}
        </ul>
        <Button variant="outline" size="sm" onClick={() => setPaused((value) => !value)} data-flow-toggle>
          {paused ? <Play aria-hidden="true" className="size-4" /> : <Pause aria-hidden="true" className="size-4" />}
          {paused ? tokenEconomyHero.resumeLabel : tokenEconomyHero.pauseLabel}
        </Button>
      </div>
      <div
        role="region"
        aria-label="Value-flow diagram. Select a node for details; scrolls sideways on small screens."
        tabIndex={0}
        className="mt-4 overflow-x-auto rounded-card border border-line bg-surface shadow-card"
      >
        <div className="h-[560px] min-w-[1000px] sm:h-[620px]">
          <ReactFlow
            id="vstn-flow"
            className="vestin-flow"
            aria-label="$VSTN value-flow diagram"
            nodes={NODES}
            edges={edges}
            nodeTypes={nodeTypes}
            edgeTypes={edgeTypes}
            width={1150}
            height={620}
            fitView
            fitViewOptions={{ padding: 0.04, maxZoom: 1 }}
            minZoom={0.3}
            maxZoom={1.5}
            nodesDraggable={false}
            nodesConnectable={false}
            nodesFocusable={false}
            edgesFocusable={false}
            elementsSelectable={false}
            panOnDrag={false}
            panOnScroll={false}
            zoomOnScroll={false}
            zoomOnPinch={false}
            zoomOnDoubleClick={false}
            preventScrolling={false}
            proOptions={{ hideAttribution: false }}
          />
        </div>
      </div>
      <ul aria-label="Flow colours" className="mt-3 flex flex-wrap gap-x-5 gap-y-1.5 text-xs text-muted">
        {FLOW_TYPE_LEGEND.map((item) => (
          <li key={item.id} className="flex items-center gap-2">
            <span aria-hidden="true" className="h-0.5 w-5 rounded" style={{ background: item.color }} />
            {item.label}
          </li>
        ))}
        <li className="sm:hidden">Swipe sideways to see the whole diagram.</li>
      </ul>
      <details className="mt-6 rounded-card border border-line bg-white p-5 shadow-card">
        <summary className="cursor-pointer font-semibold text-ink">Read the diagram as a list</summary>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {flowEdges.map((edge) => (
            <li key={`${edge.source}->${edge.target}`} className="text-sm leading-relaxed text-muted">
              <span className="font-semibold text-ink">
                {nodeTitle(flowNodes, edge.source)} → {nodeTitle(flowNodes, edge.target)}:
              </span>{" "}
              {edge.label}
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
