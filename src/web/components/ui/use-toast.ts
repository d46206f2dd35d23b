import { useEffect, useState, type ReactNode } from 'react';
import { TOAST_LIMIT } from '#shared/limits.ts';

/*
 * shadcn-style toast store: a tiny reducer outside React so any module (mutations, guards)
 * can raise a toast. One visible toast, removed from the store 1,000,000 ms after
 * it is dismissed (Radix has already animated it out by then).
 */
const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastData {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  variant?: ToastVariant;
  duration?: number;
  open: boolean;
}

export type ToastInput = Omit<ToastData, 'id' | 'open'>;

type Action =
  | { type: 'ADD'; toast: ToastData }
  | { type: 'UPDATE'; toast: Partial<ToastData> & { id: string } }
  | { type: 'DISMISS'; id?: string }
  | { type: 'REMOVE'; id?: string };

interface State {
  toasts: ToastData[];
}

let counter = 0;
function nextId(): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return String(counter);
}

const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return;
  const timer = setTimeout(() => {
    removeTimers.delete(id);
    dispatch({ type: 'REMOVE', id });
  }, TOAST_REMOVE_DELAY_MS);
  removeTimers.set(id, timer);
}

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'ADD':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE':
      return {
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case 'DISMISS': {
      const { id } = action;
      for (const t of state.toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
      return {
        toasts: state.toasts.map((t) =>
          id === undefined || t.id === id ? { ...t, open: false } : t,
        ),
      };
    }
    case 'REMOVE':
      return {
        toasts: action.id === undefined ? [] : state.toasts.filter((t) => t.id !== action.id),
      };
  }
}

const listeners = new Set<(state: State) => void>();
let memoryState: State = { toasts: [] };

function dispatch(action: Action): void {
  memoryState = reducer(memoryState, action);
  for (const listener of listeners) listener(memoryState);
}

/** Shows a toast; returns handles to update or dismiss it. */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  const id = nextId();
  dispatch({ type: 'ADD', toast: { ...input, id, open: true } });
  return { id, dismiss: () => dispatch({ type: 'DISMISS', id }) };
}

export function dismissToast(id?: string): void {
  dispatch({ type: 'DISMISS', id });
}

/** Internal to the Toaster: closing a toast from Radix (timer, swipe, close button). */
export function setToastOpen(id: string, open: boolean): void {
  if (open) dispatch({ type: 'UPDATE', toast: { id, open } });
  else dispatch({ type: 'DISMISS', id });
}

/** Test helper: forget every toast and pending timer. */
export function resetToasts(): void {
  for (const timer of removeTimers.values()) clearTimeout(timer);
  removeTimers.clear();
  dispatch({ type: 'REMOVE' });
}

export function useToast(): State & { toast: typeof toast; dismiss: typeof dismissToast } {
  const [state, setState] = useState(memoryState);
  useEffect(() => {
    listeners.add(setState);
    setState(memoryState);
    return () => {
      listeners.delete(setState);
    };
  }, []);
  return { ...state, toast, dismiss: dismissToast };
}
