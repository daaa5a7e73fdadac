import { describe, expect, it } from 'vitest';
import {
  childSpan,
  continueTrace,
  currentTrace,
  formatTraceparent,
  outgoingTraceparent,
  parseTraceparent,
  runInTrace,
  startTrace,
} from './trace-context.js';

const example = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

describe('W3C traceparent', () => {
  it('reads the example of the specification', () => {
    expect(parseTraceparent(example)).toEqual({
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      spanId: '00f067aa0ba902b7',
      flags: '01',
    });
  });

  it('writes back what it read', () => {
    expect(formatTraceparent(parseTraceparent(example)!)).toBe(example);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['upper-case hex', example.toUpperCase()],
    ['a short trace id', '00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01'],
    ['an all-zero trace id', `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`],
    ['an all-zero span id', `00-4bf92f3577b34da6a3ce929d0e0e4736-${'0'.repeat(16)}-01`],
    ['the forbidden version ff', example.replace(/^00/, 'ff')],
    ['version 00 with an extra field', `${example}-extra`],
    ['garbage', 'not a traceparent'],
  ])('refuses %s', (_case, header) => {
    expect(parseTraceparent(header)).toBeUndefined();
  });

  it('accepts a later version with more fields, reading the four it knows', () => {
    expect(parseTraceparent(`01-${example.slice(3)}-what-comes-next`)?.spanId).toBe(
      '00f067aa0ba902b7',
    );
  });

  it('starts valid traces with fresh ids', () => {
    const one = startTrace();
    const two = startTrace();
    expect(parseTraceparent(formatTraceparent(one))).toEqual(one);
    expect(one.traceId).not.toBe(two.traceId);
  });

  it('makes a child span in the same trace with a new span id', () => {
    const parent = parseTraceparent(example)!;
    const child = childSpan(parent);
    expect(child.traceId).toBe(parent.traceId);
    expect(child.flags).toBe(parent.flags);
    expect(child.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(child.spanId).not.toBe(parent.spanId);
  });

  it('continues a valid header and starts a new trace for an invalid one', () => {
    expect(continueTrace(example).traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(continueTrace('nonsense').traceId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('keeps the current trace across awaits and gives outgoing calls a child of it', async () => {
    expect(currentTrace()).toBeUndefined();
    expect(outgoingTraceparent()).toBeUndefined();
    const trace = parseTraceparent(example)!;
    await runInTrace(trace, async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(currentTrace()).toBe(trace);
      const outgoing = parseTraceparent(outgoingTraceparent());
      expect(outgoing?.traceId).toBe(trace.traceId);
      expect(outgoing?.spanId).not.toBe(trace.spanId);
    });
  });
});
