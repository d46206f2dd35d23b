export const ONBOARDING_KEY = ['/api/onboarding'] as const;
