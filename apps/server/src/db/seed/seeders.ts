import { assessmentsSeeder } from "../../features/assessments/index.ts";
import { blogSeeder } from "../../features/blog/index.ts";
import { learningSeeder } from "../../features/learning/index.ts";
import { leadsSeeder } from "../../features/leads/index.ts";
import type { Seeder } from "./index.ts";

/** Every feature's seed, in dependency order. Each feature adds its own here. */
export const SEEDERS: readonly Seeder[] = [blogSeeder, learningSeeder, assessmentsSeeder, leadsSeeder];
