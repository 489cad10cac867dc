// Chromium's network log of one page, through the DevTools protocol: when each request started
// and finished, relative to a mark, and how many bytes crossed the wire. What bench/portal-throttled.ts
// prints with BENCH_PORTAL_TIMELINE=1, to see which requests wait for which.
import type { CDPSession } from 'playwright-core';
import { bytes, fmt } from './stats';

interface Entry {
  url: string;
  method: string;
  /** DevTools timestamps, in seconds. */
  start: number;
  end?: number;
  encoded: number;
  cached: boolean;
  failed?: string;
}

export interface NetworkLog {
  /** Sets the mark the timeline counts from: the next request sent. */
  markNextRequest(): void;
  /** One line per request sent after the mark, in the order they started. */
  timeline(): string[];
}

const shortUrl = (url: string, origin: string) => (url.startsWith(origin) ? url.slice(origin.length) : url).replace(/\?.*$/, '?…');

export function recordNetwork(cdp: CDPSession, origin: string): NetworkLog {
  const entries = new Map<string, Entry>();
  let mark: number | undefined;
  let waitingForMark = false;
  cdp.on('Network.requestWillBeSent', (event) => {
    // A redirect reuses the request id: the answer that redirected ends the previous hop.
    const previous = entries.get(event.requestId);
    if (previous && event.redirectResponse) {
      previous.end = event.timestamp;
      entries.set(`${event.requestId}:${event.timestamp}`, previous);
    }
    if (waitingForMark) {
      mark = event.timestamp;
      waitingForMark = false;
    }
    entries.set(event.requestId, {
      url: event.request.url,
      method: event.request.method,
      start: event.timestamp,
      encoded: 0,
      cached: false,
    });
  });
  cdp.on('Network.requestServedFromCache', (event) => {
    const entry = entries.get(event.requestId);
    if (entry) entry.cached = true;
  });
  cdp.on('Network.responseReceived', (event) => {
    const entry = entries.get(event.requestId);
    if (entry && (event.response.fromDiskCache || event.response.fromPrefetchCache)) entry.cached = true;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const entry = entries.get(event.requestId);
    if (!entry) return;
    entry.end = event.timestamp;
    entry.encoded = event.encodedDataLength;
  });
  cdp.on('Network.loadingFailed', (event) => {
    const entry = entries.get(event.requestId);
    if (!entry) return;
    entry.end = event.timestamp;
    entry.failed = event.errorText;
  });
  return {
    markNextRequest() {
      waitingForMark = true;
    },
    timeline() {
      if (mark === undefined) return [];
      const from = mark;
      const at = (t: number | undefined) => (t === undefined ? '…' : fmt((t - from) * 1000));
      return [...entries.values()]
        .filter((e) => e.start >= from)
        .sort((a, b) => a.start - b.start)
        .map((e) => {
          const what = e.failed ? `falló: ${e.failed}` : e.cached ? 'caché' : bytes(e.encoded);
          return `${at(e.start).padStart(6)} – ${at(e.end).padStart(6)} ms  ${e.method.padEnd(4)} ${shortUrl(e.url, origin)}  (${what})`;
        });
    },
  };
}
