import { describe, expect, it } from 'vitest';
import { resumePath, resumeStep } from './resume-step.ts';

const draft = { id: 9, userId: 4, companyName: 'Hengtai', documentCount: 0 };

describe('where a draft continues', () => {
  it('goes to the details form when the card has no company yet', () => {
    expect(resumeStep({ ...draft, companyName: null })).toBe('details');
    expect(resumePath({ ...draft, companyName: '  ' })).toBe('/user-details?businessCardId=9');
  });
  it('goes to the upload when it has details but no documents', () => {
    expect(resumePath(draft)).toBe('/document-upload/4?businessCardId=9');
  });
  it('goes to model selection once documents are there', () => {
    expect(resumePath({ ...draft, documentCount: 2 })).toBe(
      '/ai-model-selection/4?businessCardId=9',
    );
  });
});
