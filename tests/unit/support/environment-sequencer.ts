/**
 * The order of the test files (vite.config.ts, `sequence.sequencer`): vitest's own (longest and failed first), with
 * the unit files of one environment together, those in Node (`// @vitest-environment node`) before those in
 * jsdom. The unit project runs without isolation: a worker goes on with the next file only when it needs the same
 * environment, and starts afresh (loading jsdom, React and antd again) when it does not, so files of the two kinds
 * in turns would each cost a new worker.
 */
import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestProject, type TestSpecification } from 'vitest/node';

const NODE_ENVIRONMENT = /@vitest-environment\s+node\b/;

const runsInNode = (spec: TestSpecification) =>
  spec.project.config.isolate === false && NODE_ENVIRONMENT.test(readFileSync(spec.moduleId, 'utf8'));

export class EnvironmentSequencer extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Projects stay in vitest's order (each one's files in a row); within a project, its Node files first.
    const byProject = new Map<TestProject, { inNode: TestSpecification[]; others: TestSpecification[] }>();
    for (const spec of await super.sort(files)) {
      let lists = byProject.get(spec.project);
      if (!lists) byProject.set(spec.project, (lists = { inNode: [], others: [] }));
      (runsInNode(spec) ? lists.inNode : lists.others).push(spec);
    }
    return [...byProject.values()].flatMap(({ inNode, others }) => [...inNode, ...others]);
  }
}
