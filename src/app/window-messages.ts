import { useEffect, useRef } from 'react';

export interface WindowMessage {
  origin: string;
  data: unknown;
}

/** Every `message` event of the window, as it arrives: whoever sent it, whatever it holds (the receiver decides). */
export function useWindowMessages(onMessage: (message: WindowMessage) => void) {
  const handler = useRef(onMessage);
  handler.current = onMessage;
  useEffect(() => {
    const listener = (event: MessageEvent) => handler.current({ origin: event.origin, data: event.data as unknown });
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, []);
}
