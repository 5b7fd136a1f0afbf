import v8 from 'node:v8';
import vm from 'node:vm';

const MB = 1024 * 1024;

/**
 * Keeps a long job's heap within `slack` bytes of what was live at its last collection, so its memory stays flat
 * whatever the row count (ADR 0054).
 *
 * A batch job's working set (a batch's rows, statements and their JSON) outlives a few young-generation collections
 * and is promoted; it is garbage a batch later, but V8 collects the old generation only once it has grown to about
 * four times what was live after the last collection (its growing factor when the heap limit is large, as on a
 * server with gigabytes): a worker with 100 MB live may hold 300 MB of garbage first. `check()`, between batches,
 * starts a collection when the heap grew by more than `slack` since the last one (and at the first check). It asks
 * through `vm.measureMemory` in eager mode, the one way to ask for a collection without a process-wide flag
 * (`--expose-gc`); the collection marks incrementally, as V8's own does, and one runs at a time. Node prints an
 * ExperimentalWarning for `vm.measureMemory` once per process.
 */
export function heapBudget(slack = 48 * MB): { check: () => void } {
  const used = () => v8.getHeapStatistics().used_heap_size;
  let base: number | null = null;
  let collecting = false;
  const collect = () => {
    collecting = true;
    // A Node without it (it is experimental) or refusing it leaves V8's own schedule: never the job's failure.
    void Promise.resolve()
      .then(() => vm.measureMemory({ mode: 'summary', execution: 'eager' }))
      .catch(() => undefined)
      .finally(() => {
        collecting = false;
        base = used();
      });
  };
  return {
    // The first check collects: the budget counts from what is live, not from the garbage the job started with (the
    // upload's, a previous job's).
    check: () => {
      if (!collecting && (base === null || used() - base >= slack)) collect();
    },
  };
}
