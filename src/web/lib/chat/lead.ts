import type { LeadInput } from './api.ts';

/*
 * The "Leave your details" form's rules, as ZLeadRequest states them (the server checks them
 * again): a name, an email or a phone, consent; lengths as there. Messages are the shared
 * `validation.*` keys.
 */

export interface LeadForm {
  name: string;
  company: string;
  email: string;
  phone: string;
  consent: boolean;
}

export type LeadField = keyof LeadForm;
export type LeadErrors = Partial<Record<LeadField, string>>;

export const EMPTY_LEAD: LeadForm = { name: '', company: '', email: '', phone: '', consent: false };

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Field → validation key; empty when the form may be sent. */
export function validateLead(form: LeadForm): LeadErrors {
  const errors: LeadErrors = {};
  const name = form.name.trim();
  const email = form.email.trim();
  const phone = form.phone.trim();
  if (!name) errors.name = 'validation.required';
  else if (name.length > 100) errors.name = 'validation.tooLong';
  if (form.company.trim().length > 200) errors.company = 'validation.tooLong';
  if (email && !EMAIL.test(email)) errors.email = 'validation.email';
  if (phone.length > 50) errors.phone = 'validation.tooLong';
  if (!email && !phone) errors.email = 'validation.emailOrPhone';
  if (!form.consent) errors.consent = 'validation.consentRequired';
  return errors;
}

/** The request body: trimmed, empty optional fields left out. */
export function leadRequest(form: LeadForm): LeadInput {
  const company = form.company.trim();
  const email = form.email.trim();
  const phone = form.phone.trim();
  return {
    name: form.name.trim(),
    ...(company ? { company } : {}),
    ...(email ? { email } : {}),
    ...(phone ? { phone } : {}),
    consent: true,
  };
}
