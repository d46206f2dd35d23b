/** The page-load time is measured and logged (info level, never an error). */
export function logPageLoadTime(): void {
  const report = () => {
    const [navigation] = performance.getEntriesByType(
      'navigation',
    ) as PerformanceNavigationTiming[];
    const ms =
      navigation && navigation.loadEventEnd > 0
        ? navigation.loadEventEnd - navigation.startTime
        : performance.now();
    console.info(`[DocuCard] page loaded in ${Math.round(ms)} ms`);
  };
  // loadEventEnd is only set after the load handlers have run.
  const afterLoad = () => setTimeout(report, 0);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}
