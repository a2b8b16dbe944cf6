/**
 * How far V8 lets the heap grow past what is alive (decision MEM1, issue 19 "peak RSS < 600 MB at 100,000").
 *
 * After each full collection V8 sets the next one's threshold at the live heap times a growing factor that it picks
 * between 1.1 and 4 from how fast the program allocates; a payroll run allocates fast, so V8 picks about 4. A
 * 100,000-employee run holds about 140 MB alive (the request's items, the run's warnings), so the heap grew to
 * about 600 MB of mostly garbage, and the peak RSS of run + approve was 750–850 MB. A factor of 1.5 keeps the heap
 * near what is alive: the same run peaked at 397–413 MB and took no longer (14.4 s instead of 16.8 s, because a
 * smaller heap is collected faster). `--heap-growing-percent` is read at every collection, so setting it once a
 * process holds a service takes effect at once; a process that holds none is left as Node starts it.
 */
import { setFlagsFromString } from 'node:v8';

export const HEAP_GROWING_PERCENT = 50;

let applied = false;

export function keepHeapNearLiveSet(): void {
  if (applied) return;
  applied = true;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
