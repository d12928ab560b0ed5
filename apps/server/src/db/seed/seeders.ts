import { assessmentsSeeder } from "../../features/assessments/seed.ts";
import { blogSeeder } from "../../features/blog/seed.ts";
import { learningSeeder } from "../../features/learning/seed.ts";
import { leadsSeeder } from "../../features/leads/seed.ts";
import type { Seeder } from "./index.ts";

/** Every feature's seed, in dependency order. Each feature adds its own here. */
export const SEEDERS: readonly Seeder[] = [blogSeeder, learningSeeder, assessmentsSeeder, leadsSeeder];
