import { vi } from 'vitest';

/** An IntersectionObserver a test controls: it records what it watches, and `intersect()` reports all of it in view. */
export interface FakeIntersectionObserver {
  callback: IntersectionObserverCallback;
  options?: IntersectionObserverInit;
  elements: Element[];
  intersect(): void;
}

/**
 * Replaces the global IntersectionObserver (undo with vi.unstubAllGlobals) and returns every observer created
 * from then on.
 */
export function stubIntersectionObserver(): FakeIntersectionObserver[] {
  const observers: FakeIntersectionObserver[] = [];
  class FakeObserver implements FakeIntersectionObserver {
    elements: Element[] = [];
    constructor(
      public callback: IntersectionObserverCallback,
      public options?: IntersectionObserverInit,
    ) {
      observers.push(this);
    }
    observe(el: Element) {
      this.elements.push(el);
    }
    unobserve() {}
    disconnect() {
      this.elements = [];
    }
    takeRecords() {
      return [];
    }
    intersect() {
      this.callback(
        this.elements.map((target) => ({ isIntersecting: true, target }) as unknown as IntersectionObserverEntry),
        this as never,
      );
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return observers;
}
