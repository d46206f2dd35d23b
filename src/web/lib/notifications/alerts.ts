/*
 * What a new notification does besides joining the list: an 800 Hz tone for
 * 0.5 s and, once the owner allowed it, a desktop notification. Every failure is only logged.
 */

export const TONE_HZ = 800;
export const TONE_SECONDS = 0.5;

type AudioContextConstructor = typeof AudioContext;

let audioContext: AudioContext | null = null;

function audioContextClass(): AudioContextConstructor | null {
  if (typeof window === 'undefined') return null;
  const w = window as typeof window & { webkitAudioContext?: AudioContextConstructor };
  return w.AudioContext ?? w.webkitAudioContext ?? null;
}

/**
 * Browsers only let a page make sound after a user gesture: call this from one (opening the
 * panel, any click) so later tones can play.
 */
export function unlockAudio(): void {
  try {
    const Context = audioContextClass();
    if (!Context) return;
    audioContext ??= new Context();
    if (audioContext.state === 'suspended') {
      audioContext.resume().catch((error: unknown) => {
        console.info('[DocuCard] audio could not be resumed', error);
      });
    }
  } catch (error) {
    console.info('[DocuCard] audio is not available', error);
  }
}

/** The notification tone. Never throws. */
export function playNotificationTone(): void {
  try {
    const Context = audioContextClass();
    if (!Context) {
      console.info('[DocuCard] no Web Audio: the notification tone is skipped');
      return;
    }
    audioContext ??= new Context();
    const context = audioContext;
    if (context.state === 'suspended') {
      // Without an earlier gesture this stays suspended; the tone is then silently skipped.
      context.resume().catch((error: unknown) => {
        console.info('[DocuCard] the notification tone could not play', error);
      });
    }
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    const start = context.currentTime;
    oscillator.type = 'sine';
    oscillator.frequency.setValueAtTime(TONE_HZ, start);
    // A short fade in and out avoids clicks.
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.2, start + 0.02);
    gain.gain.setValueAtTime(0.2, start + TONE_SECONDS - 0.05);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + TONE_SECONDS);
    oscillator.connect(gain);
    gain.connect(context.destination);
    oscillator.start(start);
    oscillator.stop(start + TONE_SECONDS);
  } catch (error) {
    console.info('[DocuCard] the notification tone could not play', error);
  }
}

export type DesktopPermission = NotificationPermission | 'unsupported';

export function desktopPermission(): DesktopPermission {
  if (typeof window === 'undefined' || !('Notification' in window)) return 'unsupported';
  return Notification.permission;
}

/** Asks once while undecided; call it from a user gesture. */
export function requestDesktopPermission(): void {
  if (desktopPermission() !== 'default') return;
  try {
    Notification.requestPermission().catch((error: unknown) => {
      console.info('[DocuCard] desktop notifications could not be requested', error);
    });
  } catch (error) {
    console.info('[DocuCard] desktop notifications could not be requested', error);
  }
}

/** A desktop notification, when allowed. Never throws (some phones forbid the constructor). */
export function showDesktopNotification(title: string, body: string, tag: string): void {
  if (desktopPermission() !== 'granted') return;
  try {
    const note = new Notification(title, { body, tag, icon: '/favicon.svg' });
    note.onclick = () => {
      window.focus();
      note.close();
    };
  } catch (error) {
    console.info('[DocuCard] the desktop notification could not be shown', error);
  }
}
