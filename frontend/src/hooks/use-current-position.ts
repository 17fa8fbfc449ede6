import { useCallback, useRef, useState } from 'react';

export interface Position {
  lat: number;
  lng: number;
}
export type PositionProblem = 'denied' | 'unavailable';

interface Handlers {
  onFound?: (position: Position) => void;
  onProblem?: (problem: PositionProblem) => void;
}

/** The device's position on request (the browser asks the person first); null until known. */
export function useCurrentPosition(handlers: Handlers = {}) {
  const [position, setPosition] = useState<Position | null>(null);
  const [problem, setProblem] = useState<PositionProblem | null>(null);
  const [locating, setLocating] = useState(false);
  const latest = useRef(handlers);
  latest.current = handlers;
  const fail = useCallback((why: PositionProblem) => {
    setLocating(false);
    setProblem(why);
    latest.current.onProblem?.(why);
  }, []);
  const locate = useCallback(() => {
    if (!('geolocation' in navigator)) return fail('unavailable');
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        const found = { lat: pos.coords.latitude, lng: pos.coords.longitude };
        setLocating(false);
        setProblem(null);
        setPosition(found);
        latest.current.onFound?.(found);
      },
      (err) => fail(err.code === err.PERMISSION_DENIED ? 'denied' : 'unavailable'),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 },
    );
  }, [fail]);
  return { position, problem, locating, locate };
}
