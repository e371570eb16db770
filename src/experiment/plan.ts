import { seededRandom, shuffled } from './seeded-random.js';
import type { ExperimentTask } from './tasks.js';

const ARMS = ['with', 'without'] as const;
export type Arm = (typeof ARMS)[number];

/** One run the experiment will make: a task, an arm, and which of the task's runs in that arm it is. */
export interface PlannedRun {
  /** `<task>.<arm>.<n>`: names the run's transcript and its row in the state file. */
  id: string;
  taskId: string;
  arm: Arm;
  /** 1-based, per task and arm. */
  replicate: number;
}

/**
 * The order of the runs: for each round of replicates the tasks in a seeded random order, and for each
 * task one run of each arm back to back, the arm that goes first drawn from the seed. The arms so
 * alternate and neither always runs first, so that a slower machine late in the experiment, a model
 * update or a quota warning falls on both arms alike.
 */
export function planRuns(tasks: readonly ExperimentTask[], runsPerArm: number, seed: number): PlannedRun[] {
  const random = seededRandom(seed);
  const runs: PlannedRun[] = [];
  for (let replicate = 1; replicate <= runsPerArm; replicate++) {
    for (const task of shuffled(tasks, random)) {
      const first: Arm = random() < 0.5 ? 'with' : 'without';
      const order: Arm[] = first === 'with' ? ['with', 'without'] : ['without', 'with'];
      for (const arm of order)
        runs.push({ id: `${task.id}.${arm}.${replicate}`, taskId: task.id, arm, replicate });
    }
  }
  return runs;
}
