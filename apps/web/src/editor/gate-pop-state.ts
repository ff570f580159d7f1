type PopStateGate = (event: PopStateEvent) => void;

let gate: PopStateGate | undefined;

// Listens from the app's first load, before the router does, so a gate sees Back/Forward first.
if (typeof window !== 'undefined') {
  window.addEventListener('popstate', (event) => gate?.(event));
}

/**
 * Lets `handler` see each Back/Forward before the router (and stop it with
 * `stopImmediatePropagation`); returns the function that removes it.
 */
export function gatePopState(handler: PopStateGate): () => void {
  gate = handler;
  return () => {
    if (gate === handler) gate = undefined;
  };
}
