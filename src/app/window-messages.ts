import { useEffect, useRef } from 'react';

export interface WindowMessage {
  origin: string;
  data: unknown;
  /** The window that sent it (a frame's `contentWindow`), if any. */
  source: MessageEventSource | null;
}

/** Every `message` event of the window, as it arrives: whoever sent it, whatever it holds (the receiver decides). */
export function useWindowMessages(onMessage: (message: WindowMessage) => void) {
  const handler = useRef(onMessage);
  handler.current = onMessage;
  useEffect(() => {
    const listener = (event: MessageEvent) => handler.current({ origin: event.origin, data: event.data as unknown, source: event.source });
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, []);
}
