import { describe, expect, it } from 'vitest';
import { ZLeadRequest } from '#shared/schemas/chat.ts';
import { EMPTY_LEAD, leadRequest, validateLead, type LeadForm } from './lead.ts';

const filled: LeadForm = {
  name: ' Anna Schmidt ',
  company: 'Schmidt Maschinenbau GmbH',
  email: 'anna@schmidt.example',
  phone: '',
  consent: true,
};

describe('lead form rules', () => {
  it('accepts a name, an email and consent, and sends what the schema accepts', () => {
    expect(validateLead(filled)).toEqual({});
    const body = leadRequest(filled);
    expect(body).toEqual({
      name: 'Anna Schmidt',
      company: 'Schmidt Maschinenbau GmbH',
      email: 'anna@schmidt.example',
      consent: true,
    });
    expect(ZLeadRequest.safeParse(body).success).toBe(true);
  });

  it('accepts a phone instead of an email', () => {
    const form = { ...filled, email: '', phone: '+49 89 1234567' };
    expect(validateLead(form)).toEqual({});
    expect(ZLeadRequest.safeParse(leadRequest(form)).success).toBe(true);
  });

  it('names each missing or wrong field with the shared validation keys', () => {
    expect(validateLead(EMPTY_LEAD)).toEqual({
      name: 'validation.required',
      email: 'validation.emailOrPhone',
      consent: 'validation.consentRequired',
    });
    expect(validateLead({ ...filled, email: 'anna@' })).toEqual({ email: 'validation.email' });
    expect(validateLead({ ...filled, name: 'x'.repeat(101) })).toEqual({
      name: 'validation.tooLong',
    });
  });

  it('agrees with the server schema on the same forms', () => {
    const forms: LeadForm[] = [
      filled,
      { ...filled, consent: false },
      { ...filled, email: '', phone: '' },
      { ...filled, email: 'not-an-email' },
      { ...filled, name: '   ' },
    ];
    for (const form of forms) {
      const clientOk = Object.keys(validateLead(form)).length === 0;
      const serverOk = ZLeadRequest.safeParse({
        ...leadRequest(form),
        consent: form.consent,
      }).success;
      expect(clientOk, JSON.stringify(form)).toBe(serverOk);
    }
  });
});
