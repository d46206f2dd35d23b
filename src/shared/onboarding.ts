import { z } from 'zod';

/* The onboarding guide: five steps, their points and minutes. */

export const ONBOARDING_STEPS = [
  { id: 'profile', points: 100, minutes: 3 },
  { id: 'document', points: 200, minutes: 5 },
  { id: 'card', points: 150, minutes: 2 },
  { id: 'branding', points: 100, minutes: 5 },
  { id: 'visitor', points: 150, minutes: 3 },
] as const;
export type OnboardingStepId = (typeof ONBOARDING_STEPS)[number]['id'];

export const ZOnboardingStep = z.object({
  id: z.enum(ONBOARDING_STEPS.map((step) => step.id) as [OnboardingStepId, ...OnboardingStepId[]]),
  /** In the request's language; the interface translates by id (same locale keys). */
  title: z.string(),
  description: z.string(),
  titleKey: z.string(),
  descriptionKey: z.string(),
  completed: z.boolean(),
  /** Where the step is done, with the user's own card ids. */
  href: z.string(),
  points: z.number().int(),
  /** Minutes. */
  estimatedTime: z.number().int(),
});
export type TOnboardingStep = z.infer<typeof ZOnboardingStep>;

export const ZOnboarding = z.object({
  steps: z.array(ZOnboardingStep),
  completedCount: z.number().int(),
  totalSteps: z.number().int(),
  /** Completed share of the steps, 0-100. */
  progress: z.number().int(),
  pointsEarned: z.number().int(),
  pointsTotal: z.number().int(),
  minutesLeft: z.number().int(),
  minutesTotal: z.number().int(),
  /** The welcome modal was answered (start guide or later) on some device. */
  welcomeSeen: z.boolean(),
});
export type TOnboarding = z.infer<typeof ZOnboarding>;

export const ZWelcomeSeen = z.object({ welcomeSeen: z.literal(true) });
