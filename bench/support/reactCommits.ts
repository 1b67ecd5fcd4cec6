/**
 * React's commits as the page makes them, counted without a profiling build:
 * React DOM (production too) reports every commit to a DevTools hook when one
 * is installed before it loads. Added as an init script, this one records each
 * commit's time and how many components it rendered (React's PerformedWork
 * flag) and mounted, and whether the component owning `ownerTestId`'s element
 * rendered in it. Counts, unlike timings, do not depend on the machine's load.
 */
export interface CommitRecord {
  /** performance.now() at the commit. */
  t: number;
  rendered: number;
  mounted: number;
  /** The component owning the element `[data-testid=ownerTestId]` rendered (or mounted). */
  owner: boolean;
}

/** The init script (self-contained: Playwright serializes it); records into `window.__commits`. */
export function installCommitCounter(ownerTestId: string): void {
  interface Fiber {
    tag: number;
    flags: number;
    type: unknown;
    child: Fiber | null;
    sibling: Fiber | null;
    alternate: Fiber | null;
    return: Fiber | null;
    memoizedProps: Record<string, unknown> | null;
  }
  // Function, class, forwardRef and simple memo components (a memo's wrapper, 14, renders its inner one).
  const COMPONENT = new Set([0, 1, 11, 15]);
  const PERFORMED_WORK = 1;
  const HOST = 5;
  const commits: CommitRecord[] = [];
  let ownerType: unknown = null;
  const w = window as unknown as { __commits: CommitRecord[]; __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown };
  w.__commits = commits;
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id: number, root: { current: Fiber }) {
      let rendered = 0;
      let mounted = 0;
      let owner = false;
      const stack: Fiber[] = [root.current];
      while (stack.length) {
        const f = stack.pop()!;
        const isComponent = COMPONENT.has(f.tag);
        // A fiber reached here is new in this commit: created (no alternate) or cloned by a parent that rendered.
        const did = isComponent && (f.alternate === null || (f.flags & PERFORMED_WORK) !== 0);
        if (isComponent && f.alternate === null) mounted++;
        else if (did) rendered++;
        if (f.tag === HOST && ownerType === null && f.memoizedProps?.['data-testid'] === ownerTestId) {
          let up = f.return;
          while (up && !COMPONENT.has(up.tag)) up = up.return;
          ownerType = up?.type ?? null;
        }
        if (did && f.type === ownerType) owner = true;
        // A subtree React did not touch keeps its old child: nothing in it rendered.
        if (f.child && (f.alternate === null || f.child !== f.alternate.child)) {
          for (let c: Fiber | null = f.child; c; c = c.sibling) stack.push(c);
        }
      }
      commits.push({ t: performance.now(), rendered, mounted, owner });
    },
  };
}
