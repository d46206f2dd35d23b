import {
  useCallback,
  useEffect,
  useState,
  type AnimationEvent,
  type CSSProperties,
  type ReactNode,
} from 'react';

/** Set once the intro has played in this browser: it never plays twice. */
export const INTRO_SEEN_KEY = 'docucard.introSeen';
/** The intro gives way after this long whatever happens (its animation lasts as long). */
export const INTRO_FALLBACK_MS = 1500;

export type IntroPhase = 'intro' | 'settled';

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

function markSeen() {
  try {
    localStorage.setItem(INTRO_SEEN_KEY, '1');
  } catch {
    // Without storage the intro may play again next visit; nothing else to do.
  }
}

function firstPhase(): IntroPhase {
  try {
    if (prefersReducedMotion()) return 'settled';
    return localStorage.getItem(INTRO_SEEN_KEY) ? 'settled' : 'intro';
  } catch {
    // No storage (private mode, blocked): skip the intro rather than replay it on every visit.
    return 'settled';
  }
}

/**
 * The intro's state: it plays once per browser, never for a signed-in owner, and ends when
 * its animation ends, after 1.5 s, or on any error; then the background dims and the scene
 * rests (it loops gently on a wide screen only: styles.css). The header (log in, register,
 * language) is usable throughout.
 */
export function useIntro({ signedIn }: { signedIn: boolean }) {
  const [phase, setPhase] = useState<IntroPhase>(firstPhase);
  const finish = useCallback(() => setPhase('settled'), []);
  useEffect(() => {
    if (signedIn) {
      markSeen();
      finish();
    }
  }, [signedIn, finish]);
  useEffect(() => {
    if (phase !== 'intro') return;
    markSeen();
    const timer = setTimeout(finish, INTRO_FALLBACK_MS);
    const onError = () => finish();
    window.addEventListener('error', onError);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('error', onError);
    };
  }, [phase, finish]);
  return { phase, finish };
}

const BUBBLES = [
  { x: 690, y: 120, w: 190, order: 0 },
  { x: 730, y: 190, w: 150, order: 1 },
  { x: 670, y: 260, w: 210, order: 2 },
];

/** The scene's drawing space; every layer shows all of it, cut to cover the hero. */
const VIEW_BOX = '0 0 960 540';

/** One layer of the scene: the whole drawing space, of which it draws a part. */
function Layer({ children }: { children: ReactNode }) {
  return (
    <svg
      focusable="false"
      className="absolute inset-0 h-full w-full"
      viewBox={VIEW_BOX}
      preserveAspectRatio="xMidYMid slice"
    >
      {children}
    </svg>
  );
}

/**
 * A part that moves: a layer of its own, so the browser's compositor moves it without a
 * repaint (a part inside one SVG repaints the hero on the main thread every frame). It turns
 * and scales about its own centre (`--cx`, `--cy` in the drawing's units: styles.css).
 */
function MovingPart({
  part,
  order,
  centre,
  last = false,
  children,
}: {
  part: 'card' | 'scan' | 'bubble';
  order: number;
  centre: readonly [number, number];
  last?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className="absolute inset-0"
      data-part={part}
      data-order={part === 'card' ? order + 1 : undefined}
      data-last={last ? 'true' : undefined}
      style={
        {
          '--order': order,
          '--cx': centre[0],
          '--cy': centre[1],
        } as CSSProperties
      }
    >
      <Layer>{children}</Layer>
    </div>
  );
}

/**
 * The landing background: business cards arrive, a QR code is scanned and chat bubbles pop
 * up. Pure SVG and CSS (styles.css, `.intro-scene`), made by us and fetched from nowhere.
 */
