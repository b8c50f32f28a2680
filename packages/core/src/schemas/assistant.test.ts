import { describe, expect, it } from 'vitest';
import { AI_OPT_IN_LEVELS, AiOptInLevel, optInLevelOf, optInTagsOf } from './assistant.ts';

describe('AI opt-in levels and their stored tags', () => {
  it('adds one tag per level and reads each level back from its tags', () => {
    expect(optInTagsOf('disabled')).toEqual([]);
    expect(optInTagsOf('schema')).toEqual(['AI_SQL']);
    expect(optInTagsOf('schema_and_log')).toEqual(['AI_SQL', 'AI_LOG']);
    expect(optInTagsOf('schema_and_log_and_data')).toEqual(['AI_SQL', 'AI_LOG', 'AI_DATA']);
    for (const level of AI_OPT_IN_LEVELS) expect(optInLevelOf(optInTagsOf(level))).toBe(level);
  });

  it('never reads more than the tags grant', () => {
    expect(optInLevelOf(['AI_DATA'])).toBe('disabled');
    expect(optInLevelOf(['AI_SQL', 'AI_DATA'])).toBe('schema');
  });

  it('requires a level with the spec’s message', () => {
    const result = AiOptInLevel.safeParse(undefined);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('AI Opt-in level selection is required');
  });
});
