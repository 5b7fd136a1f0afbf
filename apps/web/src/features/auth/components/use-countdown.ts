import { useEffect, useState } from 'react';

function secondsUntil(until: number): number {
  return Math.max(0, Math.ceil((until - Date.now()) / 1000));
}

/** Whole seconds left until `until` (ms since epoch), ticking every second; 0 once passed. */
export function useCountdown(until: number): number {
  const [left, setLeft] = useState(() => secondsUntil(until));
  useEffect(() => {
    setLeft(secondsUntil(until));
    const timer = window.setInterval(() => setLeft(secondsUntil(until)), 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return left;
}
