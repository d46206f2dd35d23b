import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Language } from '#shared/limits.ts';
import { ONBOARDING_STEPS, type OnboardingStepId, type TOnboarding } from '#shared/onboarding.ts';
import type { AppContext } from '#server/context.ts';
import {
  businessCards,
  documents,
  redListKeywords,
  users,
  visitorSessions,
  type User,
} from '#server/db/schema.ts';
import { translate } from '#server/lib/i18n.ts';

const filled = (value: string | null) => Boolean(value?.trim());

/** What the user has really done, read from their own data. */
async function progressFacts(ctx: AppContext, user: User) {
  const db = ctx.db;
  const owned = eq(businessCards.userId, user.id);
  const [[draft], [finished], [document], [redList], [cardLogo], [visitor]] = await Promise.all([
    db
      .select({ id: businessCards.id })
      .from(businessCards)
      .where(and(owned, isNull(businessCards.finalizedAt)))
      .orderBy(desc(businessCards.createdAt), desc(businessCards.id))
      .limit(1),
    db
      .select({ id: businessCards.id })
      .from(businessCards)
      .where(and(owned, isNotNull(businessCards.finalizedAt)))
      .orderBy(desc(businessCards.finalizedAt), desc(businessCards.id))
      .limit(1),
    db.select({ id: documents.id }).from(documents).where(eq(documents.userId, user.id)).limit(1),
    db
      .select({ id: redListKeywords.id })
      .from(redListKeywords)
      .innerJoin(businessCards, eq(businessCards.id, redListKeywords.businessCardId))
      .where(owned)
      .limit(1),
    db
      .select({ id: businessCards.id })
      .from(businessCards)
      .where(and(owned, sql`coalesce(trim(${businessCards.logoUrl}), '') <> ''`))
      .limit(1),
    db
      .select({ id: visitorSessions.id })
      .from(visitorSessions)
      .innerJoin(businessCards, eq(businessCards.id, visitorSessions.businessCardId))
      .where(owned)
      .limit(1),
  ]);
  return {
    draftId: draft?.id,
    finishedId: finished?.id,
    // The account's organisation (profile) or the company name (the wizard's details), and a phone.
    profile: (filled(user.organization) || filled(user.companyName)) && filled(user.phone),
    document: Boolean(document),
    card: Boolean(finished),
    branding:
      Boolean(redList) || Boolean(cardLogo) || filled(user.logoUrl) || filled(user.companyLogo),
    visitor: Boolean(visitor),
  };
}

type Facts = Awaited<ReturnType<typeof progressFacts>>;

/** Where each step is done, pointing at the user's own cards. */
function hrefFor(step: OnboardingStepId, facts: Facts): string {
  const wizard = facts.draftId ? `/document-upload/${facts.draftId}` : '/user-details';
  switch (step) {
    case 'profile':
      // The account's profile tab: organisation and phone (not the new-card wizard).
      return '/user-management';
    case 'document':
      return wizard;
    case 'card':
      return facts.finishedId && !facts.draftId ? `/result/${facts.finishedId}` : wizard;
    case 'branding':
      return facts.finishedId || facts.draftId ? '/red-list-management' : '/logo-upload';
    case 'visitor':
      return facts.finishedId ? `/result/${facts.finishedId}` : '/my-cards';
  }
}

/** The five steps with their real state, progress, points and minutes left. */
export async function onboardingFor(
  ctx: AppContext,
  user: User,
  language: Language,
): Promise<TOnboarding> {
  const facts = await progressFacts(ctx, user);
  const steps = ONBOARDING_STEPS.map((step) => {
    const titleKey = `onboarding.steps.${step.id}.title`;
    const descriptionKey = `onboarding.steps.${step.id}.description`;
    return {
      id: step.id,
      title: translate(language, titleKey),
      description: translate(language, descriptionKey),
      titleKey,
      descriptionKey,
      completed: facts[step.id],
      href: hrefFor(step.id, facts),
      points: step.points,
      estimatedTime: step.minutes,
    };
  });
  const done = steps.filter((step) => step.completed);
  const sum = (list: typeof steps, pick: (step: (typeof steps)[number]) => number) =>
    list.reduce((total, step) => total + pick(step), 0);
  return {
    steps,
    completedCount: done.length,
    totalSteps: steps.length,
    progress: Math.round((done.length / steps.length) * 100),
    pointsEarned: sum(done, (step) => step.points),
    pointsTotal: sum(steps, (step) => step.points),
    minutesLeft: sum(
      steps.filter((step) => !step.completed),
      (step) => step.estimatedTime,
    ),
    minutesTotal: sum(steps, (step) => step.estimatedTime),
    welcomeSeen: user.onboardingSeenAt !== null,
  };
}

/** Remembers on the account that the welcome was answered (shown once, on any device). */
export async function markWelcomeSeen(ctx: AppContext, user: User): Promise<void> {
  await ctx.db
    .update(users)
    .set({ onboardingSeenAt: ctx.now() })
    .where(and(eq(users.id, user.id), isNull(users.onboardingSeenAt)));
}
