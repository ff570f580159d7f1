import { useEffect, useRef, useState } from 'react';

/** A ref for a box and whether its content is wider than it, measured again as the box resizes. */
export function useScrollsSideways<Box extends HTMLElement>() {
  const ref = useRef<Box>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (box === null) return;
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return { ref, scrolls };
}
