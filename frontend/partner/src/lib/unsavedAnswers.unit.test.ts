import { describe, expect, it } from 'vitest';
import { keptOver } from './unsavedAnswers';

describe('answers kept over a reload', () => {
  const saved = { joinReason: '', strengths: 'saved', shareWithSponsor: true, nonMonetaryGoals: undefined };

  it('put back the typed answers over the saved ones', () => {
    expect(
      keptOver(saved, { joinReason: 'typed', shareWithSponsor: false, nonMonetaryGoals: 'more' }),
    ).toEqual({
      joinReason: 'typed',
      strengths: 'saved',
      shareWithSponsor: false,
      nonMonetaryGoals: 'more',
    });
  });

  it('take only the form’s own fields, with their own type', () => {
    expect(keptOver(saved, { joinReason: 42, strengths: null, other: 'x', shareWithSponsor: 'yes' })).toEqual(
      saved,
    );
    expect(keptOver(saved, null)).toEqual(saved);
    expect(keptOver(saved, 'text')).toEqual(saved);
  });
});
