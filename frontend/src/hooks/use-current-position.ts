import { useCallback, useState } from 'react';

export interface Position {
  lat: number;
  lng: number;
}
export type PositionProblem = 'denied' | 'unavailable' | null;

/** The device's position on request (the browser asks the person first); null until known. */
export function useCurrentPosition() {
  const [position, setPosition] = useState<Position | null>(null);
  const [problem, setProblem] = useState<PositionProblem>(null);
  const [locating, setLocating] = useState(false);
  const locate = useCallback(() => {
    if (!('geolocation' in navigator)) return setProblem('unavailable');
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        setProblem(null);
        setPosition({ lat: pos.coords.latitude, lng: pos.coords.longitude });
      },
      (err) => {
        setLocating(false);
        setProblem(err.code === err.PERMISSION_DENIED ? 'denied' : 'unavailable');
      },
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 },
    );
  }, []);
  return { position, problem, locating, locate };
}