export function IntroScene({ phase, onEnd }: { phase: IntroPhase; onEnd: () => void }) {
  const handleEnd = (event: AnimationEvent<HTMLDivElement>) => {
    if ((event.target as Element).getAttribute('data-last') === 'true') onEnd();
  };
  return (
    <div
      aria-hidden="true"
      className="intro-scene absolute inset-0 overflow-hidden"
      data-phase={phase}
      data-testid="intro-scene"
      onAnimationEnd={handleEnd}
    >
      <Layer>
        <defs>
          <linearGradient id="intro-sky" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#0B1B46" />
            <stop offset="0.55" stopColor="#1E3A8A" />
            <stop offset="1" stopColor="#312E81" />
          </linearGradient>
          <pattern id="intro-dots" width="24" height="24" patternUnits="userSpaceOnUse">
            <circle cx="2" cy="2" r="1.2" fill="#93C5FD" opacity="0.25" />
          </pattern>
          <linearGradient id="intro-beam" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#22D3EE" stopOpacity="0" />
            <stop offset="1" stopColor="#22D3EE" stopOpacity="0.9" />
          </linearGradient>
        </defs>
        <rect width="960" height="540" fill="url(#intro-sky)" />
        <rect width="960" height="540" fill="url(#intro-dots)" />
      </Layer>

      {/* Three cards, fanned out */}
      <MovingPart part="card" order={0} centre={[195, 375]}>
        <rect x="70" y="300" width="250" height="150" rx="14" fill="#FFFFFF" opacity="0.95" />
        <rect x="70" y="300" width="10" height="150" rx="4" fill="#3B82F6" />
        <rect x="100" y="330" width="120" height="14" rx="7" fill="#1E293B" />
        <rect x="100" y="356" width="80" height="9" rx="4.5" fill="#94A3B8" />
        <rect x="100" y="395" width="150" height="8" rx="4" fill="#CBD5E1" />
        <rect x="100" y="412" width="110" height="8" rx="4" fill="#CBD5E1" />
      </MovingPart>
      <MovingPart part="card" order={1} centre={[335, 185]}>
        <rect x="210" y="110" width="250" height="150" rx="14" fill="#B91C1C" />
        <rect x="222" y="122" width="226" height="126" rx="8" fill="none" stroke="#D4AF37" />
        <rect x="245" y="150" width="110" height="14" rx="7" fill="#D4AF37" />
        <rect x="245" y="176" width="70" height="9" rx="4.5" fill="#FDE68A" opacity="0.8" />
        <rect x="245" y="215" width="140" height="8" rx="4" fill="#FDE68A" opacity="0.6" />
      </MovingPart>
      <MovingPart part="card" order={2} centre={[525, 345]}>
        <rect x="400" y="270" width="250" height="150" rx="14" fill="#0F172A" />
        <path
          d="M400 310h250M400 350h250M400 390h250M450 270v150M500 270v150M550 270v150M600 270v150"
          stroke="#22D3EE"
          strokeOpacity="0.2"
        />
        <rect x="425" y="300" width="120" height="14" rx="7" fill="#22D3EE" />
        <rect x="425" y="326" width="80" height="9" rx="4.5" fill="#67E8F9" opacity="0.7" />
        <rect x="560" y="335" width="64" height="64" rx="6" fill="#FFFFFF" />
        <path
          d="M566 341h18v18h-18zM600 341h18v18h-18zM566 375h18v18h-18zM592 367h8v8h-8zM604 381h10v10h-10z"
          fill="#0F172A"
        />
      </MovingPart>

      {/* The phone that scans, with its beam */}
      <Layer>
        <rect x="700" y="300" width="130" height="220" rx="22" fill="#020617" opacity="0.9" />
        <rect x="708" y="316" width="114" height="188" rx="12" fill="#1E293B" />
      </Layer>
      <MovingPart part="scan" order={0} centre={[765, 335]}>
        <rect x="712" y="322" width="106" height="26" fill="url(#intro-beam)" />
      </MovingPart>

      {/* Chat bubbles: the visitor's question and the answers */}
      {BUBBLES.map((bubble) => (
        <MovingPart
          key={bubble.order}
          part="bubble"
          order={bubble.order}
          centre={[bubble.x + bubble.w / 2, bubble.y + 23]}
          last={bubble.order === BUBBLES.length - 1}
        >
          <rect
            x={bubble.x}
            y={bubble.y}
            width={bubble.w}
            height="46"
            rx="18"
            fill={bubble.order === 1 ? '#3B82F6' : '#FFFFFF'}
            opacity="0.92"
          />
          <rect
            x={bubble.x + 18}
            y={bubble.y + 19}
            width={bubble.w - 60}
            height="8"
            rx="4"
            fill={bubble.order === 1 ? '#DBEAFE' : '#94A3B8'}
          />
        </MovingPart>
      ))}
    </div>
  );
}
