import { useCallback, useRef, useState, type PointerEvent } from 'react';

/*
 * Pinch, double-tap and drag on the viewer's stage, with pointer events (touch, pen and mouse
 * alike). At scale 1 a horizontal drag is a swipe to the next or previous slide; zoomed in, a
 * drag moves the picture. The picture is drawn with translate(x, y) scale(s) about its centre,
 * so (x, y) is the offset of its centre from the stage's.
 */

export const MAX_SCALE = 4;
export const DOUBLE_TAP_SCALE = 2.5;
const DOUBLE_TAP_MS = 300;
const TAP_SLOP_PX = 10;
const SWIPE_PX = 50;

export interface View {
  scale: number;
  x: number;
  y: number;
}
export const NO_ZOOM: View = { scale: 1, x: 0, y: 0 };

interface Point {
  x: number;
  y: number;
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const middle = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/** Keeps the zoomed picture over the stage: it may not be dragged out of sight. */
function clampView(view: View, box: { width: number; height: number }): View {
  const scale = Math.min(MAX_SCALE, Math.max(1, view.scale));
  const limitX = ((scale - 1) * box.width) / 2;
  const limitY = ((scale - 1) * box.height) / 2;
  return {
    scale,
    x: Math.min(limitX, Math.max(-limitX, view.x)),
    y: Math.min(limitY, Math.max(-limitY, view.y)),
  };
}

/**
 * The view after scaling `from` to `scale` so that the content under `anchor` (relative to the
 * stage's centre) stays under `target`.
 */
export function zoomAbout(from: View, scale: number, anchor: Point, target = anchor): View {
  const contentX = (anchor.x - from.x) / from.scale;
  const contentY = (anchor.y - from.y) / from.scale;
  return { scale, x: target.x - contentX * scale, y: target.y - contentY * scale };
}

export function useZoomPan({ onSwipe }: { onSwipe: (step: 1 | -1) => void }) {
  const [view, setView] = useState<View>(NO_ZOOM);
  /** A finger is down: the picture follows it without the easing transition. */
  const [dragging, setDragging] = useState(false);
  const stage = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<{ view: View; start: Point; distance: number; time: number } | null>(null);
  const lastTap = useRef<{ time: number; at: Point } | null>(null);
  const viewRef = useRef(view);
  viewRef.current = view;

  const box = () => {
    const rect = stage.current?.getBoundingClientRect();
    return {
      width: rect?.width ?? 0,
      height: rect?.height ?? 0,
      left: rect?.left ?? 0,
      top: rect?.top ?? 0,
    };
  };
  /** A client point relative to the stage's centre. */
  const local = (point: Point): Point => {
    const { width, height, left, top } = box();
    return { x: point.x - left - width / 2, y: point.y - top - height / 2 };
  };
  const apply = useCallback((next: View) => setView(clampView(next, box())), []);

  /** Zooms to `scale` about a point relative to the stage's centre (default: the centre). */
  const zoomTo = useCallback(
    (scale: number, at: Point = { x: 0, y: 0 }) =>
      apply(zoomAbout(viewRef.current, Math.min(MAX_SCALE, Math.max(1, scale)), at)),
    [apply],
  );
  const zoomBy = useCallback((factor: number) => zoomTo(viewRef.current.scale * factor), [zoomTo]);
  const reset = useCallback(() => setView(NO_ZOOM), []);

  /** Starts a one- or two-finger gesture from the fingers down now. */
  const begin = () => {
    const [a, b] = [...pointers.current.values()];
    if (!a) return;
    gesture.current = {
      view: viewRef.current,
      start: b ? middle(a, b) : a,
      distance: b ? distance(a, b) : 0,
      time: Date.now(),
    };
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    setDragging(true);
    begin();
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (!pointers.current.has(event.pointerId) || !gesture.current) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const [a, b] = [...pointers.current.values()];
    const start = gesture.current;
    if (a && b) {
      // Pinch: the content under the fingers' first middle follows their middle.
      const scale = (start.view.scale * distance(a, b)) / Math.max(1, start.distance);
      apply(
        zoomAbout(
          start.view,
          Math.min(MAX_SCALE, Math.max(1, scale)),
          local(start.start),
          local(middle(a, b)),
        ),
      );
    } else if (a) {
      const dx = a.x - start.start.x;
      const dy = a.y - start.start.y;
      if (start.view.scale > 1)
        apply({ ...start.view, x: start.view.x + dx, y: start.view.y + dy });
      // At scale 1 the picture follows a sideways drag a little, as a hint of the swipe.
      else setView({ scale: 1, x: dx / 3, y: 0 });
    }
  };

  const onPointerEnd = (event: PointerEvent<HTMLElement>) => {
    if (!pointers.current.delete(event.pointerId)) return;
    const start = gesture.current;
    const end = { x: event.clientX, y: event.clientY };
    if (pointers.current.size > 0) {
      // One finger of a pinch lifted: the other one pans from here.
      begin();
      return;
    }
    setDragging(false);
    gesture.current = null;
    if (!start || event.type === 'pointercancel') {
      if (viewRef.current.scale === 1) reset();
      return;
    }
    const dx = end.x - start.start.x;
    const dy = end.y - start.start.y;
    const moved = Math.hypot(dx, dy) > TAP_SLOP_PX;
    if (start.view.scale === 1 && start.distance === 0) {
      setView(NO_ZOOM);
      if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(dy)) {
        onSwipe(dx < 0 ? 1 : -1);
        return;
      }
    }
    if (moved || start.distance > 0) return;
    // A tap: the second one close in time and place zooms in there, or back out.
    const now = Date.now();
    const previous = lastTap.current;
    if (previous && now - previous.time < DOUBLE_TAP_MS && distance(previous.at, end) < 40) {
      lastTap.current = null;
      if (viewRef.current.scale > 1) reset();
      else zoomTo(DOUBLE_TAP_SCALE, local(end));
    } else lastTap.current = { time: now, at: end };
  };

  return {
    view,
    dragging,
    stage,
    zoomTo,
    zoomBy,
    reset,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: onPointerEnd,
      onPointerCancel: onPointerEnd,
    },
  };
}
