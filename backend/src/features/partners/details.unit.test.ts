import { describe, expect, it } from 'vitest';
import type { PartnerItem } from '@portal/contracts/partners/schemas';
import { toPartnerDetails, visibleWhyAnswers } from './details';

const why = {
  shareWithSponsor: true,
  joinReason: 'Family',
  monthlyGoal3: '300',
  strengths: 'Listening',
  helpNeeded: '',
};

describe('step 5 answers seen by a sponsor', () => {
  it('are all there for the direct sponsor when the partner shares them', () => {
    expect(visibleWhyAnswers(why, 1)).toEqual({
      shareWithSponsor: true,
      joinReason: 'Family',
      monthlyGoal3: '300',
      strengths: 'Listening',
    });
  });
  it('are left out when the partner does not share them', () => {
    expect(visibleWhyAnswers({ ...why, shareWithSponsor: false }, 1)).toEqual({ shareWithSponsor: false });
  });
  it('are left out for anyone further up than the sponsor', () => {
    expect(visibleWhyAnswers(why, 2)).toEqual({ shareWithSponsor: false });
  });
  it('are null when the partner has not answered', () => {
    expect(visibleWhyAnswers(null, 1)).toBeNull();
  });
});

const item = { level: 1, progress: { currentStep: 4, trainingCompleted: false } } as PartnerItem;

describe('details answer', () => {
  it('shows a skipped step 4 as skipped, and answers given after a skip as answers', () => {
    const skipped = toPartnerDetails(item, { product_experience: { isSkipped: true } } as never);
    expect(skipped.progress.productExperience).toEqual({
      isSkipped: true,
      startDate: null,
      positiveChanges: null,
      confidenceLevel: null,
      challenges: null,
    });
    const later = toPartnerDetails(item, {
      product_experience: {
        isSkipped: true,
        startDate: '2026-01-02',
        positiveChanges: 'Energy',
        confidenceLevel: 'need_help',
      },
    } as never);
    expect(later.progress.productExperience).toMatchObject({
      isSkipped: false,
      positiveChanges: 'Energy',
      confidenceLevel: 'need_help',
    });
  });
  it('reads step flags given as t / true, and lists without blank names', () => {
    const d = toPartnerDetails(item, {
      step1_completed: 't',
      step2_completed: 'true',
      step3_completed: false,
      customer_list: [
        { id: 'a', name: 'Ana', note: '' },
        { id: 'b', name: '  ' },
      ],
      partner_list: '[{"id":"c","name":"Carl","note":"gym"}]',
    } as never);
    expect([d.progress.step1Completed, d.progress.step2Completed, d.progress.step3Completed]).toEqual([
      true,
      true,
      false,
    ]);
    expect(d.progress.customerList).toEqual([{ id: 'a', name: 'Ana' }]);
    expect(d.progress.partnerList).toEqual([{ id: 'c', name: 'Carl', note: 'gym' }]);
  });
  it('is all empty for a partner without progress', () => {
    const d = toPartnerDetails(
      { ...item, progress: { ...item.progress, currentStep: 1 } } as PartnerItem,
      null,
    );
    expect(d.progress).toMatchObject({
      step1Completed: false,
      feelGreatLink: null,
      customerList: [],
      productExperience: null,
      whyAnswers: null,
    });
  });
});
