import { describe, expect, it } from "vitest";
import { flowEdges, flowNodes } from "../../../content/token";
import { flowsOf, NODE_POSITIONS, roundedPath, routeFor } from "./flow-layout";

describe("value-flow diagram layout", () => {
  it("places every node and connects only known nodes", () => {
    for (const node of flowNodes) expect(NODE_POSITIONS[node.id], node.id).toBeDefined();
    const ids = new Set(flowNodes.map((n) => n.id));
    for (const edge of flowEdges) {
      expect(ids.has(edge.source), edge.source).toBe(true);
      expect(ids.has(edge.target), edge.target).toBe(true);
      expect(edge.label.length).toBeGreaterThan(0);
    }
  });

  it("routes the loops back to the token explicitly and curves the rest", () => {
    expect(routeFor({ source: "fee-burn", target: "vstn" }).waypoints?.length).toBeGreaterThan(0);
    expect(routeFor({ source: "vstn", target: "staking" })).toEqual({ from: "right", to: "left" });
  });

  it("draws rounded corners only where the line turns", () => {
    expect(
      roundedPath([
        [0, 0],
        [100, 0],
      ]),
    ).toBe("M 0 0 L 100 0");
    expect(
      roundedPath(
        [
          [0, 0],
          [100, 0],
          [100, 100],
        ],
        10,
      ),
    ).toBe("M 0 0 L 90 0 Q 100 0 100 10 L 100 100");
  });

  it("lists a node's incoming and outgoing flows", () => {
    const { incoming, outgoing } = flowsOf("vstn", flowEdges);
    expect(incoming.map((e) => e.source).sort()).toEqual(["fee-burn", "fiat-crypto", "rewards"]);
    expect(outgoing).toHaveLength(4);
  });
});
