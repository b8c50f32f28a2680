import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FOLLOW_UP_LABEL,
  EXIT_SURVEY_REASONS,
  EXIT_SURVEY_REASON_VALUES,
  exitSurveyOptions,
  followUpLabel,
  NONE_OF_THE_ABOVE,
  shuffle,
} from './exit-survey.ts';

/** mulberry32: a small seeded generator, so a "random" order can be repeated. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('exit survey catalogue', () => {
  it('has the 10 reasons of the spec, each with a label and a follow-up prompt', () => {
    expect(EXIT_SURVEY_REASONS).toHaveLength(10);
    expect(EXIT_SURVEY_REASONS.map((r) => r.value)).toEqual([
      'hobby_or_student_project',
      'unsatisfied_with_support',
      'missing_feature',
      'difficult_to_use',
      'performance_or_reliability',
      'project_cancelled',
      'too_expensive',
      'unpredictable_pricing',
      'company_closed_or_acquired',
      'lost_trust',
    ]);
    for (const reason of EXIT_SURVEY_REASONS) {
      expect(reason.label.length).toBeGreaterThan(0);
      expect(reason.followUp.endsWith('?')).toBe(true);
    }
    expect(new Set(EXIT_SURVEY_REASONS.map((r) => r.label)).size).toBe(10);
  });

  it("accepts 'None of the above' as a value", () => {
    expect(NONE_OF_THE_ABOVE.label).toBe('None of the above');
    expect(EXIT_SURVEY_REASON_VALUES).toHaveLength(11);
    expect(EXIT_SURVEY_REASON_VALUES).toContain('none_of_the_above');
  });

  it("labels the free-text box per reason, 'What can we improve on?' by default", () => {
    expect(DEFAULT_FOLLOW_UP_LABEL).toBe('What can we improve on?');
    expect(followUpLabel(undefined)).toBe('What can we improve on?');
    expect(followUpLabel('none_of_the_above')).toBe('What can we improve on?');
    expect(followUpLabel('missing_feature')).toBe('Which feature were you missing?');
    expect(followUpLabel('no-such-reason')).toBe('What can we improve on?');
  });

  it("shows every reason once, shuffled, with 'None of the above' last", () => {
    const options = exitSurveyOptions(seeded(7));
    expect(options).toHaveLength(11);
    expect(options.at(-1)).toEqual(NONE_OF_THE_ABOVE);
    expect(new Set(options.slice(0, 10).map((o) => o.value))).toEqual(new Set(EXIT_SURVEY_REASONS.map((r) => r.value)));
  });
});

describe('shuffle', () => {
  it('returns a permutation and leaves its input alone', () => {
    const input = Object.freeze([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (let seed = 0; seed < 50; seed++) {
      const result = shuffle(input, seeded(seed));
      expect([...result].sort((a, b) => a - b)).toEqual([...input]);
    }
    expect(input).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('is deterministic for a given random source', () => {
    const items = ['a', 'b', 'c', 'd', 'e', 'f'];
    expect(shuffle(items, seeded(42))).toEqual(shuffle(items, seeded(42)));
    // Always 0: every element swaps with the first position left, a known rotation.
    expect(shuffle(items, () => 0)).toEqual(['b', 'c', 'd', 'e', 'f', 'a']);
    // Just below 1: j = i every time, nothing moves.
    expect(shuffle(items, () => 0.999999)).toEqual(items);
  });

  it('stays in range when the source returns 1', () => {
    expect(shuffle(['a', 'b', 'c'], () => 1)).toEqual(['a', 'b', 'c']);
  });

  it('handles empty and single-item lists', () => {
    expect(shuffle([], Math.random)).toEqual([]);
    expect(shuffle(['only'], Math.random)).toEqual(['only']);
  });

  it('makes every permutation of three about equally likely', () => {
    const runs = 60_000;
    const counts = new Map<string, number>();
    const random = seeded(2024);
    for (let i = 0; i < runs; i++) {
      const key = shuffle(['a', 'b', 'c'], random).join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    // Expected 10,000 each (standard deviation ≈ 91); a biased sort is off by thousands.
    for (const count of counts.values()) expect(Math.abs(count - runs / 6)).toBeLessThan(600);
  });

  it('puts each reason first about a tenth of the time', () => {
    const runs = 20_000;
    const first = new Map<string, number>();
    for (let i = 0; i < runs; i++) {
      const [top] = exitSurveyOptions();
      first.set(top!.value, (first.get(top!.value) ?? 0) + 1);
    }
    expect(first.size).toBe(10);
    // Expected 2,000 each (standard deviation ≈ 42).
    for (const count of first.values()) expect(Math.abs(count - runs / 10)).toBeLessThan(300);
  });
});
