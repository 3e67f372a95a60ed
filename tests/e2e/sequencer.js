// The order the browser test files start in, so that the two workers finish
// together instead of one waiting on a long file that started last: Vitest's
// own order (the last run's longest files first) when it has the times, and
// on a fresh clone (no times yet) the files that visit every page
// (site*.test.js) first, then the larger files first.
import { relative } from 'node:path';
import { BaseSequencer } from 'vitest/node';

const VISITS_EVERY_PAGE = /\/site(_desktop)?\.test\.js$/;

export default class LongFilesFirst extends BaseSequencer {
  async sort(files) {
    const sorted = await super.sort(files);
    const known = (f) => this.ctx.cache.getFileTestResults(`${f.project.name}:${relative(this.ctx.config.root, f.moduleId)}`);
    if (sorted.every(known)) return sorted;
    return [...sorted.filter((f) => VISITS_EVERY_PAGE.test(f.moduleId)), ...sorted.filter((f) => !VISITS_EVERY_PAGE.test(f.moduleId))];
  }
}
